import { count, desc, sql } from 'drizzle-orm';
import { db } from '../../db/client';
import { contactMessages } from '../../db/schema';
import type { ContactMessageInput } from '../schemas/contact';
import { consume } from '../utils/rate-limit.server';
import { likePattern, listQuerySchema, paginate, type ListQuery, type Page } from '../utils/pagination.server';

export type ContactMessageRow = typeof contactMessages.$inferSelect;

/**
 * Stores a message sent through the public contact form (already validated by `contactSchema`).
 * At most 5 per client address (`requestAddress`) in 10 minutes; beyond that a 429 and nothing stored.
 */
export async function createContactMessage({ name, email, subject, message }: ContactMessageInput, address: string): Promise<ContactMessageRow> {
  await consume([['contact', address]]);
  return db.insert(contactMessages).values({ name, email, subject, message }).returning().get();
}

/** The admin inbox's query: `?q=` matches name, e-mail or subject; newest first. */
export const contactListQuerySchema = listQuerySchema({ sorts: ['recent'], perPage: 20, maxPerPage: 100 });

/** One page of contact messages, newest first (ties broken by id, so order is stable). */
export function listContactMessages(query: Partial<ListQuery> = {}): Page<ContactMessageRow> {
  const { q, page, perPage } = contactListQuerySchema.parse(query);
  const pattern = likePattern(q);
  const where = q
    ? sql`(lower(${contactMessages.name}) like ${pattern} escape '\\' or lower(${contactMessages.email}) like ${pattern} escape '\\' or lower(${contactMessages.subject}) like ${pattern} escape '\\')`
    : undefined;
  return paginate(
    { page, perPage },
    {
      count: () => db.select({ value: count() }).from(contactMessages).where(where).get()?.value ?? 0,
      rows: (limit, offset) =>
        db.select().from(contactMessages).where(where).orderBy(desc(contactMessages.createdAt), desc(contactMessages.id)).limit(limit).offset(offset).all(),
    },
  );
}
