import { eq } from 'drizzle-orm';
import { db, type Executor } from '../../../db/client';
import { users, type UserRow } from '../../../db/schema';
import { AppError, isAppError } from '../../utils/errors';
import { foldKey } from '../../utils/fold';
import { hashPassword } from '../../utils/password.server';
import { recordAudit, recordOwnerAudit } from '../audit/audit.server';
import { authenticateWithPassword } from './auth.server';
import { recordEmailChange, spendEmailLink } from './email-change.server';
import { assertUnique, getUserById, setPasswordRecovery, userKeys, writeUser } from './user.server';

/** Account settings: a user may change their own account; an admin any account. */
export function assertAccountAccess(actor: Pick<UserRow, 'id' | 'role'>, targetId: number): void {
  if (actor.id !== targetId && actor.role !== 'admin') throw new AppError(403, 'Acesso negado');
}

const recoveryLabel = (disabled: boolean) => (disabled ? 'desativada' : 'ativada');

/**
 * The owner's own switch is a setting; an admin switching someone else's is an admin write,
 * audited ('user.password_recovery', by number: the log names no account).
 */
export function setPasswordRecoveryAs(
  actor: Pick<UserRow, 'id' | 'role' | 'username'>,
  targetId: number,
  disablePasswordRecovery: boolean,
): UserRow {
  assertAccountAccess(actor, targetId);
  const before = getUserById(targetId);
  if (!before) throw new AppError(404, 'Usuário não encontrado');
  if (actor.id === targetId) return setPasswordRecovery(targetId, disablePasswordRecovery);
  return db.transaction((tx) => {
    const user = setPasswordRecovery(targetId, disablePasswordRecovery, tx);
    recordAudit(tx, actor, {
      action: 'user.password_recovery',
      entityType: 'user',
      entityId: targetId,
      summary: `recuperação de senha do usuário #${targetId}: ${recoveryLabel(before.disablePasswordRecovery)} → ${recoveryLabel(disablePasswordRecovery)}`,
    });
    return user;
  });
}

/**
 * Profile and/or password change, all checks first and then one transaction, so a wrong
 * current password or a taken e-mail leaves nothing half changed. The current password is
 * checked like a login (`authenticateWithPassword`, `address` from `requestAddress`), so a stolen
 * session cannot guess it without limit.
 */
export async function updateAccount(
  userId: number,
  input: { username?: string; email?: string; fullName?: string; currentPassword?: string; newPassword?: string },
  address: string,
): Promise<UserRow> {
  const user = getUserById(userId);
  if (!user) throw new AppError(404, 'Usuário não encontrado');
  let passwordHash: string | undefined;
  if (input.newPassword) {
    try {
      await authenticateWithPassword(address, user.email, input.currentPassword ?? '');
    } catch (error) {
      if (isAppError(error) && error.status === 401) throw new AppError(400, 'Senha atual incorreta.', 'currentPassword');
      throw error;
    }
    passwordHash = await hashPassword(input.newPassword);
  }
  const username = input.username?.trim() ?? user.username;
  const email = input.email?.trim().toLowerCase() ?? user.email;
  const emailChanged = foldKey(email) !== user.emailKey;
  if (emailChanged) {
    assertUnique(db, { email }, userId);
    await spendEmailLink(userId);
  }
  return db.transaction((tx) => {
    assertUnique(tx, { username, email }, userId);
    writeUser(() =>
      tx
        .update(users)
        // A new password also ends any pending recovery: a token issued before it must not undo it.
        .set({
          username,
          email,
          ...userKeys({ username, email }),
          ...(passwordHash ? { password: passwordHash, resetToken: null, resetTokenExpiry: null } : {}),
        })
        .where(eq(users.id, userId))
        .run(),
    );
    if (emailChanged) recordEmailChange(tx, user, email);
    if (input.fullName !== undefined) writeFullName(tx, user, input.fullName);
    return getUserById(userId, tx)!;
  });
}

/**
 * 'Minha Conta' → 'Nome completo' (and `PATCH /api/profile`'s extra `fullName`): the name printed on
 * certificates, memorials and receipts. The log says that it changed, never the name (LGPD: the audit
 * log outlives the account only without its names).
 */
export function setFullName(userId: number, fullName: string): UserRow {
  return db.transaction((tx) => {
    const before = getUserById(userId, tx);
    if (!before) throw new AppError(404, 'Usuário não encontrado');
    writeFullName(tx, before, fullName);
    return getUserById(userId, tx)!;
  });
}

function writeFullName(tx: Executor, before: UserRow, fullName: string): void {
  if (before.fullName === fullName) return;
  tx.update(users).set({ fullName }).where(eq(users.id, before.id)).run();
  recordOwnerAudit(tx, before, {
    action: 'account.full_name',
    entityType: 'user',
    entityId: before.id,
    summary: before.fullName ? 'nome completo alterado' : 'nome completo informado',
  });
}
