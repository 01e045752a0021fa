import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { and, desc, eq } from 'drizzle-orm';
import { db, type Executor } from '../../../db/client';
import { mailOutbox } from '../../../db/schema';
import { getEnv } from '../../utils/env.server';
import type { MailKind } from './kinds';

/**
 * The transactional outbox (docs/mail.md). A mail is written here by the code of the event that
 * causes it, with that event's executor, so it commits or rolls back with it; the worker
 * (app/plumbing/mail-worker.server.ts) delivers what committed. Nothing here talks to a server.
 */

export type OutgoingMail = {
  /** The account the mail is about (null for an address without one); deleting the account deletes its mails. */
  userId: number | null;
  to: string;
  /** What the mail is (one of `MAIL_KINDS`: 'support-reply', 'receipt'…): the admin list and the user's choices read it. */
  kind: MailKind;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe…). */
  headers?: Readonly<Record<string, string>>;
  /** A mail that must go at most once (a plan reminder): a second enqueue with the same key is dropped. */
  dedupeKey?: string;
  /** What the mail is about when it gathers several events ('thread:12'): see `latestMailOfTopic`. */
  topic?: string;
  /** Not sent before this time (a gathering mail waits out its interval); now when absent. */
  notBefore?: Date;
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
      messageId: newMessageId(getEnv().mailFrom),
      userId: mail.userId,
      toAddress: mail.to.trim().toLowerCase(),
      kind: mail.kind,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      headers: mail.headers && Object.keys(mail.headers).length > 0 ? JSON.stringify(mail.headers) : null,
      dedupeKey: mail.dedupeKey ?? null,
      topic: mail.topic ?? null,
      ...(mail.notBefore ? { nextAttemptAt: mail.notBefore } : {}),
    })
    .onConflictDoNothing({ target: mailOutbox.dedupeKey })
    .returning({ id: mailOutbox.id })
    .get();
  if (!row) return null;
  announceQueued();
  return row.id;
}

/** The newest mail of a kind about a topic (through mail_outbox_topic_idx), or undefined. */
export function latestMailOfTopic(executor: Executor, topic: string, kind: MailKind) {
  return executor
    .select({ id: mailOutbox.id, status: mailOutbox.status, sentAt: mailOutbox.sentAt, dedupeKey: mailOutbox.dedupeKey })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.topic, topic), eq(mailOutbox.kind, kind)))
    .orderBy(desc(mailOutbox.id))
    .limit(1)
    .get();
}

/** Rewrites a mail that has not been taken for delivery yet; false when it has been (then queue another). */
export function rewritePendingMail(executor: Executor, id: number, content: Pick<OutgoingMail, 'subject' | 'text' | 'html'>): boolean {
  return (
    executor
      .update(mailOutbox)
      .set({ subject: content.subject, textBody: content.text, htmlBody: content.html })
      .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'pending')))
      .run().changes > 0
  );
}

/** Wakes this process's worker on the next turn: better-sqlite3 transactions are synchronous, so by then the caller's has ended. */
export function announceQueued(): void {
  setImmediate(() => queued.emit('queued'));
}

/** The mails of one account, newest first (the LGPD export). */
export function mailsOf(userId: number, executor: Executor = db) {
  return executor
    .select({
      kind: mailOutbox.kind,
      toAddress: mailOutbox.toAddress,
      subject: mailOutbox.subject,
      status: mailOutbox.status,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.userId, userId))
    .orderBy(desc(mailOutbox.id))
    .all();
}
