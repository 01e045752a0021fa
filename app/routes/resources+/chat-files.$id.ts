import { createReadStream } from 'node:fs';
import { createReadableStreamFromReadable, type LoaderFunctionArgs } from '@remix-run/node';
import contentDisposition from 'content-disposition';
import { getPermittedUser } from '~/models/accounts/permissions.server';
import { openAttachment } from '~/models/chat/attachments.server';
import { ATTACHMENT_MESSAGES } from '~/schemas/chat-attachments';
import { idParam } from '~/utils/api.server';
import { getEnv } from '~/utils/env.server';
import { isAppError } from '~/utils/errors';
import { applySecurityHeaders } from '~/utils/security.server';

/**
 * Nothing in an attachment runs: no script, no style, no frame, a sandboxed opaque origin even
 * when opened on its own; an image opened directly is still drawn.
 */
export const ATTACHMENT_CSP = "default-src 'none'; img-src 'self'; sandbox; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

const withHeaders = (headers: Headers) => {
  headers.set('Content-Security-Policy', ATTACHMENT_CSP);
  headers.set('Cache-Control', 'private, no-store');
  return applySecurityHeaders(headers, getEnv().isProduction);
};

const notFound = () =>
  new Response(ATTACHMENT_MESSAGES.notFound, {
    status: 404,
    headers: withHeaders(new Headers({ 'Content-Type': 'text/plain; charset=utf-8' })),
  });

/**
 * GET /resources/chat-files/{id}: a support attachment, for the ticket's owner and admins only.
 * A visitor, another user, an unknown id and a missing file get the same 404 (never 403, never
 * the login page: the answer does not say whether the file exists). Images open in the browser,
 * PDFs download (a PDF viewer runs the file's own scripts).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  try {
    const file = await openAttachment(await getPermittedUser(request), idParam(params.id, ATTACHMENT_MESSAGES.notFound));
    const disposition = contentDisposition(file.name, { type: file.contentType === 'application/pdf' ? 'attachment' : 'inline' });
    const headers = withHeaders(
      new Headers({ 'Content-Type': file.contentType, 'Content-Length': String(file.size), 'Content-Disposition': disposition }),
    );
    if (request.method === 'HEAD') return new Response(null, { headers });
    return new Response(createReadableStreamFromReadable(createReadStream(file.path)), { headers });
  } catch (error) {
    if (isAppError(error) && error.status === 404) return notFound();
    throw error;
  }
}
