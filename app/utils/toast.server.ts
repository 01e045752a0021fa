import { createCookieSessionStorage, json, redirect } from '@remix-run/node';
import type { AppLoadContext } from './load-context';
import type { Toast } from './toast';
import { getEnv } from './env.server';
import { safePath } from './safe-path';
import { applySecurityHeaders } from './security.server';

export type { Toast, ToastType } from './toast';

const TOAST_COOKIE = 'en_toast';

const toastStorage = createCookieSessionStorage({
  cookie: {
    name: TOAST_COOKIE,
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: getEnv().isProduction,
    secrets: [getEnv().sessionSecret],
  },
});

const TOAST_KEY = 'toast';

export async function toastCookie(toast: Toast): Promise<string> {
  const session = await toastStorage.getSession();
  session.flash(TOAST_KEY, { type: 'info', ...toast });
  return toastStorage.commitSession(session);
}

/**
 * The toast to show on this render, read once: one an action of this same request left in
 * `context` (a page rendered straight after a form post), else the flashed cookie, which the
 * returned header clears.
 */
export async function readToast(request: Request, context?: AppLoadContext): Promise<{ toast: Toast | null; setCookie: string | null }> {
  const pending = context?.toast?.pending ?? null;
  if (pending) return { toast: pending, setCookie: null };
  const cookie = request.headers.get('Cookie');
  // Most requests carry no toast: skip parsing every cookie of the header for it.
  if (!cookie?.includes(`${TOAST_COOKIE}=`)) return { toast: null, setCookie: null };
  const session = await toastStorage.getSession(cookie);
  const toast = (session.get(TOAST_KEY) as Toast | undefined) ?? null;
  return { toast, setCookie: toast ? await toastStorage.commitSession(session) : null };
}

export async function redirectWithToast(url: string, toast: Toast, init: ResponseInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.append('Set-Cookie', await toastCookie(toast));
  applySecurityHeaders(headers, getEnv().isProduction);
  return redirect(url, { ...init, headers });
}

/** A browser navigation (a form posted without JavaScript) rather than a fetch from the hydrated app. */
const isDocumentRequest = (request: Request) => (request.headers.get('Sec-Fetch-Mode') ?? 'navigate') === 'navigate';

/**
 * Action data plus a toast, for answers that are not redirects (a form shown again with its
 * errors, or cleared with a message beside it). After a fetch the root revalidates in a new
 * request and reads the flashed cookie; after a plain form post the root loader of this same
 * request shows it from `context`, so both paths end in the root's one toast outlet.
 */
export async function jsonWithToast<Data>(
  args: { request: Request; context?: AppLoadContext },
  data: Data,
  toast: Toast,
  init: ResponseInit = {},
) {
  const headers = new Headers(init.headers);
  if (isDocumentRequest(args.request) && args.context?.toast) args.context.toast.pending = { type: 'info', ...toast };
  else headers.append('Set-Cookie', await toastCookie(toast));
  return json(data, { ...init, headers });
}

/** A redirect with the security headers (the page equivalent of `redirect`). */
export function safeRedirect(url: string, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  applySecurityHeaders(headers, getEnv().isProduction);
  return redirect(url, { ...init, headers });
}

/** Only same-site paths may be a post-login destination (the rule is `safePath`'s). */
export function safeRedirectPath(to: FormDataEntryValue | string | null | undefined, fallback = '/dashboard'): string {
  return safePath(to, fallback);
}
