import { db } from '../../db/client';
import { planPrices } from '../../db/schema';
import { formatCents } from '../utils/format';
import type { ProRole } from '../utils/value-sets';

/** The specification's advertised monthly prices (section 9), used while a plan has no row yet. */
export const ADVERTISED_PLAN_PRICES: Readonly<Record<ProRole, number>> = { 'E-TOOL': 2990, 'E-MASTER': 5990 };

/** Monthly price in cents of each paid plan, as the admin set it in plan_prices. */
export function getPlanPrices(): Record<ProRole, number> {
  const prices = { ...ADVERTISED_PLAN_PRICES };
  for (const row of db.select({ planType: planPrices.planType, cents: planPrices.monthlyPriceCents }).from(planPrices).all()) {
    prices[row.planType] = row.cents;
  }
  return prices;
}

/** The same prices as the pages show them: 'R$ 29,90'. */
export function getPlanPriceLabels(): Record<ProRole, string> {
  const prices = getPlanPrices();
  return { 'E-TOOL': formatCents(prices['E-TOOL']), 'E-MASTER': formatCents(prices['E-MASTER']) };
}
