import { eq } from 'drizzle-orm';
import { db, type Executor } from '../../../db/client';
import { erasedAccounts, users } from '../../../db/schema';
import { logger } from '../../utils/logger.server';
import { eraseAccount } from './account-deletion.server';

/**
 * The erasure ledger (docs/decisions/054-erasure-ledger.md): every erased account's id stays
 * listed, without any personal data, so that a restore from before the erasure (npm run
 * db:restore, an older replica or snapshot) never brings the person back: each start and each
 * restore erases again whoever the ledger lists and the database still holds.
 */
export function recordErasure(tx: Executor, userId: number, at = new Date()): void {
  tx.insert(erasedAccounts).values({ userId, erasedAt: at }).onConflictDoNothing().run();
}

/** Listed as erased yet present: what a restore from before their erasure brought back. */
export function resurrectedAccountIds(executor: Executor = db): number[] {
  return executor
    .select({ id: users.id })
    .from(users)
    .innerJoin(erasedAccounts, eq(erasedAccounts.userId, users.id))
    .all()
    .map((row) => row.id);
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
