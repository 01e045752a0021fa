import { keptUntilWritten } from '../../../db/kept-until-written';
import type { UserRow } from '../../../db/schema';
import { grantChangeAfter } from '../courses/grant-changes.server';
import { assessmentPageFor, DEADLINE_GRACE_MS, type AssessmentState } from './attempts.server';
import { attemptReviewOf, historyLineOf, type AttemptReview, type HistoryLine } from './graded-review';

/**
 * The assessment page's data kept per viewer, course and graded attempt until anything is written to the
 * database (an attempt started, submitted or closed, a question or the settings edited, a grant) or the
 * page would change by the clock alone: the open attempt runs out, the wait before a new attempt ends,
 * or one of the viewer's grants starts or ends. A graded attempt never changes, and most views of the
 * page are of one: its statements and the grading of its answers run once per change, not per view.
 * A refusal (404, 403) is never kept. What it keeps is what the page shows (`graded-review.ts`).
 */

export type AssessmentPageData = {
  course: { id: number; title: string };
  state: Omit<AssessmentState, 'history'> & { history: HistoryLine[] };
  result: AttemptReview | null;
};

/** The views seen most recently (a graded attempt's page holds its questions: a few kilobytes each). */
export const KEPT_ASSESSMENT_PAGES = 1_000;
const kept = keptUntilWritten<AssessmentPageData>(KEPT_ASSESSMENT_PAGES);

/** The first moment after `now` at which the page would read differently without a write. */
function changesAt({ open, verdict }: AssessmentState, viewerId: number, now: Date): number {
  const times = [grantChangeAfter(viewerId, now)];
  if (open?.deadlineAt) times.push(Date.parse(open.deadlineAt) + DEADLINE_GRACE_MS + 1);
  if (!verdict.ok && verdict.until) times.push(Date.parse(verdict.until));
  return Math.min(...times);
}

export function keptAssessmentPage(
  viewer: Pick<UserRow, 'id' | 'role'>,
  courseId: number,
  attemptId: number | null,
  now = new Date(),
): AssessmentPageData {
  return kept.get(`${viewer.id}:${viewer.role}:${courseId}:${attemptId ?? ''}`, now.getTime(), () => {
    const { course, state, result } = assessmentPageFor(viewer, courseId, attemptId, now);
    return {
      value: {
        course: { id: course.id, title: course.title },
        state: { ...state, history: state.history.map(historyLineOf) },
        result: result ? attemptReviewOf(result) : null,
      },
      until: changesAt(state, viewer.id, now),
    };
  });
}
