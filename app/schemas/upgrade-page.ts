import { z } from 'zod';
import { PRO_ROLES, type ProRole } from '../utils/value-sets';

/** The /upgrade page's forms and URL state (the JSON API has its own schemas with part of these rules). */

export const MIN_MONTHS = 1;
export const MAX_MONTHS = 12;
export const MONTH_CHOICES = Array.from({ length: MAX_MONTHS }, (_, index) => index + MIN_MONTHS);

export const UPGRADE_MESSAGES = {
  months: 'Escolha entre 1 e 12 meses.',
  plan: 'Plano inválido.',
  course: 'Curso inválido.',
  purchase: 'Escolha um plano ou um curso.',
  cardNumber: 'Informe o número do cartão (16 dígitos).',
  expiry: 'Informe a validade no formato MM/AA.',
  cvc: 'Informe o CVC (3 ou 4 dígitos).',
} as const;

/** What is being bought, as the payment model takes it. */
export type Purchase = { planType: ProRole; months: number } | { courseId: number };

/** The URL of the page: `?plan=E-TOOL&months=3&step=pay` or `?courseId=4&step=pay`; bad values fall back to none / 1 month. */
export type UpgradeParams = { plan: ProRole | null; months: number; courseId: number | null; step: 'pay' | null };

export function parseUpgradeParams(params: URLSearchParams): UpgradeParams {
  const planValue = params.get('plan');
  const plan = (PRO_ROLES as readonly string[]).includes(planValue ?? '') ? (planValue as ProRole) : null;
  const monthsValue = Number(params.get('months'));
  const months = Number.isInteger(monthsValue) && monthsValue >= MIN_MONTHS && monthsValue <= MAX_MONTHS ? monthsValue : MIN_MONTHS;
  const courseValue = Number(params.get('courseId'));
  const courseId = params.has('courseId') && Number.isSafeInteger(courseValue) && courseValue > 0 ? courseValue : null;
  return { plan, months, courseId, step: params.get('step') === 'pay' ? 'pay' : null };
}

/** The purchase the URL names, or null on the plan-choice step. */
export function purchaseOf(params: UpgradeParams): Purchase | null {
  if (params.courseId !== null) return { courseId: params.courseId };
  return params.plan ? { planType: params.plan, months: params.months } : null;
}

/** The purchase's hidden fields, as every payment form of the page posts them. */
export function purchaseFields(purchase: Purchase): Record<string, string> {
  return 'courseId' in purchase ? { courseId: String(purchase.courseId) } : { plan: purchase.planType, months: String(purchase.months) };
}

const purchaseShape = {
  plan: z.enum(PRO_ROLES, { errorMap: () => ({ message: UPGRADE_MESSAGES.plan }) }).optional(),
  months: z
    .number({ invalid_type_error: UPGRADE_MESSAGES.months })
    .int(UPGRADE_MESSAGES.months)
    .min(MIN_MONTHS, UPGRADE_MESSAGES.months)
    .max(MAX_MONTHS, UPGRADE_MESSAGES.months)
    .optional(),
  courseId: z
    .number({ invalid_type_error: UPGRADE_MESSAGES.course })
    .int(UPGRADE_MESSAGES.course)
    .positive(UPGRADE_MESSAGES.course)
    .optional(),
};

type PurchaseInput = { plan?: ProRole; months?: number; courseId?: number };

function toPurchase(value: PurchaseInput, ctx: z.RefinementCtx): Purchase {
  if (value.courseId !== undefined) return { courseId: value.courseId };
  if (value.plan && value.months !== undefined) return { planType: value.plan, months: value.months };
  ctx.addIssue({ code: z.ZodIssueCode.custom, message: UPGRADE_MESSAGES.purchase });
  return z.NEVER;
}

/**
 * 'Finalizar pagamento' without JavaScript: the purchase, sent on to a Checkout Session. `pageKey`
 * is the payment step's rendering (its idempotency key): the page's own card form is not another tab.
 */
export const checkoutFormSchema = z
  .object({ ...purchaseShape, pageKey: z.string().uuid().optional() })
  .transform(({ pageKey, ...value }, ctx) => ({ purchase: toPurchase(value, ctx), pageKey }));

const digits = (value: string) => value.replace(/[\s-]/g, '');

/** The test mode's simulated card form (Stripe's test cards); never used with a real key. */
export const testCardFormSchema = z
  .object({
    ...purchaseShape,
    cardNumber: z
      .string({ required_error: UPGRADE_MESSAGES.cardNumber })
      .max(32, UPGRADE_MESSAGES.cardNumber)
      .transform(digits)
      .pipe(z.string().regex(/^\d{16}$/, UPGRADE_MESSAGES.cardNumber)),
    expiry: z
      .string({ required_error: UPGRADE_MESSAGES.expiry })
      .trim()
      .regex(/^(0[1-9]|1[0-2])\s?\/\s?\d{2}$/, UPGRADE_MESSAGES.expiry),
    cvc: z
      .string({ required_error: UPGRADE_MESSAGES.cvc })
      .trim()
      .regex(/^\d{3,4}$/, UPGRADE_MESSAGES.cvc),
    /** One per rendering of the form: a double click or a resubmission creates one PaymentIntent. */
    idempotencyKey: z.string().uuid(),
  })
  .transform(({ cardNumber, idempotencyKey, ...value }, ctx) => ({ purchase: toPurchase(value, ctx), cardNumber, idempotencyKey }));

/** With a real key, after Stripe.js confirmed: the PaymentIntent to check on the server. */
export const confirmFormSchema = z.object({
  paymentIntentId: z
    .string()
    .trim()
    .regex(/^pi_[A-Za-z0-9_]{1,250}$/, 'Pagamento inválido.'),
});

/** With a real key: a refusal that never reached our server (creating the PaymentIntent, or Stripe.js), for its toast. */
export const noticeFormSchema = z.object({
  kind: z.enum(['intent-error', 'provider-error']),
  message: z.string().trim().max(500).optional(),
});
