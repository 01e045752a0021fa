import { planPriceList } from '~/models/payments/index.server';
import { apiLoader } from '~/utils/api.server';

/** GET /api/upgrade/plans/prices: { 'E-TOOL': { monthlyPrice: 29.9 }, 'E-MASTER': { monthlyPrice: 59.9 } } (reais, from the admin's prices). */
export const loader = apiLoader(() => planPriceList());
