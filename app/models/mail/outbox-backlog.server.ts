import { count, eq, inArray, min } from 'drizzle-orm';
import { db, type Executor } from '../../../db/client';
import { mailOutbox } from '../../../db/schema';

/** What the production metrics say of the outbox (http-server/metrics.js, docs/performance.md). */
export type OutboxBacklog = {
  /** Not yet accepted by the SMTP server: waiting for its turn or a retry ('pending'), or in delivery ('sending'). */
  pending: number;
  /** Given up after the last attempt: an admin resends them ('Admin' → 'E-mails'). */
  failed: number;
  /** Seconds since the oldest not yet delivered mail was queued; 0 when none waits. */
  oldestPendingAgeSeconds: number;
};

const WAITING = ['pending', 'sending'] as const;

/** Two reads on the (status, next_attempt_at) index: the delivered rows are never scanned. */
export function outboxBacklog(now = Date.now(), executor: Executor = db): OutboxBacklog {
  const waiting = executor
    .select({ rows: count(), oldest: min(mailOutbox.createdAt) })
    .from(mailOutbox)
    .where(inArray(mailOutbox.status, WAITING))
    .get();
  const failed = executor.select({ rows: count() }).from(mailOutbox).where(eq(mailOutbox.status, 'failed')).get();
  const oldest = waiting?.oldest ? waiting.oldest.getTime() : null;
  return {
    pending: waiting?.rows ?? 0,
    failed: failed?.rows ?? 0,
    oldestPendingAgeSeconds: oldest === null ? 0 : Math.max(0, (now - oldest) / 1000),
  };
}
