import { eq } from 'drizzle-orm';
import { db, type Executor } from '../../../db/client';
import { erasedAccounts, users } from '../../../db/schema';

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
