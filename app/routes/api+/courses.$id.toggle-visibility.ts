import { COURSE_ACCESS_MESSAGES } from '~/models/courses/access.server';
import { setCourseVisibility } from '~/models/courses/course.server';
import { requireApiAdmin } from '~/models/accounts/permissions.server';
import { courseVisibilitySchema } from '~/schemas/course';
import { apiAction, idParam, readJson } from '~/utils/api.server';

/** PATCH /api/courses/{id}/toggle-visibility (admin): { isHidden } sets it, an empty body flips it → { course }. */
export const action = apiAction({
  PATCH: async ({ request, params }) => {
    const admin = await requireApiAdmin(request);
    const id = idParam(params.id, COURSE_ACCESS_MESSAGES.notFound);
    const { isHidden } = await readJson(request, courseVisibilitySchema);
    return { course: setCourseVisibility(admin, id, isHidden) };
  },
});
