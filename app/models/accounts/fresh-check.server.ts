import { and, eq } from 'drizzle-orm';
import { db } from '../../../db/client';
import { activeSessions, type UserRow } from '../../../db/schema';
import { errorResponse } from '../../utils/api.server';
import { AppError, isAppError } from '../../utils/errors';
import type { FreshCheckMethod } from '../../utils/fresh-check';
import { getAuthSession } from '../../utils/session.server';
import { authenticateWithPassword, SESSION_MESSAGES } from './auth.server';
import { hasTwoFactor } from './two-factor-state.server';
import { verifyAuthenticatorCode } from './two-factor.server';
import { getUserById } from './user.server';

/**
 * The fresh check ("sudo mode", decision 060): before a dangerous action (making someone an
 * admin, approving a refund, revoking a certificate, deleting a user, downloading an export) the
 * user must have proved it is them within the last 10 minutes: signing in counts, and so does a
 * current authenticator code (or the password, for a user without two-step sign-in). The time
 * of the last proof is kept with the session (`active_sessions.fresh_check_at`), on the server:
 * a copied cookie carries no proof of its own.
 */
export const FRESH_CHECK_WINDOW_MS = 10 * 60 * 1000;
/** The longest code or password the check reads (the sign-in's password cap). */
export const FRESH_CHECK_SECRET_MAX = 200;

export const FRESH_CHECK_MESSAGES = {
  required: 'Confirme sua identidade para continuar: esta ação pede uma verificação feita há menos de 10 minutos.',
  badPassword: 'Senha incorreta.',
  blank: 'Digite o código ou a senha.',
  malformed: 'Código ou senha inválidos.',
} as const;

async function sessionIdOf(request: Request): Promise<string | null> {
  const value: unknown = (await getAuthSession(request)).get('sessionId');
  return typeof value === 'string' && value ? value : null;
}

/** What the user gives to renew the check. */
export const freshCheckMethod = (userId: number): FreshCheckMethod => (hasTwoFactor(userId) ? 'code' : 'password');

/** Whether the request's session proved its user within the window. */
export async function isFreshlyChecked(request: Request, now = new Date()): Promise<boolean> {
  const sessionId = await sessionIdOf(request);
  if (!sessionId) return false;
  const row = db
    .select({ freshCheckAt: activeSessions.freshCheckAt })
    .from(activeSessions)
    .where(eq(activeSessions.sessionId, sessionId))
    .get();
  return Boolean(row?.freshCheckAt && now.getTime() - row.freshCheckAt.getTime() < FRESH_CHECK_WINDOW_MS);
}

/**
 * Renews the check of the request's session with a current code (two-step sign-in on) or the
 * password: each try is counted like a sign-in guess, with the same limits (429 past them).
 */
export async function renewFreshCheck(
  request: Request,
  user: Pick<UserRow, 'id' | 'email'>,
  secret: string,
  address: string,
  now = new Date(),
) {
  const sessionId = await sessionIdOf(request);
  if (!sessionId) throw new AppError(401, SESSION_MESSAGES.unauthenticated);
  if (!secret.trim()) throw new AppError(400, FRESH_CHECK_MESSAGES.blank);
  if (hasTwoFactor(user.id)) {
    await verifyAuthenticatorCode(user.id, secret, address, now);
  } else {
    try {
      await authenticateWithPassword(address, user.email, secret);
    } catch (error) {
      if (isAppError(error) && error.status === 401) throw new AppError(401, FRESH_CHECK_MESSAGES.badPassword);
      throw error;
    }
  }
  markFreshlyChecked(sessionId, user.id, now);
}

function markFreshlyChecked(sessionId: string, userId: number, now: Date): void {
  db.update(activeSessions)
    .set({ freshCheckAt: now })
    .where(and(eq(activeSessions.sessionId, sessionId), eq(activeSessions.userId, userId)))
    .run();
}

/** Renews the check of the request's session after another proof of its user (a passkey, decision 067). */
export async function renewFreshCheckWithProof(request: Request, userId: number, now = new Date()): Promise<void> {
  const sessionId = await sessionIdOf(request);
  if (!sessionId) throw new AppError(401, SESSION_MESSAGES.unauthenticated);
  markFreshlyChecked(sessionId, userId, now);
}

/** API guard: past the window, 403 `{ message, freshCheckRequired: true }` (renewed by POST /api/fresh-check). */
export async function requireApiFreshCheck(request: Request, now = new Date()): Promise<void> {
  if (!(await isFreshlyChecked(request, now))) throw errorResponse(403, FRESH_CHECK_MESSAGES.required, { freshCheckRequired: true });
}

/** Whether an edit of user `targetId` to `role` makes an admin of someone who is not one (a dangerous action). */
export function makesAdmin(targetId: number | null, role: string | undefined): boolean {
  if (role !== 'admin') return false;
  return targetId === null || getUserById(targetId)?.role !== 'admin';
}
