import { z } from 'zod';
import { createPaymentIntent } from '~/models/payments/index.server';
import { requireApiUser } from '~/models/accounts/permissions.server';
import { createPaymentIntentSchema, purchaseIssue } from '~/schemas/payment';
import { apiAction, readJson } from '~/utils/api.server';
import { AppError } from '~/utils/errors';

/**
 * POST /api/upgrade/create-payment-intent: `{ planType, months }` or `{ courseId }` → `{ clientSecret }`
 * (plus `paymentIntentId`, `amountCents`). The amount comes from the database; an Idempotency-Key
 * header (or `idempotencyKey`) makes a repeated call answer the same PaymentIntent. Errors are
 * `{ message }`; the page falls back to 'Erro ao criar intenção de pagamento'.
 */
export const action = apiAction({
  POST: async ({ request }) => {
    const user = await requireApiUser(request);
    const body = await readJson(request, z.object({}).passthrough());
    const parsed = createPaymentIntentSchema.safeParse(body);
    if (!parsed.success) throw new AppError(400, purchaseIssue(body));
    const { idempotencyKey, ...purchase } = parsed.data;
    const key = request.headers.get('Idempotency-Key')?.trim().slice(0, 128) || idempotencyKey;
    const created = await createPaymentIntent(user, purchase, { idempotencyKey: key });
    return { clientSecret: created.clientSecret, paymentIntentId: created.paymentIntentId, amountCents: created.amountCents };
  },
});
