import { COURSE_ACCESS_MESSAGES, loadCourseFor, requireApiCourseReader } from '~/models/courses/access.server';
import { apiLoader, idParam } from '~/utils/api.server';

/**
 * GET /api/courses/{id}/access (E-MASTER and admin): { state, hasAccess, hasPurchased, isAdmin },
 * state being 'promo' (needs a code), 'premium' (needs a purchase) or 'open'; hidden or missing: 404.
 */
export const loader = apiLoader(async ({ request, params }) => {
  const user = await requireApiCourseReader(request);
  return loadCourseFor(user, idParam(params.id, COURSE_ACCESS_MESSAGES.notFound)).access;
});
