import { COURSE_ACCESS_MESSAGES, requireApiCourseReader } from '~/models/courses/access.server';
import { createLesson, listLessons } from '~/models/courses/content.server';
import { requireApiAdmin } from '~/models/accounts/permissions.server';
import { lessonInputSchema } from '~/schemas/course';
import { apiAction, apiLoader, idParam, jsonResponse, readJson } from '~/utils/api.server';

/** GET /api/courses/{id}/lessons: the lessons by order, each with its video; 403 without access, 404 hidden or missing. */
export const loader = apiLoader(async ({ request, params }) => {
  const user = await requireApiCourseReader(request);
  return listLessons(user, idParam(params.id, COURSE_ACCESS_MESSAGES.notFound));
});

/** POST /api/courses/{id}/lessons (admin): title, description, youtubeUrl, videoSource, order (default: after the last) → 201 lesson. */
export const action = apiAction({
  POST: async ({ request, params }) => {
    const admin = await requireApiAdmin(request);
    const courseId = idParam(params.id, COURSE_ACCESS_MESSAGES.notFound);
    const input = await readJson(request, lessonInputSchema);
    return jsonResponse(createLesson(admin, courseId, input), { status: 201 });
  },
});
