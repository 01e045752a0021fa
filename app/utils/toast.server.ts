import { createCookieSessionStorage, redirect } from '@remix-run/node';
import { env } from './env.server';
import { applySecurityHeaders } from './security.server';

export type ToastType = 'success' | 'error' | 'info';
export type Toast = { title: string; description?: string; type?: ToastType };

const toastStorage = createCookieSessionStorage({
  cookie: {
    name: 'en_toast',
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: env.isProduction,
    secrets: [env.sessionSecret],
  },
});

const TOAST_KEY = 'toast';

export async function toastCookie(toast: Toast): Promise<string> {
  const session = await toastStorage.getSession();
  session.flash(TOAST_KEY, { type: 'info', ...toast });
  return toastStorage.commitSession(session);
}

/** Reads the flashed toast once; the returned header clears it. */
export async function readToast(request: Request): Promise<{ toast: Toast | null; setCookie: string | null }> {
  const session = await toastStorage.getSession(request.headers.get('Cookie'));
  const toast = (session.get(TOAST_KEY) as Toast | undefined) ?? null;
  return { toast, setCookie: toast ? await toastStorage.commitSession(session) : null };
}

export async function redirectWithToast(url: string, toast: Toast, init: ResponseInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.append('Set-Cookie', await toastCookie(toast));
  applySecurityHeaders(headers, env.isProduction);
  return redirect(url, { ...init, headers });
}

/** A redirect with the security headers (the page equivalent of `redirect`). */
export function safeRedirect(url: string, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  applySecurityHeaders(headers, env.isProduction);
  return redirect(url, { ...init, headers });
}

/** Only same-site paths may be a post-login destination. */
export function safeRedirectPath(to: FormDataEntryValue | string | null | undefined, fallback = '/dashboard'): string {
  if (!to || typeof to !== 'string') return fallback;
  if (!to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return fallback;
  return to;
}
