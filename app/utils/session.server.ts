import { createCookie, createCookieSessionStorage, createSession } from '@remix-run/node';
import { getEnv } from './env.server';
import { cookieValue } from './cookie-value';

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

type AuthSessionData = { sessionId?: string; recoveryToken?: string };

/** The session cookie's raw value as the browser sent it (the first one, as the cookie parser takes), or null. */
const sessionCookieValue = (header: string | null) => cookieValue(header, SESSION_COOKIE);

/**
 * What each session cookie value decodes to, so a tab's every request checks its HMAC once per
 * process (about 6 % of a small signed-in page's CPU). The value alone determines the result (the
 * secret is fixed for the process), so nothing can make an entry stale; at most 1,000 are kept,
 * the oldest dropped first. The activity and the end of the session are read from the database.
 */
const decodedSessionCookies = new Map<string, AuthSessionData>();
const DECODED_SESSION_COOKIES_KEPT = 1000;

export async function getAuthSession(request: Request) {
  const value = sessionCookieValue(request.headers.get('Cookie'));
  if (value === null) return authSessionStorage.getSession(null);
  let data = decodedSessionCookies.get(value);
  if (!data) {
    data = (await authSessionStorage.getSession(`${SESSION_COOKIE}=${value}`)).data as AuthSessionData;
    if (decodedSessionCookies.size >= DECODED_SESSION_COOKIES_KEPT)
      decodedSessionCookies.delete(decodedSessionCookies.keys().next().value!);
    decodedSessionCookies.set(value, data);
  }
  // A session of its own per request (it copies the data): a caller's set or unset stays in its request.
  return createSession<AuthSessionData>(data);
}

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
