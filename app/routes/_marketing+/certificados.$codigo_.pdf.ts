import { type LoaderFunctionArgs } from '@remix-run/node';
import { requestAddress } from '~/models/accounts/auth.server';
import { CERTIFICATE_MESSAGES, verifyCertificate } from '~/models/courses/certificate.server';
import { certificateFileName, certificatePdf } from '~/plumbing/certificate-pdf.server';
import { downloadRefusal, orDownloadRefusal } from '~/utils/download-refusal.server';
import { siteUrl } from '~/utils/security.server';

const BACK = { href: '/', label: 'Ir para a página inicial' };

/**
 * GET /certificados/{codigo}/pdf: the certificate as a PDF (A4 landscape), public like its verification page
 * and limited the same way; only a valid certificate is printed (a replaced or revoked one: 404).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const certificate = await orDownloadRefusal(() => verifyCertificate(params.codigo ?? '', requestAddress(request, context)), BACK);
  if (certificate instanceof Response) return certificate;
  if (certificate.status !== 'valid') return downloadRefusal(404, CERTIFICATE_MESSAGES.notFound, BACK);
  const pdf = await certificatePdf(certificate, siteUrl(`/certificados/${certificate.code}`, 'absolute'));
  return new Response(Buffer.from(pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${certificateFileName(certificate.code)}"`,
      'Cache-Control': 'no-store',
    },
  });
}
