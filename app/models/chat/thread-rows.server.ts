import { sql } from 'drizzle-orm';
import { chatThreads, users } from '../../../db/schema';
import type { ChatThreadView, ThreadRow } from './types';

/** A ticket's row as the lists and the ticket page select it (with its owner's name), and its view. */
export const fallbackUserName = (userId: number) => `Usuário #${userId}`;

/** Newest activity: the last message, or the creation of a ticket without messages (indexed as written here). */
export const activity = sql`coalesce(${chatThreads.lastMessageAt}, ${chatThreads.createdAt})`;

export const threadColumns = {
  id: chatThreads.id,
  userId: chatThreads.userId,
  subject: chatThreads.subject,
  status: chatThreads.status,
  isUserUnread: chatThreads.isUserUnread,
  isAdminUnread: chatThreads.isAdminUnread,
  lastMessageAt: chatThreads.lastMessageAt,
  createdAt: chatThreads.createdAt,
  username: users.username,
};

export type ThreadSelection = {
  id: number;
  userId: number;
  subject: string;
  status: ThreadRow['status'];
  isUserUnread: boolean;
  isAdminUnread: boolean;
  lastMessageAt: Date | null;
  createdAt: Date;
  username: string | null;
};

export const toThreadView = (row: ThreadSelection): ChatThreadView => ({
  id: row.id,
  userId: row.userId,
  subject: row.subject,
  status: row.status,
  isUserUnread: row.isUserUnread,
  isAdminUnread: row.isAdminUnread,
  lastMessageAt: row.lastMessageAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  userName: row.username ?? fallbackUserName(row.userId),
});
