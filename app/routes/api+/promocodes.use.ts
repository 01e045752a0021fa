import { activatePromoCode } from '~/models/courses/promo-code.server';
import { toPublicUser } from '~/models/accounts/user.server';
import { promoUseSchema } from '~/schemas/promo-code';
import { apiAction, readJson } from '~/utils/api.server';
import { requireApiUser } from '~/models/accounts/permissions.server';

/** POST /api/promocodes/use: { code, courseId? } → { message, user }. */
export const action = apiAction({
  POST: async ({ request }) => {
    const user = await requireApiUser(request);
    const { code, courseId } = await readJson(request, promoUseSchema);
    const redemption = await activatePromoCode({ userId: user.id, code, courseId });
    return { message: redemption.message, user: toPublicUser(redemption.user) };
  },
});
