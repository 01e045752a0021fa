import { requireApiAdmin } from '~/models/accounts/permissions.server';
import { setPlanPrice } from '~/models/payments/index.server';
import { planPriceApiSchema } from '~/schemas/price';
import { apiAction, readJson } from '~/utils/api.server';

/** POST /api/admin/plan-prices (admin): `{ planType, monthlyPrice: number }`; answers the plan's new price. */
export const action = apiAction({
  POST: async ({ request }) => {
    const admin = await requireApiAdmin(request);
    const { planType, monthlyPrice } = await readJson(request, planPriceApiSchema);
    return setPlanPrice(admin, planType, monthlyPrice);
  },
});
