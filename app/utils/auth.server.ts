import { Authenticator } from 'remix-auth';
import { FormStrategy } from 'remix-auth-form';
import type { UserRow } from '../../db/schema';
import { lookupSession, endSession, startSession } from '../models/session.server';
import { getUserById, verifyCredentials } from '../models/user.server';
import { hasAtLeast } from '../models/roles';
import { errorResponse } from './api.server';
import { env } from './env.server';
import { AppError } from './errors';
import { assertNotLimited, consume, reset } from './rate-limit.server';
import { assertSameOrigin, clientAddress } from './security.server';
import { authSessionStorage, getAuthSession } from './session.server';
import { redirectWithToast, safeRedirect } from './toast.server';

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

type SessionState = { user: UserRow | null; ended: 'replaced' | 'expired' | null };

export async function readSessionUser(request: Request): Promise<SessionState> {
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

async function clearedSessionCookie(request: Request): Promise<string> {
  const session = await getAuthSession(request);
  session.unset('sessionId');
  return authSessionStorage.commitSession(session);
}

const pathOf = (request: Request) => {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
};

/** Page guard: writes must come from this site; visitors go to /auth and come back after login. */
export async function requireUser(request: Request, redirectTo = pathOf(request)): Promise<UserRow> {
  guardOrigin(request);
  const { user, ended } = await readSessionUser(request);
  if (user) return user;
  const target = `/auth?${new URLSearchParams({ redirectTo })}`;
  if (ended) {
    throw await redirectWithToast(
      target,
      { title: 'Sessão expirada', description: SESSION_MESSAGES[ended], type: 'error' },
      { headers: { 'Set-Cookie': await clearedSessionCookie(request) } },
    );
  }
  throw safeRedirect(target);
}

export async function requireAdmin(request: Request): Promise<UserRow> {
  const user = await requireUser(request);
  if (user.role !== 'admin') throw safeRedirect('/dashboard');
  return user;
}

export async function requireMaster(request: Request): Promise<UserRow> {
  const user = await requireUser(request);
  if (!hasAtLeast(user.role, 'E-MASTER')) {
    throw await redirectWithToast('/dashboard', {
      title: 'Acesso Restrito',
      description:
        'Esta funcionalidade está disponível apenas para usuários E-MASTER. Faça upgrade da sua conta para acessar os cursos.',
      type: 'error',
    });
  }
  return user;
}

/** /auth and friends: logged-in users go to the dashboard. */
export async function requireAnonymous(request: Request): Promise<void> {
  guardOrigin(request);
  if (await getOptionalUser(request)) throw safeRedirect('/dashboard');
}

function guardOrigin(request: Request) {
  try {
    assertSameOrigin(request);
  } catch (error) {
    if (error instanceof AppError) throw errorResponse(error.status, error.message);
    throw error;
  }
}

/** API guard: 401 as JSON, with sessionExpired when a session was ended or timed out. */
export async function requireApiUser(request: Request): Promise<UserRow> {
  guardOrigin(request);
  const { user, ended } = await readSessionUser(request);
  if (user) return user;
  if (ended) {
    throw errorResponse(
      401,
      SESSION_MESSAGES[ended],
      { sessionExpired: true },
      { headers: { 'Set-Cookie': await clearedSessionCookie(request) } },
    );
  }
  throw errorResponse(401, SESSION_MESSAGES.unauthenticated);
}

export async function requireApiAdmin(request: Request): Promise<UserRow> {
  const user = await requireApiUser(request);
  if (user.role !== 'admin') throw errorResponse(403, SESSION_MESSAGES.forbidden);
  return user;
}
