import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import { db } from '../../../db/client';
import { users } from '../../../db/schema';
import { passwordResetEmail } from '../../emails/password-reset';
import { renderEmail } from '../../emails/render';
import { AppError } from '../../utils/errors';
import { hashPassword } from '../../utils/password.server';
import { siteUrl } from '../../utils/security.server';
import { addresseeOf } from '../mail/addressee.server';
import { enqueueMail } from '../mail/outbox.server';
import { emailResetHeld } from './email-change.server';
import { endAllSessions } from './session.server';
import { findUserByEmail, findUserByIdentifier } from './user.server';

export const RECOVERY_TTL_MS = 15 * 60 * 1000;
/** The e-mailed link lives longer than the CPF flow's token: the mail may take a minute to arrive. */
export const EMAIL_RECOVERY_TTL_MS = 30 * 60 * 1000;
/** What 'Recuperar senha por e-mail' answers, whether or not the address has an account. */
export const EMAIL_RECOVERY_SENT =
  'Se houver uma conta com este e-mail, a recuperação de senha estiver ativa e o e-mail não tiver sido trocado nas últimas 72 horas, enviamos um link para criar uma nova senha. Ele vale por 30 minutos.';
/** The path of the e-mailed link; its loader moves the token into the session (app/routes/_auth+/auth.reset-link.tsx). */
export const RESET_LINK_PATH = '/auth/reset-link';
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
 * 'Recuperar senha por e-mail': when `email` is an account that allows recovery, a new token
 * (replacing any earlier one, so the previous link stops working) and a mail with the link, both
 * in one transaction. Otherwise nothing, silently: the caller answers the same either way.
 */
export function sendRecoveryLink(email: string, now = new Date()): void {
  const user = findUserByEmail(email);
  // 72 h after the owner changed the address, the link goes nowhere: whoever changed it may not own the account.
  if (!user || user.disablePasswordRecovery || emailResetHeld(user, now)) return;
  const token = randomBytes(32).toString('base64url');
  db.transaction((tx) => {
    tx.update(users)
      .set({ resetToken: digest(token), resetTokenExpiry: new Date(now.getTime() + EMAIL_RECOVERY_TTL_MS) })
      .where(eq(users.id, user.id))
      .run();
    const resetUrl = siteUrl(`${RESET_LINK_PATH}?${new URLSearchParams({ token })}`, 'absolute');
    const mail = renderEmail(passwordResetEmail({ name: addresseeOf(user).name, resetUrl, minutes: EMAIL_RECOVERY_TTL_MS / 60_000 }));
    enqueueMail(tx, { userId: user.id, to: user.email, kind: 'password-reset', ...mail });
  });
}

/** Whether `token` is live for an account that still allows recovery (the link's page checks before asking for a password). */
export function isLiveRecoveryToken(token: string, now = new Date()): boolean {
  return Boolean(
    db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.resetToken, digest(token)), gt(users.resetTokenExpiry, now), eq(users.disablePasswordRecovery, false)))
      .get(),
  );
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
