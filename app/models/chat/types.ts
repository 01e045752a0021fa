import type { chatThreads, UserRow } from '../../../db/schema';
import type { AttachmentView } from './attachments.server';

/** The support chat's shared shapes: the modules of this folder and its views import them from here, so no two modules import each other for a type. */

export type ChatViewer = Pick<UserRow, 'id' | 'role'>;
export type ChatSide = 'user' | 'admin';
export type ThreadRow = typeof chatThreads.$inferSelect;

/** A ticket as the lists, the page and the API show it (dates as ISO strings). */
export type ChatThreadView = {
  id: number;
  userId: number;
  subject: string;
  status: ThreadRow['status'];
  isUserUnread: boolean;
  isAdminUnread: boolean;
  lastMessageAt: string | null;
  createdAt: string;
  /** The owner's username, or 'Usuário #{userId}' when it cannot be found. */
  userName: string;
};

/** A message as the page, the API and the live stream carry it. */
export type ChatMessageView = {
  id: number;
  threadId: number;
  /** null when the author's account was deleted (their words stay in the ticket). */
  userId: number | null;
  message: string;
  isAdminMessage: boolean;
  createdAt: string;
  /** Its files (attachments.server.ts), in the order they were sent. */
  attachments: AttachmentView[];
};

/** A message as the ticket page shows it (what its view reads; the live stream's ChatMessageView is a superset). */
export type ShownMessage = Pick<ChatMessageView, 'id' | 'message' | 'isAdminMessage' | 'createdAt' | 'attachments'>;
/** The ticket page's window: `total` only when paging back through older messages (the only view that says it). */
export type ShownMessagePage = { items: ShownMessage[]; total: number | null; hasEarlier: boolean };

export type ChatListQuery = { q: string; page: number; perPage: number };

export type MessageWindow = { before?: number; after?: number; limit: number };
export type MessagePage = {
  /** In order of arrival. */
  items: ChatMessageView[];
  /** Every message of the ticket. */
  total: number;
  /** Older messages exist before the first one given. */
  hasEarlier: boolean;
};
