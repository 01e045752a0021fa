import { and, eq, inArray, lte, or, sql } from 'drizzle-orm';
import { db } from '../../../db/client';
import { mailOutbox, type MailOutboxRow } from '../../../db/schema';

/**
 * The outbox's delivery rules (docs/mail.md): which rows are due, how a row is taken so that one
 * process delivers it, and what a failure does to it. The worker that calls these and the
 * transport that sends live in app/plumbing (mail-worker.server.ts, mail-transport.server.ts).
 */

/** A taken row is the taker's for this long; if its process dies, another takes it after. */
export const LEASE_MS = 2 * 60_000;
/** Waits between attempts after a temporary failure; the last one repeats. */
export const RETRY_DELAYS_MS = [30_000, 2 * 60_000, 10 * 60_000, 30 * 60_000, 60 * 60_000] as const;
/**
 * Attempts before a mail that keeps failing is given up, with the reason kept: with the delays
 * above, about a day of trying (0,5 + 2 + 10 + 30 min, then hourly). Counting attempts rather
 * than time lets an admin's 'Reenviar' start the count again.
 */
export const MAX_ATTEMPTS = 28;

/** How a delivery attempt ended, as the transport reports it. */
export type DeliveryFailure = { permanent: boolean; reason: string };

/**
 * Takes up to `limit` due rows for this process: pending ones whose time has come, and rows whose
 * delivery lease ran out. One UPDATE … RETURNING, so two processes never take the same row.
 */
export function takeDueMails(limit: number, now = Date.now()): MailOutboxRow[] {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      or(
        and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, new Date(now))),
        and(eq(mailOutbox.status, 'sending'), lte(mailOutbox.leaseUntil, new Date(now))),
      ),
    )
    .orderBy(mailOutbox.nextAttemptAt, mailOutbox.id)
    .limit(limit);
  return db
    .update(mailOutbox)
    .set({ status: 'sending', leaseUntil: new Date(now + LEASE_MS), attempts: sql`${mailOutbox.attempts} + 1` })
    .where(inArray(mailOutbox.id, due))
    .returning()
    .all()
    .sort((a, b) => a.id - b.id);
}

/** The transport accepted the mail (the SMTP server said 250, or the .eml file is written). */
export function recordDelivered(id: number, now = Date.now()): void {
  db.update(mailOutbox)
    .set({ status: 'sent', sentAt: new Date(now), leaseUntil: null, lastError: null })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'sending')))
    .run();
}

export function retryDelay(attempts: number): number {
  return RETRY_DELAYS_MS[Math.min(Math.max(attempts, 1), RETRY_DELAYS_MS.length) - 1] ?? RETRY_DELAYS_MS[RETRY_DELAYS_MS.length - 1];
}

/**
 * A failed attempt: a permanent refusal (SMTP 5xx) gives up now; a temporary one (4xx, no
 * connection, a timeout) waits `retryDelay` and tries again, up to MAX_ATTEMPTS. The reason is
 * kept either way.
 */
export function recordFailure(
  row: Pick<MailOutboxRow, 'id' | 'attempts'>,
  failure: DeliveryFailure,
  now = Date.now(),
): 'failed' | 'pending' {
  const reason = failure.reason.slice(0, 500);
  const next = now + retryDelay(row.attempts);
  const givingUp = failure.permanent || row.attempts >= MAX_ATTEMPTS;
  const lastError = givingUp && !failure.permanent ? `Desistimos após ${row.attempts} tentativas: ${reason}` : reason;
  db.update(mailOutbox)
    .set(
      givingUp
        ? { status: 'failed', leaseUntil: null, lastError }
        : { status: 'pending', leaseUntil: null, nextAttemptAt: new Date(next), lastError },
    )
    .where(and(eq(mailOutbox.id, row.id), eq(mailOutbox.status, 'sending')))
    .run();
  return givingUp ? 'failed' : 'pending';
}

/**
 * At start, before any process of this server listens (server.js runs it with the migrations):
 * no delivery can be in progress, so a row still 'sending' was cut by a crash or a kill. It goes
 * again now, with its Message-ID, instead of waiting for its lease to run out.
 */
export function resumeInterruptedDeliveries(now = Date.now()): number {
  return db
    .update(mailOutbox)
    .set({ status: 'pending', leaseUntil: null, nextAttemptAt: new Date(now) })
    .where(eq(mailOutbox.status, 'sending'))
    .run().changes;
}

/** The next time a pending row falls due, or null: how long the worker may sleep. */
export function nextDueAt(): number | null {
  const row = db
    .select({ at: sql<number | null>`min(${mailOutbox.nextAttemptAt})` })
    .from(mailOutbox)
    .where(eq(mailOutbox.status, 'pending'))
    .get();
  return row?.at ?? null;
}
