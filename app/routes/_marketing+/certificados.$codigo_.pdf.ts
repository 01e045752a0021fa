import { type LoaderFunctionArgs } from '@remix-run/node';
import { requestAddress } from '~/models/accounts/auth.server';
import { CERTIFICATE_MESSAGES, verifyCertificate } from '~/models/courses/certificate.server';
import { certificateFileName, certificatePdf } from '~/plumbing/certificate-pdf.server';
import { downloadRefusal } from '~/utils/download-refusal.server';
import { isAppError } from '~/utils/errors';
import { siteUrl } from '~/utils/security.server';

const refusal = (status: number, message: string) => downloadRefusal(status, message, { href: '/', label: 'Ir para a página inicial' });

/**
 * GET /certificados/{codigo}/pdf: the certificate as a PDF (A4 landscape), public like its verification page
 * and limited the same way; only a valid certificate is printed (a replaced or revoked one: 404).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  let certificate;
  try {
    certificate = await verifyCertificate(params.codigo ?? '', requestAddress(request, context));
  } catch (error) {
    // The messages are the model's own fixed Portuguese texts, never user input.
    if (isAppError(error)) return refusal(error.status, error.message);
    throw error;
  }
  if (certificate.status !== 'valid') return refusal(404, CERTIFICATE_MESSAGES.notFound);
  const pdf = await certificatePdf(certificate, siteUrl(`/certificados/${certificate.code}`, 'absolute'));
  return new Response(Buffer.from(pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${certificateFileName(certificate.code)}"`,
      'Cache-Control': 'no-store',
    },
  });
}
