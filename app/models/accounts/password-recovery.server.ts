import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import { db } from '../../../db/client';
import { users } from '../../../db/schema';
import { AppError } from '../../utils/errors';
import { hashPassword } from '../../utils/password.server';
import { endAllSessions } from './session.server';
import { findUserByIdentifier } from './user.server';

export const RECOVERY_TTL_MS = 15 * 60 * 1000;
export const IDENTITY_NOT_VERIFIED = 'Não foi possível verificar sua identidade. Verifique os dados informados.';
import { RECOVERY_EXPIRED } from '../../schemas/auth';

export { RECOVERY_EXPIRED };

/** Only a digest is stored: a database leak does not hand out live reset tokens. */
const digest = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Step 1: the identifier (e-mail or username) and the CPF must match an account that allows
 * recovery. Every failure answers the same, so the answer reveals nothing about accounts.
 */
export function verifyIdentity(identifier: string, cpf: string, now = new Date()): { token: string } {
  const user = findUserByIdentifier(identifier);
  if (!user || !user.cpf || user.cpf !== cpf || user.disablePasswordRecovery) {
    throw new AppError(400, IDENTITY_NOT_VERIFIED);
  }
  const token = randomBytes(32).toString('base64url');
  db.update(users)
    .set({ resetToken: digest(token), resetTokenExpiry: new Date(now.getTime() + RECOVERY_TTL_MS) })
    .where(eq(users.id, user.id))
    .run();
  return { token };
}

/**
 * Step 2: a live token of an account that still allows recovery sets the new password once,
 * and signs the account out everywhere. (Switching recovery off and every password change
 * also clear the token; the condition here holds even if one were left behind.)
 */
export async function resetPasswordWithToken(token: string | null | undefined, password: string, now = new Date()): Promise<void> {
  if (!token) throw new AppError(400, RECOVERY_EXPIRED);
  const passwordHash = await hashPassword(password);
  // One statement checks and spends the token, so it cannot be used twice.
  const user = db
    .update(users)
    .set({ password: passwordHash, resetToken: null, resetTokenExpiry: null })
    .where(and(eq(users.resetToken, digest(token)), gt(users.resetTokenExpiry, now), eq(users.disablePasswordRecovery, false)))
    .returning({ id: users.id })
    .get();
  if (!user) throw new AppError(400, RECOVERY_EXPIRED);
  endAllSessions(user.id);
}
