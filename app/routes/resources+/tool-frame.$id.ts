import type { LoaderFunctionArgs } from '@remix-run/node';
import { getToolFrameHtml } from '~/models/tools/tool.server';
import { idParam } from '~/utils/api.server';
import { getPermittedUser } from '~/models/accounts/permissions.server';
import { getEnv } from '~/utils/env.server';
import { isAppError } from '~/utils/errors';
import { applySecurityHeaders } from '~/utils/security.server';

/**
 * The CSP `sandbox` directive makes this document an opaque origin even when it is opened
 * directly (not only inside the sandboxed iframe): the admin's script can run but cannot read
 * the app's cookies or storage, and `connect-src 'none'` stops it from calling the API.
 */
export const TOOL_FRAME_CSP = [
  'sandbox allow-scripts allow-forms allow-popups',
  "default-src 'none'",
  "script-src 'unsafe-inline'",
  "style-src 'unsafe-inline'",
  'img-src data: https:',
  "connect-src 'none'",
  "form-action 'none'",
  "base-uri 'none'",
  "frame-ancestors 'self'",
].join('; ');

function frameResponse(body: string, status: number, contentType: string) {
  const headers = new Headers({
    'Content-Type': contentType,
    'Content-Security-Policy': TOOL_FRAME_CSP,
    'Cache-Control': 'private, no-store',
  });
  applySecurityHeaders(headers, getEnv().isProduction);
  return new Response(body, { status, headers });
}

/** GET /resources/tool-frame/{id}: a custom tool's HTML, for users who may use that tool. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await getPermittedUser(request);
  if (!user) return frameResponse('Não autenticado', 401, 'text/plain; charset=utf-8');
  try {
    const html = getToolFrameHtml(user, idParam(params.id, 'Ferramenta não encontrada'));
    return frameResponse(html, 200, 'text/html; charset=utf-8');
  } catch (error) {
    if (isAppError(error)) return frameResponse(error.message, error.status, 'text/plain; charset=utf-8');
    throw error;
  }
}
