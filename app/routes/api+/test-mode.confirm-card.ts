import { confirmTestCardPayment } from '~/models/payments/index.server';
import { requireApiUser } from '~/models/accounts/permissions.server';
import { testCardConfirmSchema } from '~/schemas/payment';
import { apiAction, readJson } from '~/utils/api.server';
import { siteUrl } from '~/utils/security.server';

/**
 * POST /api/test-mode/confirm-card `{ paymentIntentId, cardNumber }` (test mode only, 404 with a
 * real key): the simulated card form confirms the PaymentIntent with a Stripe test card, as
 * Stripe.js would; answers `{ status, message? }` ('failed' with the decline's message). The
 * return URL is siteUrl's, never built from the request's Host.
 */
export const action = apiAction({
  POST: async ({ request }) => {
    const user = await requireApiUser(request);
    const { paymentIntentId, cardNumber } = await readJson(request, testCardConfirmSchema);
    return confirmTestCardPayment(user, { paymentIntentId, cardNumber, returnUrl: siteUrl('/?payment_success=true') });
  },
});
