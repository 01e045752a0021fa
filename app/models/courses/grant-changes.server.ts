import { and, eq, sql } from 'drizzle-orm';
import { db, preparedQuery } from '../../../db/client';
import { courseGrants } from '../../../db/schema';

// Which courses a person may open changes without a write when one of their grants starts or ends.
const nextGrantChange = preparedQuery(() => {
  const now = sql.placeholder('now');
  return db
    .select({
      starts: sql<number | null>`min(case when ${courseGrants.startsAt} > ${now} then ${courseGrants.startsAt} end)`,
      ends: sql<number | null>`min(case when ${courseGrants.endsAt} > ${now} then ${courseGrants.endsAt} end)`,
    })
    .from(courseGrants)
    .where(and(eq(courseGrants.userId, sql.placeholder('userId')), eq(courseGrants.active, true)))
    .prepare();
});

/**
 * When one of the person's active course grants next starts or ends after `now` (ms), or Infinity: how long
 * a memo of what they may open stays true without a write (`db/kept-until-written.ts`).
 */
export function grantChangeAfter(userId: number, now: Date): number {
  const row = nextGrantChange().get({ userId, now: now.getTime() });
  const times = [row?.starts, row?.ends].filter((time): time is number => typeof time === 'number');
  return times.length === 0 ? Infinity : Math.min(...times);
}
