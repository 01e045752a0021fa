import { and, asc, count, eq, inArray, isNotNull, isNull, max, or, sql, type SQL } from 'drizzle-orm';
import { db, preparedQuery, preparedShapes } from '../../../db/client';
import { assessmentAttempts, certificates, courseAssessments, courseGrants, courses, lessonProgress } from '../../../db/schema';
import { paginate, type Page } from '../../utils/pagination.server';
import { consume } from '../../utils/rate-limit.server';
import { hasAtLeast } from '../accounts/roles';
import type { UserRow } from '../../../db/schema';
import { grantInForce, grantTime, inJsonIds } from '../courses/access.server';
import { lessonTotalsFor } from '../courses/lesson-totals.server';

/**
 * 'Minha Conta' → 'Formação' (issue 31, item 4): the learner's training record. Every course the
 * person started (a lesson done, an attempt, a certificate) or may open today (the course access rule:
 * E-MASTER and above, a free visible course or one they hold a grant for; admins every course), each
 * with its progress, its final assessment's attempts (count, best grade, last date), its completion date
 * and its valid certificate. One person's own record: the caller passes the signed-in user.
 */

export type TrainingRecordItem = {
  courseId: number;
  courseTitle: string;
  /** A hidden course the person started stays in their record, without a link to a page they cannot open. */
  linkable: boolean;
  lessonsDone: number;
  lessonsTotal: number;
  hasAssessment: boolean;
  attempts: { count: number; bestPercent: number | null; lastAt: string | null; passed: boolean };
  /** When the last lesson was marked done, once every lesson is. */
  completedAt: string | null;
  certificateCode: string | null;
};

type Viewer = Pick<UserRow, 'id' | 'role'>;

/** Which SQL lists a person's courses: every course (admin), the ones they started, or those and the ones open to them (E-MASTER). */
type Reach = 'admin' | 'started' | 'open';
const reachOf = (viewer: Viewer): Reach => (viewer.role === 'admin' ? 'admin' : hasAtLeast(viewer.role, 'E-MASTER') ? 'open' : 'started');

/** The courses this record lists, as SQL over `courses` (started, or open to the person today), and which of them were started; `userId` and `now` are placeholders. */
function listedCourses(reach: Reach): { where: SQL; started: SQL } {
  const userId = sql.placeholder('userId');
  const started = or(
    inArray(courses.id, db.select({ id: lessonProgress.courseId }).from(lessonProgress).where(eq(lessonProgress.userId, userId))),
    inArray(
      courses.id,
      db.select({ id: assessmentAttempts.courseId }).from(assessmentAttempts).where(eq(assessmentAttempts.userId, userId)),
    ),
    inArray(
      courses.id,
      db
        .select({ id: certificates.courseId })
        .from(certificates)
        .where(and(eq(certificates.userId, userId), eq(certificates.status, 'valid'), isNotNull(certificates.courseId))),
    ),
  )!;
  if (reach === 'admin') return { where: sql`1 = 1`, started };
  if (reach === 'started') return { where: started, started };
  const granted = db
    .select({ id: courseGrants.courseId })
    .from(courseGrants)
    .where(and(eq(courseGrants.userId, userId), grantInForce(sql.placeholder('now'))));
  const open = and(
    eq(courses.isHidden, false),
    or(and(eq(courses.requiresPromoCode, false), isNull(courses.priceCents)), inArray(courses.id, granted)),
  )!;
  return { where: or(started, open)!, started };
}

// Built and prepared once per connection and reach: the page's SQL is the same for every view.
const recordCount = preparedShapes((reach: Reach) => db.select({ n: count() }).from(courses).where(listedCourses(reach).where).prepare());
const recordRows = preparedShapes((reach: Reach) => {
  const { where, started } = listedCourses(reach);
  return db
    .select({ id: courses.id, title: courses.title, isHidden: courses.isHidden })
    .from(courses)
    .where(where)
    .orderBy(sql`case when ${started} then 0 else 1 end`, asc(courses.titleKey), asc(courses.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare();
});

const userId = () => sql.placeholder('userId');
const lessonsDone = preparedQuery(() =>
  db
    .select({ courseId: lessonProgress.courseId, n: count(), last: max(lessonProgress.completedAt) })
    .from(lessonProgress)
    .where(and(eq(lessonProgress.userId, userId()), inJsonIds(lessonProgress.courseId, 'courseIds')))
    .groupBy(lessonProgress.courseId)
    .prepare(),
);
const attemptFigures = preparedQuery(() =>
  db
    .select({
      courseId: assessmentAttempts.courseId,
      n: count(),
      best: max(assessmentAttempts.scorePercent),
      last: max(assessmentAttempts.submittedAt),
      passed: max(assessmentAttempts.passed),
    })
    .from(assessmentAttempts)
    .where(
      and(
        eq(assessmentAttempts.userId, userId()),
        inJsonIds(assessmentAttempts.courseId, 'courseIds'),
        isNotNull(assessmentAttempts.submittedAt),
      ),
    )
    .groupBy(assessmentAttempts.courseId)
    .prepare(),
);
const assessedCourses = preparedQuery(() =>
  db
    .select({ courseId: courseAssessments.courseId })
    .from(courseAssessments)
    .where(inJsonIds(courseAssessments.courseId, 'courseIds'))
    .prepare(),
);
const certificateCodes = preparedQuery(() =>
  db
    .select({ courseId: certificates.courseId, code: certificates.code })
    .from(certificates)
    .where(and(eq(certificates.userId, userId()), eq(certificates.status, 'valid'), inJsonIds(certificates.courseId, 'courseIds')))
    .prepare(),
);

/** The figures of these courses for this person: a handful of grouped queries over the page's ids, each on an index. */
function itemsFor(viewer: Viewer, rows: { id: number; title: string; isHidden: boolean }[]): TrainingRecordItem[] {
  if (rows.length === 0) return [];
  const params = { userId: viewer.id, courseIds: JSON.stringify(rows.map((row) => row.id)) };
  const byCourse = <T extends { courseId: number | null }>(list: T[]) => new Map(list.map((row) => [row.courseId, row]));
  const totals = lessonTotalsFor(rows.map((row) => row.id));
  const done = byCourse(lessonsDone().all(params));
  const attempts = byCourse(attemptFigures().all(params));
  const assessed = new Set(
    assessedCourses()
      .all(params)
      .map((row) => row.courseId),
  );
  const codes = byCourse(certificateCodes().all(params));
  return rows.map((row) => {
    const total = totals.get(row.id) ?? 0;
    const progress = done.get(row.id);
    const tried = attempts.get(row.id);
    const complete = total > 0 && progress !== undefined && progress.n >= total && progress.last instanceof Date;
    return {
      courseId: row.id,
      courseTitle: row.title,
      linkable: !row.isHidden || viewer.role === 'admin',
      lessonsDone: Math.min(progress?.n ?? 0, total),
      lessonsTotal: total,
      hasAssessment: assessed.has(row.id),
      attempts: {
        count: tried?.n ?? 0,
        bestPercent: tried?.best ?? null,
        lastAt: tried?.last instanceof Date ? tried.last.toISOString() : null,
        passed: Boolean(tried?.passed),
      },
      completedAt: complete ? progress.last!.toISOString() : null,
      certificateCode: codes.get(row.id)?.code ?? null,
    };
  });
}

/** One page of the record: the courses the person started first, then the others open to them, each part in 'Nome A-Z' order. */
export function trainingRecordPage(viewer: Viewer, query: { page: number; perPage: number }, now = new Date()): Page<TrainingRecordItem> {
  const reach = reachOf(viewer);
  const params = { userId: viewer.id, now: grantTime(now) };
  return paginate(query, {
    count: () => recordCount(reach).get(params)?.n ?? 0,
    rows: (limit, offset) => itemsFor(viewer, recordRows(reach).all({ ...params, limit, offset })),
  });
}

/** The most courses one PDF lists: the catalogue is far smaller; a bound keeps one download bounded. */
export const TRAINING_RECORD_PDF_MAX = 500;

/**
 * The whole record for the PDF 'Histórico de formação' (at most TRAINING_RECORD_PDF_MAX courses), the
 * signed-in person's own: each download spends one of `trainingRecordPdf`'s points (10 per 15 minutes per
 * account) before the queries and the drawing, and a spent limit answers 429.
 */
export async function trainingRecordForDownload(viewer: Viewer, now = new Date()): Promise<TrainingRecordItem[]> {
  await consume([['trainingRecordPdf', String(viewer.id)]]);
  return trainingRecordPage(viewer, { page: 1, perPage: TRAINING_RECORD_PDF_MAX }, now).items;
}
