import { createPromoCode, listPromoCodes } from '~/models/courses/promo-code.server';
import { promoCodeCreateSchema, promoListQuerySchema } from '~/schemas/promo-code';
import { apiAction, apiLoader, jsonResponse, readJson } from '~/utils/api.server';
import { pageHeaders, readListQuery } from '~/utils/pagination.server';
import { requireApiAdmin } from '~/models/accounts/permissions.server';

/** GET /api/promocodes (admin): codes newest first, a page at a time (X-Total-Count); `?q=` searches the code, `?courseId=` narrows to one course. */
export const loader = apiLoader(async ({ request }) => {
  await requireApiAdmin(request);
  const page = listPromoCodes(readListQuery(request, promoListQuerySchema));
  return jsonResponse(page.items, { headers: pageHeaders(page) });
});

/** POST /api/promocodes (admin). */
export const action = apiAction({
  POST: async ({ request }) => {
    const admin = await requireApiAdmin(request);
    const input = await readJson(request, promoCodeCreateSchema);
    return jsonResponse(createPromoCode(admin, input), { status: 201 });
  },
});
