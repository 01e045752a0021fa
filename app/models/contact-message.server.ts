import { count, desc } from 'drizzle-orm';
import { db } from '../../db/client';
import { contactMessages } from '../../db/schema';
import type { ContactMessageInput } from '../schemas/contact';

export type ContactMessageRow = typeof contactMessages.$inferSelect;

/** Stores a message sent through the public contact form (already validated by `contactSchema`). */
export function createContactMessage({ name, email, subject, message }: ContactMessageInput): ContactMessageRow {
  return db.insert(contactMessages).values({ name, email, subject, message }).returning().get();
}

export const CONTACT_PAGE_SIZE_MAX = 100;

export type ContactMessagePage = {
  messages: ContactMessageRow[];
  page: number;
  pageSize: number;
  total: number;
  pageCount: number;
};

/** One page of contact messages, newest first (ties broken by id, so order is stable). */
export function listContactMessages({ page = 1, pageSize = 20 }: { page?: number; pageSize?: number } = {}): ContactMessagePage {
  const size = Math.min(Math.max(Math.trunc(pageSize) || 1, 1), CONTACT_PAGE_SIZE_MAX);
  const current = Math.max(Math.trunc(page) || 1, 1);
  const total = db.select({ value: count() }).from(contactMessages).get()?.value ?? 0;
  const messages = db
    .select()
    .from(contactMessages)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(size)
    .offset((current - 1) * size)
    .all();
  return { messages, page: current, pageSize: size, total, pageCount: Math.max(Math.ceil(total / size), 1) };
}
