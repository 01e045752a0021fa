import { confirmPayment } from '~/models/payments/index.server';
import { requireApiUser } from '~/models/accounts/permissions.server';
import { confirmPaymentSchema } from '~/schemas/payment';
import { apiAction, readJson } from '~/utils/api.server';

/**
 * POST /api/upgrade/confirm-payment `{ paymentIntentId }` → `{ status, message }`: the server
 * retrieves the PaymentIntent, refuses one of another user, amount or currency, and grants once.
 */
export const action = apiAction({
  POST: async ({ request }) => {
    const user = await requireApiUser(request);
    const { paymentIntentId } = await readJson(request, confirmPaymentSchema);
    return confirmPayment(user, paymentIntentId);
  },
});
