import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireUser } from '~/models/accounts/permissions.server';
import { trainingRecordForDownload } from '~/models/assessments/training-record.server';
import { trainingRecordFileName, trainingRecordPdf } from '~/plumbing/training-record-pdf.server';
import { orDownloadRefusal } from '~/utils/download-refusal.server';
import { getEnv } from '~/utils/env.server';
import { applySecurityHeaders, siteUrl } from '~/utils/security.server';

/**
 * GET /account/formacao/pdf, 'Baixar histórico de formação' on 'Formação': the signed-in user's own training
 * record as one PDF (a plain link). There is no id to pick, so nobody can ask for another person's record;
 * visitors go to /auth. Rate-limited per account (the model).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const now = new Date();
  const items = await orDownloadRefusal(() => trainingRecordForDownload(user, now), {
    href: '/account/formacao',
    label: 'Voltar para Formação',
  });
  if (items instanceof Response) return items;
  const pdf = await trainingRecordPdf(
    { name: user.fullName ?? user.username, issuedAt: now, verifyBase: siteUrl('/certificados', 'absolute') },
    items,
  );
  const headers = new Headers({
    'Content-Type': 'application/pdf',
    'Content-Disposition': `attachment; filename="${trainingRecordFileName(now)}"`,
    'Cache-Control': 'private, no-store',
  });
  applySecurityHeaders(headers, getEnv().isProduction);
  return new Response(Buffer.from(pdf), { headers });
}
