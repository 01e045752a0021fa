import { requireApiCourseReader } from '~/models/courses/access.server';
import { courseApiListQuerySchema, createCourse, listCourses } from '~/models/courses/course.server';
import { requireApiAdmin } from '~/models/accounts/permissions.server';
import { courseInputSchema } from '~/schemas/course';
import { apiAction, apiLoader, jsonResponse, readJson } from '~/utils/api.server';
import { pageHeaders, readListQuery } from '~/utils/pagination.server';

/**
 * GET /api/courses (E-MASTER and admin): the courses the viewer may see (hidden ones for admins
 * only), newest first, a page at a time (`?page=`, `?perPage=` up to 100, `?q=` on the title);
 * X-Total-Count carries the total. Each user's access comes from /api/courses/{id}/access.
 */
export const loader = apiLoader(async ({ request }) => {
  const user = await requireApiCourseReader(request);
  const page = listCourses(user, readListQuery(request, courseApiListQuerySchema));
  return jsonResponse(page.items, { headers: pageHeaders(page) });
});

/** POST /api/courses (admin): the course fields of the specification's Validation rules (`price` in reais, or null) → 201 { course }. */
export const action = apiAction({
  POST: async ({ request }) => {
    const admin = await requireApiAdmin(request);
    const input = await readJson(request, courseInputSchema);
    return jsonResponse({ course: createCourse(admin, input) }, { status: 201 });
  },
});
