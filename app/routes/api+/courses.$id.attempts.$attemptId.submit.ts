import { COURSE_ACCESS_MESSAGES, requireApiCourseReader } from '~/models/courses/access.server';
import { ASSESSMENT_MESSAGES } from '~/models/assessments/attempts.server';
import { submitAttemptAnswers } from '~/models/assessments/attempts-api.server';
import { attemptAnswersSchema } from '~/schemas/assessment-api';
import { apiAction, idParam, readJson } from '~/utils/api.server';

/**
 * POST /api/courses/{id}/attempts/{attemptId}/submit `{ answers: [[1], [0, 2], 4.1, "4,1", null] }`: grades
 * the attempt once and answers the result (`status: 'submitted'`); a second submission of the same attempt
 * answers the first one's grade. Past the time limit the answers are refused and the attempt counts as not passed.
 */
export const action = apiAction({
  POST: async ({ request, params }) => {
    const user = await requireApiCourseReader(request);
    const courseId = idParam(params.id, COURSE_ACCESS_MESSAGES.notFound);
    const attemptId = idParam(params.attemptId, ASSESSMENT_MESSAGES.notFound);
    // At most 20 answers of a few options or one number: 16 KB is ample, and a flood stops before JSON.parse.
    const { answers } = await readJson(request, attemptAnswersSchema, { maxBytes: 16 * 1024 });
    return { status: 'submitted', ...submitAttemptAnswers(user, courseId, attemptId, answers) };
  },
});
