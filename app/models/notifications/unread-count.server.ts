import { and, count, eq, gt, inArray, isNull, min, or, sql } from 'drizzle-orm';
import { db, preparedQuery } from '../../../db/client';
import { keptUntilWritten } from '../../../db/kept-until-written';
import { notificationReads, notifications, users, type Role, type UserRow } from '../../../db/schema';

/**
 * The header's badge on every signed-in page. Unread = the user's own unread notices + the
 * broadcasts their role sees − the ones of those they have read. The broadcasts their role sees are
 * the same for every user of the role and walk every broadcast (no index covers them), so their count
 * is kept per role; the user's part walks their read marks (hundreds for a long-time user), so it is
 * kept per user. Both hold while the database version holds (any write, by any process, ends them)
 * and until the first of the notices they counted expires.
 */

const notExpired = or(isNull(notifications.expiresAt), gt(notifications.expiresAt, sql.placeholder('now')));
const broadcastTo = and(isNull(notifications.userId), inArray(notifications.targetRole, ['all', sql.placeholder('role')]));

const visibleBroadcasts = preparedQuery(() =>
  db
    .select({ count: count(), nextExpiry: min(notifications.expiresAt) })
    .from(notifications)
    .where(and(broadcastTo, notExpired))
    .prepare(),
);

const ownUnreadMinusReadBroadcasts = preparedQuery(() => {
  const userId = sql.placeholder('userId');
  const ownUnreadWhere = and(eq(notifications.userId, userId), eq(notifications.isRead, false), notExpired);
  const ownUnread = db.select({ value: count() }).from(notifications).where(ownUnreadWhere);
  const ownNextExpiry = db
    .select({ value: min(notifications.expiresAt) })
    .from(notifications)
    .where(ownUnreadWhere);
  const readBroadcasts = db
    .select({ value: count() })
    .from(notificationReads)
    .innerJoin(notifications, eq(notifications.id, notificationReads.notificationId))
    .where(and(eq(notificationReads.userId, userId), broadcastTo, notExpired));
  return db
    .select({ value: sql<number>`(${ownUnread}) - (${readBroadcasts})`, nextExpiry: sql<number | null>`(${ownNextExpiry})` })
    .from(users)
    .where(eq(users.id, userId))
    .prepare();
});

/** One entry per role (five at most). */
const broadcastCounts = keptUntilWritten<{ count: number; until: number }>(5);

function broadcastCount(role: Role, now: number): { count: number; until: number } {
  return broadcastCounts.get(role, now, () => {
    const { count, nextExpiry } = visibleBroadcasts().get({ role, now })!;
    const until = nextExpiry?.getTime() ?? Infinity;
    return { value: { count, until }, until };
  });
}

/** The users seen most recently, with the role they were counted for. */
const userCounts = keptUntilWritten<number>(2000);

export function countUnreadNotifications(user: Pick<UserRow, 'id' | 'role'>, now = new Date()): number {
  const at = now.getTime();
  return userCounts.get(`${user.id}:${user.role}`, at, () => {
    const broadcasts = broadcastCount(user.role, at);
    const own = ownUnreadMinusReadBroadcasts().get({ userId: user.id, role: user.role, now: at });
    if (!own) return { value: 0, until: at };
    return { value: own.value + broadcasts.count, until: Math.min(own.nextExpiry ?? Infinity, broadcasts.until) };
  });
}
