import { COURSE_ACCESS_MESSAGES, requireApiCourseReader } from '~/models/courses/access.server';
import { assessmentStateFor, startAttempt } from '~/models/assessments/attempts.server';
import { listGradedAttempts } from '~/models/assessments/attempts-api.server';
import { attemptListQuerySchema } from '~/schemas/assessment-api';
import { apiAction, apiLoader, idParam, jsonResponse, requireSameOrigin } from '~/utils/api.server';
import { pageHeaders, readListQuery } from '~/utils/pagination.server';

/**
 * GET /api/courses/{id}/attempts?page=&perPage=: the signed-in learner's graded attempts of the course's
 * final assessment, newest first (an array with the right answers and explanations; X-Total-Count).
 */
export const loader = apiLoader(async ({ request, params }) => {
  const user = await requireApiCourseReader(request);
  const courseId = idParam(params.id, COURSE_ACCESS_MESSAGES.notFound);
  const page = listGradedAttempts(user, courseId, readListQuery(request, attemptListQuerySchema));
  return jsonResponse(page.items, { headers: pageHeaders(page) });
});

/**
 * POST /api/courses/{id}/attempts (no body): starts an attempt (201) or answers the open one (200), its
 * questions without the right answers; 409 with the reason when the limits refuse (`until`: when to come back).
 */
export const action = apiAction({
  POST: async ({ request, params }) => {
    requireSameOrigin(request);
    const user = await requireApiCourseReader(request);
    const courseId = idParam(params.id, COURSE_ACCESS_MESSAGES.notFound);
    const state = assessmentStateFor(user, courseId);
    if (state.open) return jsonResponse({ status: 'open', ...state.open });
    if (!state.verdict.ok) return jsonResponse({ message: state.verdict.message, until: state.verdict.until }, { status: 409 });
    return jsonResponse({ status: 'open', ...startAttempt(user, courseId) }, { status: 201 });
  },
});
