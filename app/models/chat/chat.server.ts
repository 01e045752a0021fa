import { and, asc, count, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { db, preparedQuery } from '../../../db/client';
import { keptUntilWritten } from '../../../db/kept-until-written';
import { chatMessages, chatThreads, users } from '../../../db/schema';
import { CHAT_MESSAGES, chatMessageField, chatThreadCreateSchema } from '../../schemas/chat';
import { firstIssueMessage } from '../../utils/api.server';
import { AppError } from '../../utils/errors';
import { logger } from '../../utils/logger.server';
import { sortKey } from '../../utils/fold';
import { consume } from '../accounts/rate-limit-store.server';
import { recordAudit, type AuditActor } from '../audit/audit.server';
import { liveChannels, publish } from '../live-bus/live-events.server';
import { queueNewTicketMails, queueSupportReplyMail } from './support-mails.server';
import { queueRatingRequestMail } from './ticket-rating.server';
import { assertRoomForFiles, warnAdminsIfStorageLow } from './attachment-storage.server';
import {
  attachmentsOf,
  incomingFromFile,
  insertAttachments,
  removeFilesAfterCommit,
  storeFiles,
  threadFileKeys,
  withStoredFiles,
  type AttachmentView,
  type IncomingFile,
} from './attachments.server';
import type { UploadAdmission } from './message-upload.server';
import { countAdminUnreadThreads, countUserUnreadThreads } from './thread-lists.server';
import { threadColumns, toThreadView, type ThreadSelection } from './thread-rows.server';
import type {
  ChatMessageView,
  ChatSide,
  ChatThreadView,
  ChatViewer,
  MessagePage,
  MessageWindow,
  ShownMessagePage,
  ThreadRow,
} from './types';

/**
 * The support chat (the specification's 'Chat list', 'Ticket view' and 'New chat' screens, and its States and transitions): tickets
 * between a user and the support team, their messages and each side's unread flag.
 *
 * Who sees what: a ticket belongs to its user; admins see every ticket. Anyone else asking for
 * a ticket gets the same 404 as for a ticket that does not exist (the API never says whether it
 * exists; the page turns it into 'Acesso negado'). Only admins delete.
 *
 * Unread state: a new ticket starts open and admin-unread; a user's message makes it
 * admin-unread, an admin's reply user-unread (and the writer's own side read: they are looking
 * at it); opening a ticket marks it read for the viewer's side.
 *
 * Order of arrival: messages are written one transaction at a time (one SQLite connection), and
 * each gets `createdAt = max(now, the thread's lastMessageAt)`, so ids and times never disagree
 * and (thread_id, created_at, id) — the index chat_messages_thread_idx — is arrival order.
 *
 * After each transaction commits, the change is published on the live bus
 * (live-events.server.ts) for the open tabs: 'chat-message', 'chat-thread', 'chat-unread'.
 */

const isAdmin = (viewer: ChatViewer) => viewer.role === 'admin';

/** The side whose unread flag a viewer clears by opening a ticket. */
export const sideOf = (viewer: ChatViewer): ChatSide => (isAdmin(viewer) ? 'admin' : 'user');

const toMessageView = (row: typeof chatMessages.$inferSelect, attachments: AttachmentView[] = []): ChatMessageView => ({
  id: row.id,
  threadId: row.threadId,
  userId: row.userId,
  message: row.message,
  isAdminMessage: row.isAdminMessage,
  createdAt: row.createdAt.toISOString(),
  attachments,
});

/** Messages with their files: one read of the attachments for the whole window. */
function withAttachments(threadId: number, rows: (typeof chatMessages.$inferSelect)[]): ChatMessageView[] {
  const files = attachmentsOf(
    threadId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toMessageView(row, files.get(row.id)));
}

/** Both sides' counts after a change to one of `ownerId`'s threads. */
function publishUnread(ownerId: number, sides: { user: boolean; admin: boolean }): void {
  if (sides.user) publish(liveChannels.user(ownerId), 'chat-unread', { count: countUserUnreadThreads(ownerId) });
  if (sides.admin) publish(liveChannels.admins, 'chat-unread', { count: countAdminUnreadThreads() });
}

function publishThread(thread: Pick<ThreadRow, 'id' | 'status'>, deleted = false): void {
  publish(liveChannels.thread(thread.id), 'chat-thread', {
    threadId: thread.id,
    status: thread.status,
    ...(deleted ? { deleted: true } : {}),
  });
}

// ---------------------------------------------------------------------------------------------
// One ticket

const threadById = preparedQuery(() =>
  db
    .select(threadColumns)
    .from(chatThreads)
    .leftJoin(users, eq(users.id, chatThreads.userId))
    .where(eq(chatThreads.id, sql.placeholder('id')))
    .prepare(),
);

const visibleTo = (viewer: ChatViewer, row: Pick<ThreadRow, 'userId'>) => isAdmin(viewer) || row.userId === viewer.id;

/** The ticket if this viewer may see it; otherwise (someone else's, or none) the same 404. */
function loadVisible(viewer: ChatViewer, threadId: number): ThreadSelection {
  const row = threadById().get({ id: threadId });
  if (!row || !visibleTo(viewer, row)) throw new AppError(404, CHAT_MESSAGES.notFound);
  return row;
}

/** May this viewer see (and subscribe to the live channel of) this ticket? */
export function canViewThread(viewer: ChatViewer, threadId: number): boolean {
  const row = threadById().get({ id: threadId });
  return Boolean(row && visibleTo(viewer, row));
}

/** GET /api/chat/threads/{id}: the ticket with its user's name. */
export function getThread(viewer: ChatViewer, threadId: number): ChatThreadView {
  return toThreadView(loadVisible(viewer, threadId));
}

// ---------------------------------------------------------------------------------------------
// Messages

const messageCount = preparedQuery(() =>
  db
    .select({ value: count() })
    .from(chatMessages)
    .where(eq(chatMessages.threadId, sql.placeholder('threadId')))
    .prepare(),
);

/** What came after a message the client has: from there, oldest first (placeholders threadId, after, limit). */
const messagesAfter = preparedQuery(() =>
  db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.threadId, sql.placeholder('threadId')), gt(chatMessages.id, sql.placeholder('after'))))
    .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id))
    .limit(sql.placeholder('limit'))
    .prepare(),
);

/** The latest messages, or those before one (placeholder `before`), newest first through the index. */
const latestMessages = (before: boolean) =>
  db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.threadId, sql.placeholder('threadId')), before ? lt(chatMessages.id, sql.placeholder('before')) : undefined))
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(sql.placeholder('limit'))
    .prepare();
const messagesLatest = preparedQuery(() => latestMessages(false));
const messagesBefore = preparedQuery(() => latestMessages(true));

function readMessages(threadId: number, window: MessageWindow): MessagePage {
  const total = messageCount().get({ threadId })?.value ?? 0;
  if (window.after !== undefined) {
    // What came after a message the client has: from there, oldest first.
    const items = withAttachments(threadId, messagesAfter().all({ threadId, after: window.after, limit: window.limit }));
    return { items, total, hasEarlier: total > items.length };
  }
  // The latest `limit` (before a given message when paging back), read newest first through the
  // index and one more to know whether older ones exist.
  const rows =
    window.before === undefined
      ? messagesLatest().all({ threadId, limit: window.limit + 1 })
      : messagesBefore().all({ threadId, before: window.before, limit: window.limit + 1 });
  const hasEarlier = rows.length > window.limit;
  return { items: withAttachments(threadId, rows.slice(0, window.limit).reverse()), total, hasEarlier };
}

/** The ticket page's latest window (or the one before a message): only what the page shows, newest first through the index. */
const shownColumns = {
  id: chatMessages.id,
  message: chatMessages.message,
  isAdminMessage: chatMessages.isAdminMessage,
  createdAt: chatMessages.createdAt,
};
const shownMessages = (before: boolean) =>
  db
    .select(shownColumns)
    .from(chatMessages)
    .where(and(eq(chatMessages.threadId, sql.placeholder('threadId')), before ? lt(chatMessages.id, sql.placeholder('before')) : undefined))
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(sql.placeholder('limit'))
    .prepare();
const shownLatest = preparedQuery(() => shownMessages(false));
const shownBefore = preparedQuery(() => shownMessages(true));

/**
 * The page's window: its messages without the thread and author ids the view never reads, and the ticket's total only
 * when paging back (the only view that says it).
 */
function readShownMessages(threadId: number, window: Omit<MessageWindow, 'after'>): ShownMessagePage {
  return keptWindows.get(`${threadId}:${window.before ?? ''}:${window.limit}`, Date.now(), () => ({
    value: readShownMessagesNow(threadId, window),
  }));
}

/**
 * The page's windows, kept until the next write by any connection (db/kept-until-written.ts): a message never
 * changes once sent, and a new one, a deleted ticket or a deleted file is a write. Shared values: never mutated.
 */
const keptWindows = keptUntilWritten<ShownMessagePage>(100);

function readShownMessagesNow(threadId: number, window: Omit<MessageWindow, 'after'>): ShownMessagePage {
  const rows =
    window.before === undefined
      ? shownLatest().all({ threadId, limit: window.limit + 1 })
      : shownBefore().all({ threadId, before: window.before, limit: window.limit + 1 });
  const hasEarlier = rows.length > window.limit;
  const shown = rows.slice(0, window.limit).reverse();
  const files = attachmentsOf(
    threadId,
    shown.map((row) => row.id),
  );
  const items = shown.map((row) => ({
    id: row.id,
    message: row.message,
    isAdminMessage: row.isAdminMessage,
    createdAt: row.createdAt.toISOString(),
    attachments: files.get(row.id) ?? [],
  }));
  const total = window.before === undefined ? null : (messageCount().get({ threadId })?.value ?? 0);
  return { items, total, hasEarlier };
}

/** GET /api/chat/threads/{id}/messages. */
export function listMessages(viewer: ChatViewer, threadId: number, window: MessageWindow): MessagePage {
  loadVisible(viewer, threadId);
  return readMessages(threadId, window);
}

/**
 * The ticket page: the ticket, marked read for the viewer's side (opening it is what reads it,
 * the specification's States and transitions; nothing is written when it already was), and a window of its messages.
 */
export function openTicket(
  viewer: ChatViewer,
  threadId: number,
  window: Omit<MessageWindow, 'after'>,
): ShownMessagePage & { thread: ChatThreadView } {
  const row = loadVisible(viewer, threadId);
  const side = sideOf(viewer);
  const unread = side === 'admin' ? row.isAdminUnread : row.isUserUnread && row.userId === viewer.id;
  if (unread) clearUnread(row, side);
  const thread = toThreadView(unread ? { ...row, ...(side === 'admin' ? { isAdminUnread: false } : { isUserUnread: false }) } : row);
  return { thread, ...readShownMessages(threadId, window) };
}

/** A model input checked with its schema: the first message as a 400, beside `field` on a page form. */
function parseOr400<S extends z.ZodTypeAny>(schema: S, value: unknown, field?: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    throw new AppError(400, firstIssueMessage(parsed.error), field ?? (String(parsed.error.issues[0]?.path[0] ?? '') || undefined));
  return parsed.data;
}

/** One point per message (and per new ticket) for users; the support team answers without a limit. */
async function spendMessagePoint(viewer: ChatViewer): Promise<void> {
  if (!isAdmin(viewer)) await consume([['chatMessage', String(viewer.id)]]);
}

/**
 * POST /api/chat/threads/{id}/messages and the ticket page's box: the owner or an admin writes
 * to an open ticket. Blank (after trimming) and over-long messages are refused, as is any
 * message to a closed ticket; users are rate-limited (the page's upload spent its point before
 * its body was read: `admission`, message-upload.server.ts). `files` are checked by their bytes
 * and stored before the transaction, which checks the storage quotas with their real sizes and
 * removes them again if it fails (attachments.server.ts, attachment-storage.server.ts).
 */
export async function postMessage(
  viewer: ChatViewer,
  threadId: number,
  text: unknown,
  files: readonly (File | IncomingFile)[] = [],
  admission?: UploadAdmission | null,
): Promise<ChatMessageView> {
  const message = parseOr400(chatMessageField, text, 'message');
  const thread = loadVisible(viewer, threadId);
  if (thread.status === 'closed') throw new AppError(409, CHAT_MESSAGES.closed);
  if (admission?.userId !== viewer.id) await spendMessagePoint(viewer);
  const stored = await storeFiles(files.map((file) => (file instanceof File ? incomingFromFile(file) : file)));
  const storedBytes = stored.reduce((sum, file) => sum + file.size, 0);
  const fromAdmin = isAdmin(viewer);
  const written = await withStoredFiles(stored, (storedFiles) =>
    db.transaction((tx) => {
      // Read again inside the transaction: the ticket may have been closed or deleted meanwhile.
      const current = tx
        .select({ status: chatThreads.status, lastMessageAt: chatThreads.lastMessageAt })
        .from(chatThreads)
        .where(eq(chatThreads.id, threadId))
        .get();
      if (!current) throw new AppError(404, CHAT_MESSAGES.notFound);
      if (current.status === 'closed') throw new AppError(409, CHAT_MESSAGES.closed);
      assertRoomForFiles(tx, viewer.id, storedBytes);
      const at = new Date(Math.max(Date.now(), current.lastMessageAt?.getTime() ?? 0));
      const inserted = tx
        .insert(chatMessages)
        .values({ threadId, userId: viewer.id, message, isAdminMessage: fromAdmin, createdAt: at })
        .returning()
        .get();
      tx.update(chatThreads)
        .set({
          lastMessageAt: at,
          ...(fromAdmin ? { isUserUnread: true, isAdminUnread: false } : { isAdminUnread: true, isUserUnread: false }),
        })
        .where(eq(chatThreads.id, threadId))
        .run();
      if (fromAdmin && viewer.id !== thread.userId)
        queueSupportReplyMail(tx, { id: threadId, userId: thread.userId, subject: thread.subject }, inserted.id);
      return { row: inserted, attachments: insertAttachments(tx, inserted.id, threadId, storedFiles) };
    }),
  );
  if (storedBytes > 0)
    warnAdminsIfStorageLow().catch((error: unknown) => logger.error({ err: error }, 'attachments: could not check the storage'));
  const view = toMessageView(written.row, written.attachments);
  publish(liveChannels.thread(threadId), 'chat-message', { threadId, message: view });
  publishUnread(thread.userId, { user: true, admin: true });
  return view;
}

/**
 * POST /api/chat/threads and 'Nova Conversa': a new open, admin-unread ticket, with its first
 * message in the same transaction when one is given (a ticket never exists half-made).
 */
export async function createThread(user: ChatViewer, input: unknown): Promise<ChatThreadView> {
  const { subject, message } = parseOr400(chatThreadCreateSchema, input);
  await spendMessagePoint(user);
  const id = db.transaction((tx) => {
    const now = new Date();
    const thread = tx
      .insert(chatThreads)
      .values({
        userId: user.id,
        subject,
        subjectKey: sortKey(subject),
        status: 'open',
        isUserUnread: false,
        isAdminUnread: true,
        lastMessageAt: message === undefined ? null : now,
        createdAt: now,
      })
      .returning({ id: chatThreads.id })
      .get();
    if (message !== undefined) {
      tx.insert(chatMessages)
        .values({ threadId: thread.id, userId: user.id, message, isAdminMessage: isAdmin(user), createdAt: now })
        .run();
    }
    queueNewTicketMails(tx, { id: thread.id, userId: user.id, subject }, message);
    return thread.id;
  });
  publishUnread(user.id, { user: false, admin: true });
  return getThread(user, id);
}

/** 'Finalizar Ticket' and PATCH /api/chat/threads/{id}/close: the owner or an admin; closing twice is not an error. The owner is asked 'Como foi o atendimento?' by mail. */
export function closeThread(viewer: ChatViewer, threadId: number): ChatThreadView {
  const row = loadVisible(viewer, threadId);
  if (row.status !== 'closed') {
    db.transaction((tx) => {
      tx.update(chatThreads).set({ status: 'closed' }).where(eq(chatThreads.id, threadId)).run();
      queueRatingRequestMail(tx, { id: threadId, userId: row.userId, subject: row.subject });
    });
    publishThread({ id: threadId, status: 'closed' });
  }
  return toThreadView({ ...row, status: 'closed' });
}

/**
 * 'Excluir' and DELETE /api/chat/threads/{id}: admins only; the messages go with the ticket, and
 * the audit row says which ticket of which user by number only (its words went with it).
 */
export function deleteThread(admin: ChatViewer & AuditActor, threadId: number): void {
  if (!isAdmin(admin)) throw new AppError(403, CHAT_MESSAGES.adminOnly);
  const row = loadVisible(admin, threadId);
  db.transaction((tx) => {
    const messages = tx.select({ value: count() }).from(chatMessages).where(eq(chatMessages.threadId, threadId)).get()?.value ?? 0;
    removeFilesAfterCommit(threadFileKeys(tx, threadId));
    const deleted = tx.delete(chatThreads).where(eq(chatThreads.id, threadId)).run().changes;
    if (deleted === 0) throw new AppError(404, CHAT_MESSAGES.notFound);
    recordAudit(tx, admin, {
      action: 'chat.delete',
      entityType: 'chat_thread',
      entityId: threadId,
      summary: `excluído: ticket #${threadId} do usuário #${row.userId} (${row.status === 'open' ? 'aberto' : 'fechado'}, ${messages} mensagem(ns))`,
    });
  });
  publishThread(row, true);
  publishUnread(row.userId, { user: row.isUserUnread, admin: row.isAdminUnread });
}

function clearUnread(row: Pick<ThreadSelection, 'id' | 'userId' | 'status'>, side: ChatSide): void {
  const flag = side === 'admin' ? chatThreads.isAdminUnread : chatThreads.isUserUnread;
  const changed = db
    .update(chatThreads)
    .set(side === 'admin' ? { isAdminUnread: false } : { isUserUnread: false })
    .where(and(eq(chatThreads.id, row.id), eq(flag, true)))
    .run().changes;
  if (changed > 0) {
    publishThread(row);
    publishUnread(row.userId, { user: side === 'user', admin: side === 'admin' });
  }
}

/**
 * POST /api/chat/threads/{id}/mark-read-admin (admins) and /mark-read-user (the owner): clears
 * that side's flag. Returns the ticket as it is now.
 */
export function markRead(viewer: ChatViewer, threadId: number, side: ChatSide): ChatThreadView {
  if (side === 'admin' && !isAdmin(viewer)) throw new AppError(403, CHAT_MESSAGES.adminOnly);
  const row = loadVisible(viewer, threadId);
  if (side === 'user' && row.userId !== viewer.id) throw new AppError(403, CHAT_MESSAGES.adminOnly);
  const unread = side === 'admin' ? row.isAdminUnread : row.isUserUnread;
  if (unread) clearUnread(row, side);
  return toThreadView({ ...row, ...(side === 'admin' ? { isAdminUnread: false } : { isUserUnread: false }) });
}
