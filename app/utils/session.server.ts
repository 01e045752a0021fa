import { createCookieSessionStorage } from '@remix-run/node';
import { env } from './env.server';
import { SESSION_TTL_MS } from '../models/session.server';

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
