import { createCookie, createCookieSessionStorage } from '@remix-run/node';
import { getEnv } from './env.server';

/** How long a session lives (the cookie and the active_sessions row alike). */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

const SESSION_COOKIE = 'en_session';

/** The cookie holds only the session id (and a pending recovery token); active_sessions is the truth. */
export const authSessionStorage = createCookieSessionStorage<{ sessionId: string; recoveryToken: string }>({
  cookie: {
    name: SESSION_COOKIE,
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: getEnv().isProduction,
    secrets: [getEnv().sessionSecret],
    maxAge: SESSION_TTL_MS / 1000,
  },
});

export const getAuthSession = (request: Request) => authSessionStorage.getSession(request.headers.get('Cookie'));

/**
 * Whether the request carries the session cookie (live or not; checked without a database
 * read). Answers to such requests may be personal, so no cache may keep them.
 */
export function carriesSessionCookie(request: Pick<Request, 'headers'>): boolean {
  return (request.headers.get('Cookie') ?? '').split(';').some((pair) => pair.trim().startsWith(`${SESSION_COOKIE}=`));
}

/** `Cache-Control: private, no-store` on answers to a request with a session (documents and loader data). */
export function keepPrivate(request: Pick<Request, 'headers'>, headers: Headers): Headers {
  if (carriesSessionCookie(request)) headers.set('Cache-Control', 'private, no-store');
  return headers;
}

/** How long a password accepted for an account with two-step sign-in waits for its code. */
export const PENDING_LOGIN_TTL_MS = 5 * 60 * 1000;

/**
 * The pending-login cookie: a signed token that only the second step of sign-in reads (its row
 * in `pending_logins` is the truth, deleted when the sign-in completes).
 */
export const pendingLoginCookie = createCookie('en_pending_login', {
  path: '/',
  httpOnly: true,
  sameSite: 'lax',
  secure: getEnv().isProduction,
  secrets: [getEnv().sessionSecret],
  maxAge: PENDING_LOGIN_TTL_MS / 1000,
});
