import { and, desc, eq, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { db } from '../../../db/client';
import { assessmentAttempts, type UserRow } from '../../../db/schema';
import { AppError } from '../../utils/errors';
import { pageOf, type Page } from '../../utils/pagination.server';
import { getCourse } from '../courses/course.server';
import type { Answer, ShownQuestion } from './grade';
import { itemAnalysis, type GradedSnapshot, type QuestionStats } from './item-analysis';
import { settingsOf, type AssessmentSettings } from './attempts.server';

/**
 * 'Como o curso ensina' (issue 31, item 5), for admins: a course's submitted attempts, pass rate and
 * average grade (SQL aggregates over the (course_id, submitted_at) index), and the item analysis of the
 * newest `ITEM_ANALYSIS_WINDOW` answered attempts (their snapshots are JSON, graded again here in
 * memory: bounded so the page stays fast however many attempts a course gathers).
 */

export const ITEM_ANALYSIS_WINDOW = 2000;

export const ANALYTICS_MESSAGES = { adminsOnly: 'Acesso negado' } as const;

export type AssessmentTotals = {
  attempts: number;
  learners: number;
  passed: number;
  /** passed ÷ attempts in percent, null without attempts. */
  passRate: number | null;
  averageScore: number | null;
  /** Attempts closed by the time limit, without answers (left out of the item analysis). */
  expired: number;
};

export type CourseAnalytics = {
  course: { id: number; title: string };
  settings: AssessmentSettings | null;
  totals: AssessmentTotals;
  /** How many answered attempts the item analysis read, and the most it reads. */
  analysed: number;
  window: number;
  questions: Page<QuestionStats>;
};

type Viewer = Pick<UserRow, 'id' | 'role'>;

function requireAdminViewer(viewer: Viewer) {
  if (viewer.role !== 'admin') throw new AppError(403, ANALYTICS_MESSAGES.adminsOnly);
}

const submittedOf = (courseId: number) => and(eq(assessmentAttempts.courseId, courseId), isNotNull(assessmentAttempts.submittedAt));

export function assessmentTotals(courseId: number): AssessmentTotals {
  const row = db
    .select({
      attempts: sql<number>`count(*)`,
      learners: sql<number>`count(distinct ${assessmentAttempts.userId})`,
      passed: sql<number>`coalesce(sum(${assessmentAttempts.passed}), 0)`,
      averageScore: sql<number | null>`avg(${assessmentAttempts.scorePercent})`,
      expired: sql<number>`coalesce(sum("answers" is null), 0)`,
    })
    .from(assessmentAttempts)
    .where(submittedOf(courseId))
    .get();
  const attempts = row?.attempts ?? 0;
  const passed = row?.passed ?? 0;
  return {
    attempts,
    learners: row?.learners ?? 0,
    passed,
    passRate: attempts === 0 ? null : (passed * 100) / attempts,
    averageScore: attempts === 0 ? null : (row?.averageScore ?? 0),
    expired: row?.expired ?? 0,
  };
}

const BATCH = 250;

/** The newest answered attempts of the course, newest first, read in batches by keyset (never the whole window in memory). */
function* answeredSnapshots(courseId: number, counter: { n: number }): Generator<GradedSnapshot> {
  let cursor: { submittedAt: Date; id: number } | null = null;
  while (counter.n < ITEM_ANALYSIS_WINDOW) {
    const after: SQL | undefined = cursor
      ? or(
          lt(assessmentAttempts.submittedAt, cursor.submittedAt),
          and(eq(assessmentAttempts.submittedAt, cursor.submittedAt), lt(assessmentAttempts.id, cursor.id)),
        )
      : undefined;
    const rows = db
      .select({
        id: assessmentAttempts.id,
        submittedAt: assessmentAttempts.submittedAt,
        questions: assessmentAttempts.questions,
        answers: assessmentAttempts.answers,
      })
      .from(assessmentAttempts)
      .where(and(submittedOf(courseId), isNotNull(assessmentAttempts.answers), after))
      .orderBy(desc(assessmentAttempts.submittedAt), desc(assessmentAttempts.id))
      .limit(Math.min(BATCH, ITEM_ANALYSIS_WINDOW - counter.n))
      .all();
    for (const row of rows) {
      counter.n += 1;
      yield { questions: JSON.parse(row.questions) as ShownQuestion[], answers: JSON.parse(row.answers!) as Answer[] };
    }
    const last = rows.at(-1);
    if (!last || rows.length < BATCH) return;
    cursor = { submittedAt: last.submittedAt!, id: last.id };
  }
}

/**
 * The answered attempts' fingerprint: a submission adds one and moves the newest time; an erased account
 * removes some. Submitted attempts never change, so an equal fingerprint means the same analysis.
 */
function answeredFingerprint(courseId: number): string {
  const row = db
    .select({ n: sql<number>`count(*)`, newest: sql<number | null>`max(${assessmentAttempts.submittedAt})` })
    .from(assessmentAttempts)
    .where(and(submittedOf(courseId), sql`("answers" is null) = 0`))
    .get();
  return `${row?.n ?? 0}:${row?.newest ?? ''}`;
}

type Analysis = { analysed: number; questions: QuestionStats[] };

/** The last analysis of a few courses, per process: grading 2,000 snapshots took 0.2–0.7 s (decision 071). */
const CACHED_COURSES = 32;
const cache = new Map<number, { fingerprint: string; analysis: Analysis }>();

/** Every question's statistics, hardest first (the CSV export and the page); computed again only after a new submission. */
export function courseItemAnalysis(viewer: Viewer, courseId: number): Analysis {
  requireAdminViewer(viewer);
  const fingerprint = answeredFingerprint(courseId);
  const cached = cache.get(courseId);
  if (cached?.fingerprint === fingerprint) return cached.analysis;
  const counter = { n: 0 };
  const questions = itemAnalysis(answeredSnapshots(courseId, counter));
  const analysis = { analysed: counter.n, questions };
  cache.delete(courseId);
  cache.set(courseId, { fingerprint, analysis });
  if (cache.size > CACHED_COURSES) cache.delete(cache.keys().next().value!);
  return analysis;
}

/** The admin page: the course (404 when missing), its totals and one page of the item analysis. */
export function courseAnalytics(viewer: Viewer, courseId: number, query: { page: number; perPage: number }): CourseAnalytics {
  requireAdminViewer(viewer);
  const course = getCourse(viewer, courseId);
  const { analysed, questions } = courseItemAnalysis(viewer, courseId);
  return {
    course: { id: course.id, title: course.title },
    settings: settingsOf(courseId),
    totals: assessmentTotals(courseId),
    analysed,
    window: ITEM_ANALYSIS_WINDOW,
    questions: pageOf(questions, query),
  };
}
