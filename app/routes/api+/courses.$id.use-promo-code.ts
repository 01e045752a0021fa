import { COURSE_ACCESS_MESSAGES, loadCourseFor, requireApiCourseReader } from '~/models/courses/access.server';
import { activatePromoCode } from '~/models/courses/promo-code.server';
import { courseCodeSchema } from '~/schemas/course';
import { apiAction, idParam, readJson } from '~/utils/api.server';

/**
 * POST /api/courses/{id}/use-promo-code (E-MASTER and admin): { code } → { message: 'Você agora
 * tem acesso ao curso!', access }. Only a code of this course is accepted; every attempt spends a
 * point of the account's promo limit (429 past it); failures answer the model's message.
 */
export const action = apiAction({
  POST: async ({ request, params }) => {
    const user = await requireApiCourseReader(request);
    const courseId = idParam(params.id, COURSE_ACCESS_MESSAGES.notFound);
    const { code } = await readJson(request, courseCodeSchema);
    loadCourseFor(user, courseId);
    const redemption = await activatePromoCode({ userId: user.id, code, courseId });
    return { message: redemption.message, access: loadCourseFor(user, courseId).access };
  },
});
