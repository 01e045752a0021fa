import { and, count, desc, eq, gt, isNull, or, sql, type Placeholder } from 'drizzle-orm';
import { db, type Executor } from '../../../db/client';
import { notificationReads, notifications, users, type NotificationRow, type UserRow } from '../../../db/schema';
import type { NotificationInput } from '../../schemas/notification';
import { AppError } from '../../utils/errors';
import { paginate, type Page } from '../../utils/pagination.server';
import { recordAudit, type AuditActor } from '../audit/audit.server';
import { liveChannels, publish } from '../live-bus/live-events.server';
import { getUserById } from '../accounts/user.server';
import { countUnreadNotifications } from './unread-count.server';

export const NOTIFICATION_NOT_FOUND = 'Notificação não encontrada';
const LIST_LIMIT = 100;

/**
 * Notifications addressed to this user: their own (userId), to everyone, or to their exact
 * current role; not expired. Role targeting is exact on purpose: a notice to 'E-TOOL' speaks
 * to E-TOOL subscribers (e.g. about their plan), so E-MASTER users and admins do not get it.
 */
type Bound<T> = T | Placeholder;

export function visibleTo(user: { id: Bound<number>; role: Bound<UserRow['role']> }, now: Bound<Date> = new Date()) {
  return and(
    or(
      eq(notifications.userId, user.id),
      and(isNull(notifications.userId), or(eq(notifications.targetRole, 'all'), eq(notifications.targetRole, user.role))),
    ),
    or(isNull(notifications.expiresAt), gt(notifications.expiresAt, now)),
  );
}

/** Read state: a personal notification's own flag, or this user's row in notification_reads. */
export function readByUser(userId: Bound<number>) {
  return sql<boolean>`case when ${notifications.userId} is not null then ${notifications.isRead}
    else exists (select 1 from ${notificationReads} where ${notificationReads.notificationId} = ${notifications.id}
      and ${notificationReads.userId} = ${userId}) end`;
}

export { countUnreadNotifications };

export type NotificationType = NotificationRow['type'];

/** What a user receives: the read state is theirs, computed per user. */
export type NotificationView = {
  id: number;
  title: string;
  message: string;
  type: NotificationType;
  link: string | null;
  targetRole: NotificationRow['targetRole'];
  personal: boolean;
  isRead: boolean;
  createdAt: string;
  expiresAt: string | null;
};

type ViewSource = Pick<NotificationRow, 'id' | 'title' | 'message' | 'type' | 'link' | 'targetRole' | 'createdAt' | 'expiresAt'>;

/** The fields every notification view shares, dates as ISO strings. */
const commonView = (row: ViewSource) => ({
  id: row.id,
  title: row.title,
  message: row.message,
  type: row.type,
  link: row.link,
  targetRole: row.targetRole,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt?.toISOString() ?? null,
});

/** The user's visible notifications, newest first (the most recent 100). */
export function listNotificationsFor(user: Pick<UserRow, 'id' | 'role'>, now = new Date()): NotificationView[] {
  return db
    .select({
      id: notifications.id,
      title: notifications.title,
      message: notifications.message,
      type: notifications.type,
      link: notifications.link,
      targetRole: notifications.targetRole,
      userId: notifications.userId,
      createdAt: notifications.createdAt,
      expiresAt: notifications.expiresAt,
      isRead: readByUser(user.id),
    })
    .from(notifications)
    .where(visibleTo(user, now))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(LIST_LIMIT)
    .all()
    .map((row) => ({ ...commonView(row), personal: row.userId !== null, isRead: Boolean(row.isRead) }));
}

/** The drawer's groups, most urgent first; empty groups are left out. */
export const NOTIFICATION_GROUPS: Array<{ type: NotificationType; title: string }> = [
  { type: 'error', title: 'Importantes' },
  { type: 'warning', title: 'Avisos' },
  { type: 'success', title: 'Confirmações' },
  { type: 'info', title: 'Informações' },
];

export type NotificationGroup = { type: NotificationType; title: string; items: NotificationView[] };

export function groupNotifications(list: NotificationView[]): NotificationGroup[] {
  return NOTIFICATION_GROUPS.map((group) => ({ ...group, items: list.filter((item) => item.type === group.type) })).filter(
    (group) => group.items.length > 0,
  );
}

/** What the notifications page and drawer show: the grouped list and the unread count. */
export type NotificationInbox = { groups: NotificationGroup[]; unread: number };

export function notificationInbox(user: Pick<UserRow, 'id' | 'role'>, now = new Date()): NotificationInbox {
  return { groups: groupNotifications(listNotificationsFor(user, now)), unread: countUnreadNotifications(user, now) };
}

/** The user's badge count to their open tabs (after a commit that changed it). */
function publishUnreadCount(user: Pick<UserRow, 'id' | 'role'>, now = new Date()): void {
  publish(liveChannels.user(user.id), 'notifications', { count: countUnreadNotifications(user, now) });
}

/**
 * A notice's change to the open tabs it concerns, once the transaction that wrote it has
 * committed: a personal one sends its user's exact count; a new one for everyone or one role
 * (whose count differs per reader) sends one more unread, which each tab of that audience adds to
 * what it shows. An expired notice counts for nobody.
 */
export function publishNotice(row: Pick<NotificationRow, 'userId' | 'targetRole' | 'expiresAt'>, now = new Date()): void {
  if (row.userId !== null) {
    const user = getUserById(row.userId);
    if (user) publishUnreadCount(user, now);
  } else if (!row.expiresAt || row.expiresAt.getTime() > now.getTime()) {
    publish(liveChannels.everyone, 'notifications', { added: 1, role: row.targetRole });
  }
}

/** Marks one notification read for this user only; 404 when it is not addressed to them. */
export function markNotificationRead(user: Pick<UserRow, 'id' | 'role'>, id: number, now = new Date()): void {
  db.transaction((tx) => {
    const row = tx
      .select({ id: notifications.id, userId: notifications.userId })
      .from(notifications)
      .where(and(eq(notifications.id, id), visibleTo(user, now)))
      .get();
    if (!row) throw new AppError(404, NOTIFICATION_NOT_FOUND);
    if (row.userId !== null) {
      tx.update(notifications).set({ isRead: true }).where(eq(notifications.id, id)).run();
    } else {
      tx.insert(notificationReads).values({ notificationId: id, userId: user.id, readAt: now }).onConflictDoNothing().run();
    }
  });
  publishUnreadCount(user, now);
}

/** What an admin gets back: the stored notification with its audience. */
export type SentNotificationView = Omit<NotificationView, 'isRead' | 'personal'> & { userId: number | null; createdBy: number | null };

function toSentView(row: NotificationRow): SentNotificationView {
  return {
    ...commonView(row),
    userId: row.userId,
    createdBy: row.createdBy,
  };
}

const audience = (row: Pick<NotificationRow, 'userId' | 'targetRole'>) => (row.userId !== null ? `usuário ${row.userId}` : row.targetRole);

/** What a notice says and to whom: one user (`userId`), or everyone or one role (`targetRole`). */
export type NewNotice = Pick<NotificationRow, 'title' | 'message' | 'type'> &
  Partial<Pick<NotificationRow, 'link' | 'userId' | 'targetRole' | 'expiresAt' | 'createdBy'>>;

/**
 * THE writer of notifications: every notice in the app is inserted here, inside the caller's
 * transaction, so it commits or rolls back with what it tells about. The caller hands the row to
 * `publishNotice` after that transaction has committed, so an open tab never hears of a notice
 * that was rolled back.
 */
export function writeNotification(tx: Executor, notice: NewNotice): NotificationRow {
  const userId = notice.userId ?? null;
  return tx
    .insert(notifications)
    .values({
      ...notice,
      userId,
      // A personal notice is matched by userId alone (see visibleTo); its role target is moot.
      targetRole: userId !== null ? 'all' : (notice.targetRole ?? 'all'),
    })
    .returning()
    .get();
}

/** An admin's notice: to everyone, to one role, or (userId) to one user; audited in the same transaction. */
export function createNotification(actor: AuditActor, input: NotificationInput): SentNotificationView {
  const sent = db.transaction((tx) => {
    if (input.userId !== null && !tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).get()) {
      throw new AppError(404, 'Usuário não encontrado', 'userId');
    }
    const row = writeNotification(tx, {
      title: input.title,
      message: input.message,
      type: input.type,
      targetRole: input.targetRole,
      link: input.link,
      expiresAt: input.expiresAt,
      userId: input.userId,
      createdBy: actor.id,
    });
    recordAudit(tx, actor, {
      action: 'notification.create',
      entityType: 'notification',
      entityId: row.id,
      summary: `enviada: ${row.title} (${row.type}, para ${audience(row)})`,
    });
    return { row, view: toSentView(row) };
  });
  publishNotice(sent.row);
  return sent.view;
}

/** Deletes a notification and everyone's read state for it. */
export function deleteNotification(actor: AuditActor, id: number): void {
  const deleted = db.transaction((tx) => {
    const deleted = tx.delete(notifications).where(eq(notifications.id, id)).returning().get();
    if (!deleted) throw new AppError(404, NOTIFICATION_NOT_FOUND);
    recordAudit(tx, actor, {
      action: 'notification.delete',
      entityType: 'notification',
      entityId: id,
      summary: `excluída: ${deleted.title} (para ${audience(deleted)})`,
    });
    return deleted;
  });
  // A personal notice's reader gets their new count; a broadcast's readers see theirs on their next page load.
  if (deleted.userId !== null) publishNotice(deleted);
}

/** A row of the admin history: the notice, its audience and, for a personal one, the user's name. */
export type NotificationHistoryItem = SentNotificationView & { username: string | null };

/** The admin history, newest first (notifications_created_idx), a page at a time. */
export function listSentNotifications(query: { page: number; perPage: number }): Page<NotificationHistoryItem> {
  return paginate(query, {
    count: () => db.select({ value: count() }).from(notifications).get()?.value ?? 0,
    rows: (limit, offset) =>
      db
        .select({ notification: notifications, username: users.username })
        .from(notifications)
        .leftJoin(users, eq(users.id, notifications.userId))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(limit)
        .offset(offset)
        .all()
        .map((row) => ({ ...toSentView(row.notification), username: row.username })),
  });
}
