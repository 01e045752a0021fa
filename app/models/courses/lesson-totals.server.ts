import { count } from 'drizzle-orm';
import { db, preparedQuery } from '../../../db/client';
import { lessons } from '../../../db/schema';
import { inJsonIds } from './access.server';

const lessonTotals = preparedQuery(() =>
  db
    .select({ courseId: lessons.courseId, total: count() })
    .from(lessons)
    .where(inJsonIds(lessons.courseId, 'courseIds'))
    .groupBy(lessons.courseId)
    .prepare(),
);

/** How many lessons each of these courses has (a course without lessons is absent): one grouped, prepared query. */
export function lessonTotalsFor(courseIds: number[]): Map<number, number> {
  if (courseIds.length === 0) return new Map();
  return new Map(
    lessonTotals()
      .all({ courseIds: JSON.stringify(courseIds) })
      .map((row) => [row.courseId, row.total]),
  );
}
