import { Authenticator } from 'remix-auth';
import { FormStrategy } from 'remix-auth-form';
import type { UserRow } from '../../db/schema';
import { lookupSession, endSession, startSession } from './session.server';
import { getUserById, verifyCredentials } from './user.server';
import { env } from '../utils/env.server';
import { AppError } from '../utils/errors';
import { assertNotLimited, consume, reset } from '../utils/rate-limit.server';
import { clientAddress } from '../utils/security.server';
import { authSessionStorage, getAuthSession } from '../utils/session.server';

export const SESSION_MESSAGES = {
  replaced: 'Sua conta foi acessada em outro dispositivo. Por favor, faça login novamente.',
  expired: 'Sua sessão expirou. Por favor, faça login novamente.',
  unauthenticated: 'Não autenticado',
  forbidden: 'Acesso negado',
  badCredentials: 'E-mail ou senha incorretos.',
} as const;

export const requestAddress = (request: Request) => clientAddress(request, env.trustFlyClientIp);

/** Password check with per-account and per-address failure limits (429 once exceeded). */
export async function authenticateWithPassword(request: Request, email: string, password: string): Promise<UserRow> {
  const keys: Array<['loginAccount' | 'loginAddress', string]> = [
    ['loginAccount', email.trim().toLowerCase()],
    ['loginAddress', requestAddress(request)],
  ];
  await assertNotLimited(keys);
  const user = await verifyCredentials(email, password);
  if (!user) {
    await consume(keys);
    throw new AppError(401, SESSION_MESSAGES.badCredentials);
  }
  await reset([keys[0]]);
  return user;
}

export const authenticator = new Authenticator<UserRow>();
authenticator.use(
  new FormStrategy(async ({ form, request }) =>
    authenticateWithPassword(request, String(form.get('email') ?? ''), String(form.get('password') ?? '')),
  ),
  'password',
);

/** Starts a session for the user (ending their others) and returns the cookie to set. */
export async function loginCookie(request: Request, user: UserRow): Promise<string> {
  const sessionId = startSession(user.id, {
    userAgent: request.headers.get('User-Agent'),
    ipAddress: requestAddress(request),
  });
  const session = await getAuthSession(request);
  session.unset('recoveryToken');
  session.set('sessionId', sessionId);
  return authSessionStorage.commitSession(session);
}

export async function logoutCookie(request: Request): Promise<string> {
  const session = await getAuthSession(request);
  const sessionId = session.get('sessionId');
  if (sessionId) endSession(sessionId);
  return authSessionStorage.destroySession(session);
}

export type SessionState = { user: UserRow | null; ended: 'replaced' | 'expired' | null };

/**
 * The root, the layout and the page loaders of one request all ask who is signed in: the
 * answer is read once per Request (Remix hands every loader of a request the same object).
 */
const sessionStates = new WeakMap<Request, Promise<SessionState>>();

export function readSessionUser(request: Request): Promise<SessionState> {
  let state = sessionStates.get(request);
  if (!state) {
    state = lookupSessionUser(request);
    sessionStates.set(request, state);
  }
  return state;
}

async function lookupSessionUser(request: Request): Promise<SessionState> {
  const session = await getAuthSession(request);
  const sessionId = session.get('sessionId');
  if (!sessionId) return { user: null, ended: null };
  const found = lookupSession(sessionId);
  if (found.status !== 'active') return { user: null, ended: found.status };
  const user = getUserById(found.userId);
  return user ? { user, ended: null } : { user: null, ended: 'expired' };
}

export async function getOptionalUser(request: Request): Promise<UserRow | null> {
  return (await readSessionUser(request)).user;
}

/** The session cookie without its session id (after the session ended elsewhere). */
export async function clearedSessionCookie(request: Request): Promise<string> {
  const session = await getAuthSession(request);
  session.unset('sessionId');
  return authSessionStorage.commitSession(session);
}

