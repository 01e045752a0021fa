import { db } from '../../../db/client';
import type { UserRow } from '../../../db/schema';
import { lookupSessionUser as lookupSessionRow, endSession, startSession } from './session.server';
import { deviceCookieHeader, deviceIdFor, recordSignIn } from './sign-ins.server';
import { consume, giveBack, reset, type LimiterName } from './rate-limit-store.server';
import { verifyCredentials } from './user.server';
import { withRoleInForce } from './effective-role.server';
import { getEnv } from '../../utils/env.server';
import { AppError } from '../../utils/errors';
import { foldKey } from '../../utils/fold';
import { noteRequestUser } from '../../utils/logger.server';
import type { AppLoadContext } from '../../utils/load-context';
import { clientAddress } from '../../utils/security.server';
import { authSessionStorage, getAuthSession } from '../../utils/session.server';

export const SESSION_MESSAGES = {
  replaced: 'Sua conta foi acessada em outro dispositivo. Por favor, faça login novamente.',
  expired: 'Sua sessão expirou. Por favor, faça login novamente.',
  unauthenticated: 'Não autenticado',
  forbidden: 'Acesso negado',
  badCredentials: 'E-mail ou senha incorretos.',
} as const;

/**
 * The client's address for rate limits and the session record: Fly-Client-IP on Fly, else the
 * CLIENT_IP_HEADER proxy header, else the socket address server.js puts in `context`.
 */
export const requestAddress = (request: Request, context: Pick<AppLoadContext, 'clientAddress'> | undefined): string =>
  clientAddress(request, {
    trustFlyClientIp: getEnv().trustFlyClientIp,
    clientIpHeader: getEnv().clientIpHeader,
    socketAddress: context?.clientAddress,
  });

/**
 * THE password check (login on the page and the API, the password that confirms 'Excluir conta'),
 * `address` being `requestAddress(...)`. Failures count per (account, address) pair with a small
 * limit, so a stranger elsewhere cannot lock the owner out; per account with a loose ceiling
 * (many addresses guessing one password); and per address (one client guessing many accounts).
 * Any of them spent answers 429. The attempt is counted before the password is checked, so
 * guesses sent at once run no more checks than guesses sent one by one; a right password gives
 * its points back.
 */
export async function authenticateWithPassword(address: string, email: string, password: string): Promise<UserRow> {
  const account = foldKey(email);
  const [pair, ...others]: Array<[LimiterName, string]> = [
    ['loginPair', `${account}|${address}`],
    ['loginAccount', account],
    ['loginAddress', address],
  ];
  await consume([pair, ...others]);
  const user = await verifyCredentials(email, password);
  if (!user) throw new AppError(401, SESSION_MESSAGES.badCredentials);
  // The owner got in from here: this pair starts over; the account ceiling keeps counting strangers.
  await reset([pair]);
  await giveBack(others);
  return user;
}

/**
 * Every sign-in ends here (the /auth form, both steps of `POST /api/login`, a registration):
 * starts a session for the user (ending their others) and, in the same transaction, records the
 * sign-in, mailing 'Novo acesso à sua conta' when this browser is new to the account (decision 068;
 * `firstSignIn` for a registration's own sign-in, which only makes the browser known). Returns the
 * cookies to set (the session's and the browser's id); `address` as from `requestAddress`.
 */
export async function loginCookies(
  request: Request,
  user: UserRow,
  address: string,
  { firstSignIn = false }: { firstSignIn?: boolean } = {},
): Promise<string[]> {
  const deviceId = await deviceIdFor(request);
  const userAgent = request.headers.get('User-Agent');
  const now = new Date();
  const sessionId = startSession(user.id, { userAgent, ipAddress: address }, now, (tx) =>
    recordSignIn(tx, { user, deviceId, userAgent, ipAddress: address, alert: !firstSignIn, now }),
  );
  const session = await getAuthSession(request);
  session.unset('recoveryToken');
  session.set('sessionId', sessionId);
  return [await authSessionStorage.commitSession(session), await deviceCookieHeader(deviceId)];
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
  const now = new Date();
  const found = lookupSessionRow(sessionId, now);
  if (found.status !== 'active') return { user: null, ended: found.status };
  const user = withRoleInForce(db, found.user, now);
  noteRequestUser(user.id);
  return { user, ended: null };
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
