import { count, eq } from 'drizzle-orm';
import { db } from '../../db/client';
import { chatThreads } from '../../db/schema';

/** Threads with news for the support team (the admin header icon). */
export function countAdminUnreadThreads(): number {
  return db.select({ value: count() }).from(chatThreads).where(eq(chatThreads.isAdminUnread, true)).get()?.value ?? 0;
}
