import { COURSE_ACCESS_MESSAGES, COURSE_GRANT_MESSAGES, revokeCourseGrant } from '~/models/courses/access.server';
import { requireApiAdmin } from '~/models/accounts/permissions.server';
import { apiAction, idParam } from '~/utils/api.server';

/** DELETE /api/courses/{id}/grants/{userId} (admin): the user's grant in force ends now; 404 when there is none. */
export const action = apiAction({
  DELETE: async ({ request, params }) => {
    const admin = await requireApiAdmin(request);
    const courseId = idParam(params.id, COURSE_ACCESS_MESSAGES.notFound);
    const userId = idParam(params.userId, COURSE_GRANT_MESSAGES.userNotFound);
    revokeCourseGrant(admin, { userId, courseId });
    return { message: 'Acesso revogado' };
  },
});
