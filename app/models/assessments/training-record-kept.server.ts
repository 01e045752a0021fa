import { and, eq, sql } from 'drizzle-orm';
import { db, preparedQuery } from '../../../db/client';
import { keptUntilWritten } from '../../../db/kept-until-written';
import { courseGrants, type UserRow } from '../../../db/schema';
import type { Page } from '../../utils/pagination.server';
import { trainingRecordPage, type TrainingRecordItem } from './training-record.server';

/**
 * 'Formação' as the page shows it, kept per person and page until anything is written to the database
 * (a lesson done, an attempt, a certificate, a grant, a course edited) or a grant of the person starts or
 * ends, whichever comes first: the record's seven statements (about 0.4 ms on the large bench database,
 * a fifth of the page) run once per change instead of once per view. The PDF reads the record itself.
 */

/** The people seen most recently, a page each (a page holds at most 50 courses). */
export const KEPT_RECORD_PAGES = 1_000;
const kept = keptUntilWritten<Page<TrainingRecordItem>>(KEPT_RECORD_PAGES);

// Which courses are open to the person changes without a write when one of their grants starts or ends.
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

/** When the person's grants next change what is open to them (ms), or Infinity. */
function grantChangeAfter(userId: number, now: Date): number {
  const row = nextGrantChange().get({ userId, now: now.getTime() });
  const times = [row?.starts, row?.ends].filter((time): time is number => typeof time === 'number');
  return times.length === 0 ? Infinity : Math.min(...times);
}

export function keptTrainingRecordPage(
  viewer: Pick<UserRow, 'id' | 'role'>,
  query: { page: number; perPage: number },
  now = new Date(),
): Page<TrainingRecordItem> {
  const key = `${viewer.id}:${viewer.role}:${query.page}:${query.perPage}`;
  return kept.get(key, now.getTime(), () => ({
    value: trainingRecordPage(viewer, query, now),
    until: grantChangeAfter(viewer.id, now),
  }));
}
