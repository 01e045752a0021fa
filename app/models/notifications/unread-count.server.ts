import { and, count, eq, gt, inArray, isNull, min, or, sql } from 'drizzle-orm';
import { databaseVersion, db, preparedQuery } from '../../../db/client';
import { notificationReads, notifications, users, type Role, type UserRow } from '../../../db/schema';

/**
 * The header's badge on every signed-in page. Unread = the user's own unread notices + the
 * broadcasts their role sees − the ones of those they have read. The broadcasts their role sees are
 * the same for every user of the role and walk every broadcast (no index covers them), so their count
 * is kept per role until the database changes or the first of them expires; the rest is two index
 * lookups on the user's id in one statement.
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
  const ownUnread = db
    .select({ value: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false), notExpired));
  const readBroadcasts = db
    .select({ value: count() })
    .from(notificationReads)
    .innerJoin(notifications, eq(notifications.id, notificationReads.notificationId))
    .where(and(eq(notificationReads.userId, userId), broadcastTo, notExpired));
  return db
    .select({ value: sql<number>`(${ownUnread}) - (${readBroadcasts})` })
    .from(users)
    .where(eq(users.id, userId))
    .prepare();
});

type KeptCount = { version: string; count: number; from: number; until: number };

/** One entry per role (five at most): valid while the database version holds and `now` is in [from, until). */
const broadcastCounts = new Map<Role, KeptCount>();

function broadcastCount(role: Role, now: number): number {
  const version = databaseVersion();
  const kept = broadcastCounts.get(role);
  if (kept && kept.version === version && now >= kept.from && now < kept.until) return kept.count;
  const { count, nextExpiry } = visibleBroadcasts().get({ role, now })!;
  broadcastCounts.set(role, { version, count, from: now, until: nextExpiry?.getTime() ?? Infinity });
  return count;
}

export function countUnreadNotifications(user: Pick<UserRow, 'id' | 'role'>, now = new Date()): number {
  const at = now.getTime();
  const own = ownUnreadMinusReadBroadcasts().get({ userId: user.id, role: user.role, now: at });
  return own ? own.value + broadcastCount(user.role, at) : 0;
}
