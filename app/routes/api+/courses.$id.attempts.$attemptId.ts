import { COURSE_ACCESS_MESSAGES, requireApiCourseReader } from '~/models/courses/access.server';
import { ASSESSMENT_MESSAGES } from '~/models/assessments/attempts.server';
import { attemptFor } from '~/models/assessments/attempts-api.server';
import { apiLoader, idParam } from '~/utils/api.server';

/**
 * GET /api/courses/{id}/attempts/{attemptId}: one of the learner's attempts. Open: `status: 'open'`, the
 * questions as shown (kind, prompt, options, unit) and the deadline, never a right answer; graded:
 * `status: 'submitted'`, the score and each question with the answer given, the right one and the explanation.
 */
export const loader = apiLoader(async ({ request, params }) => {
  const user = await requireApiCourseReader(request);
  const courseId = idParam(params.id, COURSE_ACCESS_MESSAGES.notFound);
  return attemptFor(user, courseId, idParam(params.attemptId, ASSESSMENT_MESSAGES.notFound));
});
