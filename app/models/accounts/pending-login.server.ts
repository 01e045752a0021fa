import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import { db } from '../../../db/client';
import { pendingLogins, type UserRow } from '../../../db/schema';
import { AppError } from '../../utils/errors';
import { PENDING_LOGIN_TTL_MS, pendingLoginCookie } from '../../utils/session.server';
import { getUserById } from './user.server';
import { verifySignInCode } from './two-factor.server';

/**
 * Between the password and the code of two-step sign-in. The password step alone never starts a
 * session: it stores a pending login (a row holding a token's digest, for PENDING_LOGIN_TTL_MS)
 * and hands the token in a signed cookie. The code step finds the row by that token, and the row
 * is deleted when the sign-in completes: a copied cookie is no use after its minutes or after
 * the sign-in it belonged to.
 */
export const PENDING_LOGIN_MESSAGES = {
  expired: 'Sua verificação expirou. Entre com e-mail e senha novamente.',
} as const;

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

/** Stores a pending login for the user and returns the Set-Cookie that carries it. */
export async function startPendingLogin(userId: number, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  db.transaction((tx) => {
    tx.delete(pendingLogins).where(lt(pendingLogins.expiresAt, now)).run();
    // One pending login per account: a new password step replaces an older one.
    tx.delete(pendingLogins).where(eq(pendingLogins.userId, userId)).run();
    tx.insert(pendingLogins)
      .values({ tokenHash: digest(token), userId, expiresAt: new Date(now.getTime() + PENDING_LOGIN_TTL_MS) })
      .run();
  });
  return pendingLoginCookie.serialize(token);
}

async function pendingToken(request: Request): Promise<string | null> {
  const value: unknown = await pendingLoginCookie.parse(request.headers.get('Cookie'));
  return typeof value === 'string' && value ? value : null;
}

/** The user a live pending login on this request belongs to, or null. */
export async function pendingLoginUser(request: Request, now = new Date()): Promise<UserRow | null> {
  const token = await pendingToken(request);
  if (!token) return null;
  const row = db
    .select()
    .from(pendingLogins)
    .where(and(eq(pendingLogins.tokenHash, digest(token)), gt(pendingLogins.expiresAt, now)))
    .get();
  return row ? (getUserById(row.userId) ?? null) : null;
}

/**
 * The code step: the request's pending login must be live, the code right (counted like a
 * password guess); the pending login is then used up. Returns the user to start a session for.
 */
export async function completePendingLogin(request: Request, code: string, address: string, now = new Date()): Promise<UserRow> {
  const token = await pendingToken(request);
  const user = await pendingLoginUser(request, now);
  if (!token || !user) throw new AppError(401, PENDING_LOGIN_MESSAGES.expired);
  await verifySignInCode(user, code, address, now);
  const used = db
    .delete(pendingLogins)
    .where(and(eq(pendingLogins.tokenHash, digest(token)), gt(pendingLogins.expiresAt, now)))
    .run().changes;
  if (used !== 1) throw new AppError(401, PENDING_LOGIN_MESSAGES.expired);
  return user;
}

/** The Set-Cookie that drops the pending-login cookie. */
export const clearPendingLoginCookie = () => pendingLoginCookie.serialize('', { maxAge: 0 });
