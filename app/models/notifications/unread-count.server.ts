import { and, count, eq, gt, inArray, isNull, min, or, sql } from 'drizzle-orm';
import { databaseVersion, db, preparedQuery } from '../../../db/client';
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

/** A count valid while the database version holds and `now` is in [from, until). */
type KeptCount = { version: string; count: number; from: number; until: number };

const isValid = (kept: KeptCount | undefined, version: string, now: number): kept is KeptCount =>
  kept !== undefined && kept.version === version && now >= kept.from && now < kept.until;

/** One entry per role (five at most). */
const broadcastCounts = new Map<Role, KeptCount>();

function broadcastCount(role: Role, version: string, now: number): KeptCount {
  const kept = broadcastCounts.get(role);
  if (isValid(kept, version, now)) return kept;
  const { count, nextExpiry } = visibleBroadcasts().get({ role, now })!;
  const fresh = { version, count, from: now, until: nextExpiry?.getTime() ?? Infinity };
  broadcastCounts.set(role, fresh);
  return fresh;
}

/** The users seen most recently (a Map keeps insertion order: the oldest goes first when full). */
const KEPT_USER_COUNTS = 2000;
const userCounts = new Map<number, KeptCount & { role: Role }>();

export function countUnreadNotifications(user: Pick<UserRow, 'id' | 'role'>, now = new Date()): number {
  const at = now.getTime();
  const version = databaseVersion();
  const kept = userCounts.get(user.id);
  if (isValid(kept, version, at) && kept.role === user.role) return kept.count;

  const broadcasts = broadcastCount(user.role, version, at);
  const own = ownUnreadMinusReadBroadcasts().get({ userId: user.id, role: user.role, now: at });
  if (!own) return 0;
  const count = own.value + broadcasts.count;
  userCounts.delete(user.id);
  if (userCounts.size >= KEPT_USER_COUNTS) userCounts.delete(userCounts.keys().next().value!);
  userCounts.set(user.id, {
    version,
    role: user.role,
    count,
    from: at,
    until: Math.min(own.nextExpiry ?? Infinity, broadcasts.until),
  });
  return count;
}
