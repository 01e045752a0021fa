import { adminGrantCourse, COURSE_ACCESS_MESSAGES, toCourseGrantView } from '~/models/courses/access.server';
import { requireApiAdmin } from '~/models/accounts/permissions.server';
import { courseGrantInputSchema } from '~/schemas/course';
import { apiAction, idParam, jsonResponse, readJson } from '~/utils/api.server';

/**
 * POST /api/courses/{id}/grants (admin): { userId, endsAt? } gives the user the course for good or
 * until endsAt → 201 { grant } (the grant in force, which may be a longer one the user already had).
 */
export const action = apiAction({
  POST: async ({ request, params }) => {
    const admin = await requireApiAdmin(request);
    const courseId = idParam(params.id, COURSE_ACCESS_MESSAGES.notFound);
    const { userId, endsAt } = await readJson(request, courseGrantInputSchema);
    return jsonResponse({ grant: toCourseGrantView(adminGrantCourse(admin, { userId, courseId, endsAt })) }, { status: 201 });
  },
});
