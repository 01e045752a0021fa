import { and, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { db, preparedQuery } from '../../../db/client';
import { contactMessages } from '../../../db/schema';
import type { ContactMessageInput } from '../../schemas/contact';
import { contactInboxQuerySchema, INBOX_MESSAGES, type InboxFilter } from '../../schemas/contact-inbox';
import { AppError } from '../../utils/errors';
import { consume } from '../accounts/rate-limit-store.server';
import { likePattern, paginate, type ListQuery, type Page } from '../../utils/pagination.server';
import { recordAudit, type AuditActor } from '../audit/audit.server';

export type ContactMessageRow = typeof contactMessages.$inferSelect;

/**
 * Stores a message sent through the public contact form (already validated by `contactSchema`).
 * At most 5 per client address (`requestAddress`) in 10 minutes; beyond that a 429 and nothing stored.
 */
export async function createContactMessage(
  { name, email, subject, message }: ContactMessageInput,
  address: string,
): Promise<ContactMessageRow> {
  await consume([['contact', address]]);
  return db.insert(contactMessages).values({ name, email, subject, message }).returning().get();
}

/** The admin inbox's query: `?q=` matches name, e-mail or subject; `?filter=` unread, all (not archived) or archived; newest first. */
export const contactListQuerySchema = contactInboxQuerySchema;

const FILTERS: Record<InboxFilter, ReturnType<typeof and>> = {
  // Both through contact_messages_archived_created_idx (archived_at, created_at).
  unread: and(isNull(contactMessages.archivedAt), isNull(contactMessages.readAt)),
  all: isNull(contactMessages.archivedAt),
  archived: isNotNull(contactMessages.archivedAt),
};

/** One page of contact messages, newest first (ties broken by id, so order is stable). */
export function listContactMessages(query: Partial<ListQuery> & { filter?: InboxFilter } = {}): Page<ContactMessageRow> {
  const { q, page, perPage, filter } = contactListQuerySchema.parse(query);
  const pattern = likePattern(q);
  const where = and(
    FILTERS[filter],
    q
      ? sql`(lower(${contactMessages.name}) like ${pattern} escape '\\' or lower(${contactMessages.email}) like ${pattern} escape '\\' or lower(${contactMessages.subject}) like ${pattern} escape '\\')`
      : undefined,
  );
  return paginate(
    { page, perPage },
    {
      count: () => db.select({ value: count() }).from(contactMessages).where(where).get()?.value ?? 0,
      rows: (limit, offset) =>
        db
          .select()
          .from(contactMessages)
          .where(where)
          .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
          .limit(limit)
          .offset(offset)
          .all(),
    },
  );
}

/** One message of the inbox (404 when it is gone). */
export function getContactMessage(id: number): ContactMessageRow {
  const row = db.select().from(contactMessages).where(eq(contactMessages.id, id)).get();
  if (!row) throw new AppError(404, INBOX_MESSAGES.missing);
  return row;
}

type InboxChange = { readAt?: Date | null; archivedAt?: Date | null };

/**
 * An admin's change to a message's read or archive state, audited in the same transaction;
 * a change to the state it already has writes nothing.
 */
function changeContactMessage(actor: AuditActor, id: number, change: InboxChange, action: string, verb: string): ContactMessageRow {
  return db.transaction((tx) => {
    const before = tx.select().from(contactMessages).where(eq(contactMessages.id, id)).get();
    if (!before) throw new AppError(404, INBOX_MESSAGES.missing);
    const unchanged =
      (change.readAt === undefined || (change.readAt === null) === (before.readAt === null)) &&
      (change.archivedAt === undefined || (change.archivedAt === null) === (before.archivedAt === null));
    if (unchanged) return before;
    const after = tx.update(contactMessages).set(change).where(eq(contactMessages.id, id)).returning().get();
    recordAudit(tx, actor, {
      action,
      entityType: 'contact_message',
      entityId: id,
      summary: `${verb}: ${before.subject} (de ${before.name})`,
    });
    return after;
  });
}

/** Opening a message in the inbox marks it read. */
export const markContactMessageRead = (actor: AuditActor, id: number, now = new Date()) =>
  changeContactMessage(actor, id, { readAt: now }, 'contact.read', 'lida');

export const markContactMessageUnread = (actor: AuditActor, id: number) =>
  changeContactMessage(actor, id, { readAt: null }, 'contact.unread', 'marcada como não lida');

export const archiveContactMessage = (actor: AuditActor, id: number, now = new Date()) =>
  changeContactMessage(actor, id, { archivedAt: now }, 'contact.archive', 'arquivada');

export const unarchiveContactMessage = (actor: AuditActor, id: number) =>
  changeContactMessage(actor, id, { archivedAt: null }, 'contact.unarchive', 'desarquivada');

const unreadContactMessages = preparedQuery(() =>
  db
    .select({ value: count() })
    .from(contactMessages)
    .where(sql`${contactMessages.archivedAt} is null and ${contactMessages.readAt} is null`)
    .prepare(),
);

/** The admin panel's 'Mensagens' badge: messages neither read nor archived (contact_messages_archived_created_idx); every admin page shows it. */
export function countUnreadContactMessages(): number {
  return unreadContactMessages().get()?.value ?? 0;
}
