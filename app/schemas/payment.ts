import { z } from 'zod';
import { PRO_ROLES } from '../utils/value-sets';

/** The specification's JSON API, 'Upgrade': what a purchase is, and the confirmation's PaymentIntent id. */
export const PAYMENT_API_MESSAGES = {
  plan: 'Plano inválido.',
  months: 'Escolha entre 1 e 12 meses.',
  course: 'Curso inválido.',
  purchase: 'Informe planType e months, ou courseId.',
  paymentIntentId: 'paymentIntentId é obrigatório.',
} as const;

const months = z
  .number({ required_error: PAYMENT_API_MESSAGES.months, invalid_type_error: PAYMENT_API_MESSAGES.months })
  .int(PAYMENT_API_MESSAGES.months)
  .min(1, PAYMENT_API_MESSAGES.months)
  .max(12, PAYMENT_API_MESSAGES.months);

const idempotencyKey = z.string().trim().min(1).max(128).optional();

/** POST /api/upgrade/create-payment-intent: `{ planType, months }` or `{ courseId }` (not both). */
export const createPaymentIntentSchema = z.union(
  [
    z
      .object({
        courseId: z
          .number({ invalid_type_error: PAYMENT_API_MESSAGES.course })
          .int(PAYMENT_API_MESSAGES.course)
          .positive(PAYMENT_API_MESSAGES.course),
        idempotencyKey,
      })
      .strict(),
    z
      .object({
        planType: z.enum(PRO_ROLES, { errorMap: () => ({ message: PAYMENT_API_MESSAGES.plan }) }),
        months,
        idempotencyKey,
      })
      .strict(),
  ],
  { errorMap: () => ({ message: PAYMENT_API_MESSAGES.purchase }) },
);

/**
 * The union's own message hides which field was wrong: read the body once more, field by field,
 * so 'months: 13' answers the months message and an unknown plan the plan message.
 */
export function purchaseIssue(body: unknown): string {
  const value = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  if ('courseId' in value && !('planType' in value) && !('months' in value)) return PAYMENT_API_MESSAGES.course;
  if (!('planType' in value) && !('months' in value)) return PAYMENT_API_MESSAGES.purchase;
  if (!(PRO_ROLES as readonly unknown[]).includes(value.planType)) return PAYMENT_API_MESSAGES.plan;
  if (!months.safeParse(value.months).success) return PAYMENT_API_MESSAGES.months;
  return PAYMENT_API_MESSAGES.purchase;
}

/** POST /api/upgrade/confirm-payment. */
export const confirmPaymentSchema = z.object({
  paymentIntentId: z
    .string({ required_error: PAYMENT_API_MESSAGES.paymentIntentId, invalid_type_error: PAYMENT_API_MESSAGES.paymentIntentId })
    .trim()
    .min(1, PAYMENT_API_MESSAGES.paymentIntentId)
    .max(255),
});

/** POST /api/test-mode/confirm-card (test mode): the simulated card form with JavaScript. */
export const testCardConfirmSchema = confirmPaymentSchema.extend({
  cardNumber: z.string().max(32),
});
