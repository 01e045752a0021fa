import { eq, sql } from 'drizzle-orm';
import { db, type Executor } from '../../../db/client';
import { payments, toolRatings, users, type UserRow } from '../../../db/schema';
import { AppError, isAppError } from '../../utils/errors';
import { logger } from '../../utils/logger.server';
import { assertActingAdmin, erasedLabel, forgetInAuditLog, recordAudit, recordOwnerAudit, type AuditActor } from '../audit/audit.server';
import { authenticateWithPassword } from '../accounts/auth.server';
import { refreshToolRating } from '../tools/rating.server';
import { otherAdminCount } from '../accounts/role-grant.server';
import { endAllSessions } from '../accounts/session.server';
import { getUserById } from '../accounts/user.server';
import { removeFilesAfterCommit, userFileKeys } from '../chat/attachments.server';
import { revokeCertificatesOfErasedUser } from '../courses/certificate.server';
import { ADMIN_USER_ERRORS } from '../admin/users.server';
import { recordErasure, resurrectedAccountIds } from './erasure-ledger.server';

export const ACCOUNT_DELETION_MESSAGES = {
  notFound: 'Usuário não encontrado',
  wrongPassword: 'Senha incorreta. Sua conta não foi excluída.',
  lastAdmin: 'Você é o único administrador. Dê acesso de administrador a outra pessoa antes de excluir sua conta.',
  lastAdminByAdmin: 'Este é o único administrador: dê acesso de administrador a outra pessoa antes de excluir esta conta.',
} as const;

/** Who asked: an admin from the panel ('user.delete'), or the owner from 'Minha Conta' ('account.delete'). */
type DeletionAction = 'user.delete' | 'account.delete';

/**
 * THE deletion rule, for the admin panel and for the owner alike, inside the caller's transaction:
 * - their sessions end, and their ratings, role and course grants, course purchases, lesson
 *   progress, promo-code redemptions, chats (with their messages), saved calculations, the memorial's
 *   project data, personal notifications and read marks go (the foreign keys' ON DELETE CASCADE);
 *   the averages of the tools they rated are recomputed from the ratings that remain;
 * - their payments stay (fiscal records, LGPD art. 16 I): user_id becomes null and payer_* keep who paid;
 * - what they wrote for others stays with its author's link cleared (an admin's chat replies,
 *   tools, codes and courses they created); the audit log forgets them (`forgetInAuditLog`): the
 *   rows they wrote and the rows about them keep ids and actions under 'usuário excluído #ID';
 * - one audit row records it: the account's id and role, never its name, e-mail or CPF;
 * - the last admin is never erased, by any path, so the panel always has someone to run it;
 * - the id joins the erasure ledger, so no restore brings them back (erasure-ledger.server.ts).
 * The database runs with secure_delete (db/client.ts), so what goes is overwritten on disk too.
 */
export function eraseAccount(tx: Executor, actor: AuditActor, user: UserRow, action: DeletionAction): void {
  if (user.role === 'admin' && otherAdminCount(tx, user.id) === 0) {
    throw new AppError(409, action === 'account.delete' ? ACCOUNT_DELETION_MESSAGES.lastAdmin : ACCOUNT_DELETION_MESSAGES.lastAdminByAdmin);
  }
  const rated = tx.select({ toolId: toolRatings.toolId }).from(toolRatings).where(eq(toolRatings.userId, user.id)).all();
  const keptPayments = tx
    .update(payments)
    .set({
      payerUsername: sql`coalesce(${payments.payerUsername}, ${user.username})`,
      payerEmail: sql`coalesce(${payments.payerEmail}, ${user.email})`,
      payerCpf: sql`coalesce(${payments.payerCpf}, ${user.cpf})`,
    })
    .where(eq(payments.userId, user.id))
    .returning({ id: payments.id })
    .all().length;
  const entry = {
    action,
    entityType: 'user',
    entityId: user.id,
    summary: `conta #${user.id} excluída (${user.role}); ${rated.length} avaliação(ões) removida(s); ${keptPayments} pagamento(s) mantido(s)`,
  };
  // Recorded before the row goes: an owner's own row is still there for actor_id, which then becomes null.
  if (action === 'account.delete') recordOwnerAudit(tx, { id: user.id, username: erasedLabel(user.id) }, entry);
  else recordAudit(tx, actor, entry);
  forgetInAuditLog(tx, user);
  endAllSessions(user.id, tx);
  revokeCertificatesOfErasedUser(tx, user.id);
  // Their tickets' files go once the rows are gone (attachments.server.ts).
  removeFilesAfterCommit(userFileKeys(tx, user.id));
  tx.delete(users).where(eq(users.id, user.id)).run();
  // Listed (id only) so that a restore from before today erases them again (erasure-ledger.server.ts).
  recordErasure(tx, user.id);
  for (const { toolId } of rated) refreshToolRating(tx, toolId);
}

/**
 * 'Excluir conta' in 'Minha Conta': the owner confirms with their current password (checked like a
 * login, so guesses count against the same limits and a wrong one answers beside the field), then
 * `eraseAccount`. An admin may leave only while another admin remains, so the panel is never orphaned.
 */
export async function deleteOwnAccount(userId: number, password: string, address: string): Promise<void> {
  const user = getUserById(userId);
  if (!user) throw new AppError(404, ACCOUNT_DELETION_MESSAGES.notFound);
  try {
    await authenticateWithPassword(address, user.email, password);
  } catch (error) {
    if (isAppError(error) && error.status === 401) throw new AppError(400, ACCOUNT_DELETION_MESSAGES.wrongPassword, 'password');
    throw error;
  }
  db.transaction((tx) => {
    const current = getUserById(userId, tx);
    if (!current) throw new AppError(404, ACCOUNT_DELETION_MESSAGES.notFound);
    eraseAccount(tx, current, current, 'account.delete');
  });
}

/**
 * DELETE /api/users/{id} and the admin table: the account goes by the one deletion rule
 * (`eraseAccount`, app/models/privacy/account-deletion.server.ts), audited as 'user.delete'.
 * An admin cannot delete their own account here ('Minha Conta' has 'Excluir conta' for that).
 */
export function deleteUserAsAdmin(actor: AuditActor, userId: number): void {
  if (userId === actor.id) throw new AppError(400, ADMIN_USER_ERRORS.deleteSelf);
  db.transaction((tx) => {
    assertActingAdmin(tx, actor);
    const user = tx.select().from(users).where(eq(users.id, userId)).get();
    if (!user) throw new AppError(404, ADMIN_USER_ERRORS.notFound);
    eraseAccount(tx, actor, user, 'user.delete');
  });
}

/**
 * Erases again, with THE deletion rule (eraseAccount), every listed account the database holds.
 * Returns the ids erased; one that cannot be (the only admin left) is logged as an error, never skipped silently.
 */
export function reapplyErasures(): number[] {
  const ids = resurrectedAccountIds();
  if (!ids.length) return [];
  const erased: number[] = [];
  for (const id of ids) {
    try {
      db.transaction((tx) => {
        const user = tx.select().from(users).where(eq(users.id, id)).get();
        if (user) eraseAccount(tx, user, user, 'account.delete');
      });
      erased.push(id);
    } catch (error) {
      logger.error({ userId: id, err: error }, 'conta apagada voltou com uma restauração e não pôde ser apagada de novo');
    }
  }
  logger.warn({ userIds: erased }, 'contas apagadas que uma restauração trouxe de volta foram apagadas de novo');
  return erased;
}
