import { createPromoCode, listPromoCodes } from '~/models/promo-code.server';
import { promoCodeCreateSchema, promoListQuerySchema } from '~/schemas/promo-code';
import { apiAction, apiLoader, firstIssueMessage, jsonResponse, readJson } from '~/utils/api.server';
import { requireApiAdmin } from '~/models/permissions.server';
import { AppError } from '~/utils/errors';

/** GET /api/promocodes (admin): every code, newest first; `?courseId=` narrows to one course. */
export const loader = apiLoader(async ({ request }) => {
  await requireApiAdmin(request);
  const query = promoListQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) throw new AppError(400, firstIssueMessage(query.error));
  return listPromoCodes({ courseId: query.data.courseId });
});

/** POST /api/promocodes (admin). */
export const action = apiAction({
  POST: async ({ request }) => {
    const admin = await requireApiAdmin(request);
    const input = await readJson(request, promoCodeCreateSchema);
    return jsonResponse(createPromoCode(input, admin.id), { status: 201 });
  },
});
