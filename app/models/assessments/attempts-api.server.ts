import { and, count, desc, eq, isNotNull } from 'drizzle-orm';
import { db } from '../../../db/client';
import { assessmentAttempts, type UserRow } from '../../../db/schema';
import { answersAsFields, type AttemptAnswers } from '../../schemas/assessment-api';
import { AppError } from '../../utils/errors';
import { paginate, type Page } from '../../utils/pagination.server';
import {
  ASSESSMENT_MESSAGES,
  assessmentStateFor,
  submitAttempt,
  toAttemptResult,
  toOpenAttempt,
  type AttemptResult,
  type OpenAttemptView,
} from './attempts.server';
import type { ShownQuestion } from './grade';

/**
 * The attempts' JSON API (issue 31, item 6) over the same rules as the page (`attempts.server.ts`): an
 * open attempt leaves without its right answers, a graded one with them; a viewer reaches only their
 * own attempts of a course they may open (another's attempt is the same 404 as a missing one).
 */

type Viewer = Pick<UserRow, 'id' | 'role'>;

export type ApiAttempt = ({ status: 'open' } & OpenAttemptView) | ({ status: 'submitted' } & AttemptResult);

const ownAttempt = (viewer: Viewer, courseId: number, attemptId: number) =>
  db
    .select()
    .from(assessmentAttempts)
    .where(and(eq(assessmentAttempts.id, attemptId), eq(assessmentAttempts.userId, viewer.id), eq(assessmentAttempts.courseId, courseId)))
    .get();

/** The viewer's graded attempts of the course, newest first, a page at a time (the (user, course, started) index). */
export function listGradedAttempts(viewer: Viewer, courseId: number, query: { page: number; perPage: number }): Page<AttemptResult> {
  // Checks the course and closes an attempt whose time ran out, as the page does.
  assessmentStateFor(viewer, courseId);
  const where = and(
    eq(assessmentAttempts.userId, viewer.id),
    eq(assessmentAttempts.courseId, courseId),
    isNotNull(assessmentAttempts.submittedAt),
  );
  return paginate(query, {
    count: () => db.select({ n: count() }).from(assessmentAttempts).where(where).get()?.n ?? 0,
    rows: (limit, offset) =>
      db
        .select()
        .from(assessmentAttempts)
        .where(where)
        .orderBy(desc(assessmentAttempts.startedAt), desc(assessmentAttempts.id))
        .limit(limit)
        .offset(offset)
        .all()
        .map(toAttemptResult),
  });
}

/** One attempt of the viewer: open (questions only) or graded (with the right answers and explanations). */
export function attemptFor(viewer: Viewer, courseId: number, attemptId: number): ApiAttempt {
  assessmentStateFor(viewer, courseId);
  const row = ownAttempt(viewer, courseId, attemptId);
  if (!row) throw new AppError(404, ASSESSMENT_MESSAGES.notFound);
  return row.submittedAt === null ? { status: 'open', ...toOpenAttempt(row) } : { status: 'submitted', ...toAttemptResult(row) };
}

/** A JSON answer of the wrong type for its question (a number for a choice question, a list for a number) is refused. */
function checkTypes(questions: ShownQuestion[], answers: AttemptAnswers): void {
  if (answers.length > questions.length) throw new AppError(400, ASSESSMENT_MESSAGES.badChoice, 'answers');
  answers.forEach((answer, index) => {
    if (answer === null) return;
    const numeric = questions[index].kind === 'numeric';
    if (numeric && Array.isArray(answer)) throw new AppError(400, ASSESSMENT_MESSAGES.badNumber, `answers.${index}`);
    if (!numeric && !Array.isArray(answer)) throw new AppError(400, ASSESSMENT_MESSAGES.badChoice, `answers.${index}`);
  });
}

/** Grades the attempt once (`submitAttempt`); a second submission answers the first one's grade. */
export function submitAttemptAnswers(viewer: Viewer, courseId: number, attemptId: number, answers: AttemptAnswers): AttemptResult {
  const row = ownAttempt(viewer, courseId, attemptId);
  if (!row) throw new AppError(404, ASSESSMENT_MESSAGES.notFound);
  if (row.submittedAt === null) checkTypes(JSON.parse(row.questions) as ShownQuestion[], answers);
  return submitAttempt(viewer, attemptId, answersAsFields(answers));
}
