import { eq } from 'drizzle-orm';
import { db, preparedQuery } from '../../../db/client';
import { planPrices, users } from '../../../db/schema';
import { formatCents } from '../../utils/format';
import { PRO_ROLES, type ProRole } from '../../utils/value-sets';
import { recordAudit, type AuditActor } from '../audit/audit.server';

/** The specification's advertised monthly prices (its Business constants), used while a plan has no row yet. */
export const ADVERTISED_PLAN_PRICES: Readonly<Record<ProRole, number>> = { 'E-TOOL': 2990, 'E-MASTER': 5990 };

const planPriceRows = preparedQuery(() =>
  db.select({ planType: planPrices.planType, cents: planPrices.monthlyPriceCents }).from(planPrices).prepare(),
);

/** Monthly price in cents of each paid plan, as the admin set it in plan_prices (the landing page reads it on every visit). */
export function getPlanPrices(): Record<ProRole, number> {
  const prices = { ...ADVERTISED_PLAN_PRICES };
  for (const row of planPriceRows().all()) {
    prices[row.planType] = row.cents;
  }
  return prices;
}

/** The same prices as the pages show them: 'R$ 29,90'. */
export function getPlanPriceLabels(): Record<ProRole, string> {
  const prices = getPlanPrices();
  return { 'E-TOOL': formatCents(prices['E-TOOL']), 'E-MASTER': formatCents(prices['E-MASTER']) };
}

/** A plan's price as the admin sees it: the decimal in reais ('29.90'), its label, and who set it when. */
export type PlanPriceView = {
  planType: ProRole;
  monthlyPriceCents: number;
  /** '29.90' */
  monthlyPrice: string;
  /** 'R$ 29,90' */
  monthlyPriceLabel: string;
  /** False while the plan still has the advertised price (no row yet). */
  isSet: boolean;
  updatedAt: string | null;
  updatedBy: number | null;
  updatedByName: string | null;
};

const toView = (
  planType: ProRole,
  row: { cents: number; updatedAt: Date; updatedBy: number | null; updatedByName: string | null } | undefined,
): PlanPriceView => {
  const cents = row?.cents ?? ADVERTISED_PLAN_PRICES[planType];
  return {
    planType,
    monthlyPriceCents: cents,
    monthlyPrice: (cents / 100).toFixed(2),
    monthlyPriceLabel: formatCents(cents),
    isSet: Boolean(row),
    updatedAt: row?.updatedAt.toISOString() ?? null,
    updatedBy: row?.updatedBy ?? null,
    updatedByName: row?.updatedByName ?? null,
  };
};

/** The Prices tab's table: every paid plan, with its price and who last changed it. */
export function listPlanPrices(): PlanPriceView[] {
  const rows = db
    .select({
      planType: planPrices.planType,
      cents: planPrices.monthlyPriceCents,
      updatedAt: planPrices.updatedAt,
      updatedBy: planPrices.updatedBy,
      updatedByName: users.username,
    })
    .from(planPrices)
    .leftJoin(users, eq(users.id, planPrices.updatedBy))
    .all();
  return PRO_ROLES.map((planType) =>
    toView(
      planType,
      rows.find((row) => row.planType === planType),
    ),
  );
}

/**
 * Sets a plan's monthly price (cents, already validated as positive), recording when and by
 * whom, with its audit row in the same transaction. The landing page, the contact FAQ and the
 * upgrade page read it through getPlanPrices, so the next render shows it (the render cache
 * keys anonymous pages on their loader data).
 */
export function setPlanPrice(actor: AuditActor, planType: ProRole, monthlyPriceCents: number, now = new Date()): PlanPriceView {
  return db.transaction((tx) => {
    const before = tx.select({ cents: planPrices.monthlyPriceCents }).from(planPrices).where(eq(planPrices.planType, planType)).get();
    const row = tx
      .insert(planPrices)
      .values({ planType, monthlyPriceCents, updatedAt: now, updatedBy: actor.id })
      .onConflictDoUpdate({ target: planPrices.planType, set: { monthlyPriceCents, updatedAt: now, updatedBy: actor.id } })
      .returning()
      .get();
    const previous = before ? formatCents(before.cents) : `${formatCents(ADVERTISED_PLAN_PRICES[planType])} (anunciado)`;
    recordAudit(tx, actor, {
      action: 'price.plan',
      entityType: 'plan_price',
      entityId: row.id,
      summary: `${planType}: ${previous} → ${formatCents(monthlyPriceCents)}`,
    });
    return toView(planType, {
      cents: row.monthlyPriceCents,
      updatedAt: row.updatedAt,
      updatedBy: row.updatedBy,
      updatedByName: actor.username,
    });
  });
}
