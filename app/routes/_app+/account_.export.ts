import type { LoaderFunctionArgs } from '@remix-run/node';
import { exportPersonalData, personalDataFileName } from '~/models/privacy/personal-data.server';
import { requireUser } from '~/models/accounts/permissions.server';
import { getEnv } from '~/utils/env.server';
import { requireFreshDownload } from '~/plumbing/fresh-check.server';
import { applySecurityHeaders } from '~/utils/security.server';

/**
 * GET /account/export, 'Baixar meus dados' on 'Minha Conta': the signed-in user's own data as a
 * JSON download (a plain link, no JavaScript needed). Visitors go to /auth; there is no id to
 * pick, so nobody can ask for another account's data.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  await requireFreshDownload(request);
  const now = new Date();
  const headers = new Headers({
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Disposition': `attachment; filename="${personalDataFileName(user.id, now)}"`,
    'Cache-Control': 'private, no-store',
  });
  applySecurityHeaders(headers, getEnv().isProduction);
  return new Response(JSON.stringify(exportPersonalData(user.id, now), null, 2), { headers });
}
