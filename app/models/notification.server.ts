import { and, count, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { db } from '../../db/client';
import { notificationReads, notifications, type UserRow } from '../../db/schema';

/** Notifications addressed to this user: their own, to everyone, or to their role; not expired. */
export function visibleTo(user: Pick<UserRow, 'id' | 'role'>, now = new Date()) {
  return and(
    or(
      eq(notifications.userId, user.id),
      and(isNull(notifications.userId), or(eq(notifications.targetRole, 'all'), eq(notifications.targetRole, user.role))),
    ),
    or(isNull(notifications.expiresAt), gt(notifications.expiresAt, now)),
  );
}

/** Read state: a personal notification's own flag, or this user's row in notification_reads. */
export function readByUser(userId: number) {
  return sql<boolean>`case when ${notifications.userId} is not null then ${notifications.isRead}
    else exists (select 1 from ${notificationReads} where ${notificationReads.notificationId} = ${notifications.id}
      and ${notificationReads.userId} = ${userId}) end`;
}

export function countUnreadNotifications(user: Pick<UserRow, 'id' | 'role'>, now = new Date()): number {
  const row = db
    .select({ value: count() })
    .from(notifications)
    .where(and(visibleTo(user, now), sql`not (${readByUser(user.id)})`))
    .get();
  return row?.value ?? 0;
}
