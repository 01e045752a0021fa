import { createCookieSessionStorage } from '@remix-run/node';
import { env } from './env.server';

/** How long a session lives (the cookie and the active_sessions row alike). */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** The cookie holds only the session id (and a pending recovery token); active_sessions is the truth. */
export const authSessionStorage = createCookieSessionStorage<{ sessionId: string; recoveryToken: string }>({
  cookie: {
    name: 'en_session',
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: env.isProduction,
    secrets: [env.sessionSecret],
    maxAge: SESSION_TTL_MS / 1000,
  },
});

export const getAuthSession = (request: Request) => authSessionStorage.getSession(request.headers.get('Cookie'));
