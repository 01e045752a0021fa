import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { db, preparedQuery, preparedShapes } from '../../../db/client';
import { chatThreads, users } from '../../../db/schema';
import type { ChatFilter } from '../../utils/chat-labels';
import { sortKey } from '../../utils/fold';
import { formatDateTime } from '../../utils/format';
import { likePattern, paginate, type Page } from '../../utils/pagination.server';
import { activity, threadColumns, toThreadView } from './thread-rows.server';
import type { ChatListQuery, ChatSide, ChatThreadView, ThreadRow } from './types';

/** The support chat's reads of many tickets: the unread counts of the header, the lists and their rows. */

// ---------------------------------------------------------------------------------------------
// Unread counts (the header on every signed-in page: prepared once per connection)

const adminUnreadCount = preparedQuery(() =>
  db.select({ value: count() }).from(chatThreads).where(eq(chatThreads.isAdminUnread, true)).prepare(),
);

const userUnreadCount = preparedQuery(() =>
  db
    .select({ value: count() })
    .from(chatThreads)
    .where(and(eq(chatThreads.userId, sql.placeholder('userId')), eq(chatThreads.isUserUnread, true)))
    .prepare(),
);

/** Threads with news for the support team (the admin header icon). */
export function countAdminUnreadThreads(): number {
  return adminUnreadCount().get()?.value ?? 0;
}

/** This user's threads with an admin reply they have not opened yet (the 'Suporte' link). */
export function countUserUnreadThreads(userId: number): number {
  return userUnreadCount().get({ userId })?.value ?? 0;
}

// ---------------------------------------------------------------------------------------------
// Lists

/** Whose tickets a list shows (one user's, or every ticket, optionally one status) and whether `q` narrows them. */
type ThreadListShape = { owner: boolean; status: boolean; q: boolean };

/** `q` on the subject: case- and accent-insensitive, over chat_threads.subject_key (sortKey); the pattern is the placeholder `q`. */
function threadListWhere(shape: ThreadListShape): SQL | undefined {
  return and(
    shape.owner ? eq(chatThreads.userId, sql.placeholder('userId')) : undefined,
    shape.status ? eq(chatThreads.status, sql.placeholder('status')) : undefined,
    shape.q ? sql`${chatThreads.subjectKey} like ${sql.placeholder('q')} escape '\\'` : undefined,
  );
}

const buildThreadCount = (shape: ThreadListShape) =>
  db.select({ value: count() }).from(chatThreads).where(threadListWhere(shape)).prepare();
const buildThreadRows = (shape: ThreadListShape) =>
  db
    .select(threadColumns)
    .from(chatThreads)
    .leftJoin(users, eq(users.id, chatThreads.userId))
    .where(threadListWhere(shape))
    .orderBy(desc(activity), desc(chatThreads.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare();

const threadCount = preparedShapes(buildThreadCount);
const threadRows = preparedShapes(buildThreadRows);

function listThreads(filter: { userId?: number; status?: ThreadRow['status'] }, query: ChatListQuery): Page<ChatThreadView> {
  const shape: ThreadListShape = { owner: filter.userId !== undefined, status: filter.status !== undefined, q: Boolean(query.q) };
  const values = { userId: filter.userId ?? null, status: filter.status ?? null, q: query.q ? likePattern(query.q, sortKey) : null };
  return paginate(query, {
    count: () => threadCount(shape).get(values)?.value ?? 0,
    rows: (limit, offset) =>
      threadRows(shape)
        .all({ ...values, limit, offset })
        .map(toThreadView),
  });
}

/** /chats and GET /api/chat/threads: this user's own tickets, newest activity first. */
export function listUserThreads(userId: number, query: ChatListQuery): Page<ChatThreadView> {
  return listThreads({ userId }, query);
}

/** /admin/chats and GET /api/chat/admin/threads: every ticket, optionally by status. */
export function listAdminThreads(query: ChatListQuery & { status: ChatFilter }): Page<ChatThreadView> {
  return listThreads({ status: query.status === 'all' ? undefined : query.status }, query);
}

// ---------------------------------------------------------------------------------------------
// Page shapes

/** 'Data' of the chat lists: the last message, else the creation, as dd/MM/yyyy HH:mm; else 'Data desconhecida'. */
export function listDate(thread: Pick<ChatThreadView, 'lastMessageAt' | 'createdAt'>): string {
  const when = thread.lastMessageAt ?? thread.createdAt;
  return when ? formatDateTime(when) : 'Data desconhecida';
}

/** A list row for the side looking at it: its own unread flag, the user's name for admins. */
export function toListRow(thread: ChatThreadView, side: ChatSide) {
  return {
    id: thread.id,
    subject: thread.subject,
    unread: side === 'admin' ? thread.isAdminUnread : thread.isUserUnread,
    userName: side === 'admin' ? thread.userName : null,
    date: listDate(thread),
    status: thread.status,
  };
}
