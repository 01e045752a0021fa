import { setCoursePrice } from '~/models/courses/course.server';
import { requireApiAdmin } from '~/models/accounts/permissions.server';
import { coursePriceApiSchema } from '~/schemas/price';
import { apiAction, readJson } from '~/utils/api.server';

/** POST /api/admin/course-prices (admin): `{ courseId: integer, price: number | null }` (null removes it); answers the course. */
export const action = apiAction({
  POST: async ({ request }) => {
    const admin = await requireApiAdmin(request);
    const { courseId, price } = await readJson(request, coursePriceApiSchema);
    return setCoursePrice(admin, courseId, price);
  },
});
