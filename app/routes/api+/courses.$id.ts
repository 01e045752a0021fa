import { COURSE_ACCESS_MESSAGES, requireApiCourseReader } from '~/models/courses/access.server';
import { deleteCourse, getCourse, updateCourse } from '~/models/courses/course.server';
import { requireApiAdmin } from '~/models/accounts/permissions.server';
import { coursePatchSchema } from '~/schemas/course';
import { apiAction, apiLoader, idParam, readJson } from '~/utils/api.server';

/** GET /api/courses/{id} (E-MASTER and admin): { course }; hidden or missing: 404. */
export const loader = apiLoader(async ({ request, params }) => {
  const user = await requireApiCourseReader(request);
  return { course: getCourse(user, idParam(params.id, COURSE_ACCESS_MESSAGES.notFound)) };
});

export const action = apiAction({
  /** Admin: any subset of the course fields → { course }. */
  PATCH: async ({ request, params }) => {
    const admin = await requireApiAdmin(request);
    const id = idParam(params.id, COURSE_ACCESS_MESSAGES.notFound);
    const patch = await readJson(request, coursePatchSchema);
    return { course: updateCourse(admin, id, patch) };
  },
  /** Admin: the course with its lessons, materials, progress, grants and codes, in one transaction. */
  DELETE: async ({ request, params }) => {
    const admin = await requireApiAdmin(request);
    deleteCourse(admin, idParam(params.id, COURSE_ACCESS_MESSAGES.notFound));
    return { message: 'Curso excluído' };
  },
});
