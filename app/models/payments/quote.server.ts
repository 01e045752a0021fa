import { eq } from 'drizzle-orm';
import { db } from '../../../db/client';
import { courses, type UserRow } from '../../../db/schema';
import { AppError } from '../../utils/errors';
import { PRO_ROLES, type ProRole } from '../../utils/value-sets';
import { canSeeCourse, COURSE_ACCESS_MESSAGES, courseAccess, grantInForceFor } from '../courses/access.server';
import { getPlanPrices } from './price.server';
import { hasAtLeast } from '../accounts/roles';
import { PAYMENT_MESSAGES } from './messages';
import { courseDescription, planDescription } from './views';

/** Stripe's smallest card charge in BRL (R$ 0,50). */
export const MIN_CARD_CENTS = 50;
export const CURRENCY = 'brl';

export type Purchase = { planType: ProRole; months: number } | { courseId: number };
export type Quote = {
  amountCents: number;
  kind: 'plan' | 'course';
  description: string;
  planType: ProRole | null;
  months: number | null;
  courseId: number | null;
};

type Buyer = Pick<UserRow, 'id' | 'role'>;

/** What a purchase costs, from the database (centavos), or a 400 that says why it cannot be bought. */
export function quote(user: Buyer, purchase: Purchase): Quote {
  let result: Quote;
  if ('courseId' in purchase) {
    const course = db.select().from(courses).where(eq(courses.id, purchase.courseId)).get();
    if (!course || !canSeeCourse(user.role, course)) throw new AppError(404, COURSE_ACCESS_MESSAGES.notFound);
    if (!hasAtLeast(user.role, 'E-MASTER')) throw new AppError(403, COURSE_ACCESS_MESSAGES.restricted);
    if (course.priceCents === null) throw new AppError(400, PAYMENT_MESSAGES.courseNotForSale);
    if (courseAccess(user.role, course, grantInForceFor(user.id, course.id)).hasAccess)
      throw new AppError(400, PAYMENT_MESSAGES.courseOwned);
    result = {
      amountCents: course.priceCents,
      kind: 'course',
      description: courseDescription(course.title),
      planType: null,
      months: null,
      courseId: course.id,
    };
  } else {
    if (!(PRO_ROLES as readonly string[]).includes(purchase.planType)) throw new AppError(400, PAYMENT_MESSAGES.plan);
    if (!Number.isInteger(purchase.months) || purchase.months < 1 || purchase.months > 12) throw new AppError(400, PAYMENT_MESSAGES.months);
    if (hasAtLeast(user.role, purchase.planType)) throw new AppError(400, PAYMENT_MESSAGES.planNotAbove);
    const amountCents = getPlanPrices()[purchase.planType] * purchase.months;
    result = {
      amountCents,
      kind: 'plan',
      description: planDescription(purchase.planType, purchase.months),
      planType: purchase.planType,
      months: purchase.months,
      courseId: null,
    };
  }
  if (result.amountCents < MIN_CARD_CENTS) throw new AppError(400, PAYMENT_MESSAGES.belowMinimum);
  return result;
}

/** The plan price list of GET /api/upgrade/plans/prices: { 'E-TOOL': { monthlyPrice: 29.9 }, … } in reais. */
export function planPriceList(): Record<ProRole, { monthlyPrice: number }> {
  const prices = getPlanPrices();
  return { 'E-TOOL': { monthlyPrice: prices['E-TOOL'] / 100 }, 'E-MASTER': { monthlyPrice: prices['E-MASTER'] / 100 } };
}
