import { keptUntilWritten } from '../../../db/kept-until-written';
import type { UserRow } from '../../../db/schema';
import { grantChangeAfter } from '../courses/grant-changes.server';
import { assessmentPageFor, DEADLINE_GRACE_MS } from './attempts.server';

/**
 * The assessment page's data kept per viewer, course and graded attempt until anything is written to the
 * database (an attempt started, submitted or closed, a question or the settings edited, a grant) or the
 * page would change by the clock alone: the open attempt runs out, the wait before a new attempt ends,
 * or one of the viewer's grants starts or ends. A graded attempt never changes, and most views of the
 * page are of one: its statements and the grading of its answers run once per change, not per view.
 * A refusal (404, 403) is never kept.
 */

type Page = ReturnType<typeof assessmentPageFor>;

/** The views seen most recently (a graded attempt's page holds its questions: a few kilobytes each). */
export const KEPT_ASSESSMENT_PAGES = 1_000;
const kept = keptUntilWritten<Page>(KEPT_ASSESSMENT_PAGES);

/** The first moment after `now` at which the page would read differently without a write. */
function changesAt(page: Page, viewerId: number, now: Date): number {
  const { open, verdict } = page.state;
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
): Page {
  return kept.get(`${viewer.id}:${viewer.role}:${courseId}:${attemptId ?? ''}`, now.getTime(), () => {
    const page = assessmentPageFor(viewer, courseId, attemptId, now);
    return { value: page, until: changesAt(page, viewer.id, now) };
  });
}
