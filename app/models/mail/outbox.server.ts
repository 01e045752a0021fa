import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { db, type Executor } from '../../../db/client';
import { mailOutbox } from '../../../db/schema';
import { env } from '../../utils/env.server';

/**
 * The transactional outbox (docs/mail.md). A mail is written here by the code of the event that
 * causes it, with that event's executor, so it commits or rolls back with it; the worker
 * (app/server/mail-worker.server.ts) delivers what committed. Nothing here talks to a server.
 */

export type OutgoingMail = {
  /** The account the mail is about (null for an address without one); deleting the account deletes its mails. */
  userId: number | null;
  to: string;
  /** What the mail is ('support-reply', 'receipt'…): the admin list and the user's choices read it. */
  kind: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe…). */
  headers?: Readonly<Record<string, string>>;
  /** A mail that must go at most once (a plan reminder): a second enqueue with the same key is dropped. */
  dedupeKey?: string;
};

const queued = new EventEmitter();

/** Called (on the next turn, after the enqueuing transaction has ended) each time a mail is queued in this process. */
export function onMailQueued(listener: () => void): () => void {
  queued.on('queued', listener);
  return () => queued.off('queued', listener);
}

/** The Message-ID is fixed here, once: a resend after a crash repeats it, so a receiver can drop the copy. */
export function newMessageId(from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'e-engenharia.localhost';
  return `<${randomUUID()}@${domain}>`;
}

/**
 * Queues a mail in the caller's transaction. Returns its row id, or null when `dedupeKey` was
 * already used (the mail went, or is going, once already).
 */
export function enqueueMail(executor: Executor, mail: OutgoingMail): number | null {
  const row = executor
    .insert(mailOutbox)
    .values({
      messageId: newMessageId(env.mailFrom),
      userId: mail.userId,
      toAddress: mail.to.trim().toLowerCase(),
      kind: mail.kind,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      headers: mail.headers && Object.keys(mail.headers).length > 0 ? JSON.stringify(mail.headers) : null,
      dedupeKey: mail.dedupeKey ?? null,
    })
    .onConflictDoNothing({ target: mailOutbox.dedupeKey })
    .returning({ id: mailOutbox.id })
    .get();
  if (!row) return null;
  announceQueued();
  return row.id;
}

/** Wakes this process's worker on the next turn: better-sqlite3 transactions are synchronous, so by then the caller's has ended. */
export function announceQueued(): void {
  setImmediate(() => queued.emit('queued'));
}

/** The mails of one account, newest first (the LGPD export). */
export function mailsOf(userId: number, executor: Executor = db) {
  return executor.query.mailOutbox.findMany({
    where: (mail, { eq }) => eq(mail.userId, userId),
    orderBy: (mail, { desc }) => [desc(mail.id)],
    columns: { kind: true, toAddress: true, subject: true, status: true, createdAt: true, sentAt: true },
  });
}
