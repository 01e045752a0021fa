import { handleStripeWebhook } from '~/models/payments/index.server';
import { apiAction, readBodyCapped } from '~/utils/api.server';

/** Stripe's events are small; anything larger is not one. */
const MAX_EVENT_BYTES = 512 * 1024;

/**
 * POST /api/stripe/webhook: Stripe's events. No session and no same-origin rule (Stripe is
 * another origin; the signature is the authentication, and server.js's edge guard lets this path
 * through, app/plumbing/edge.server.ts); the raw body is read here, before anything parses it, and
 * checked against Stripe-Signature with STRIPE_WEBHOOK_SECRET (400 when it does not match).
 */
export const action = apiAction({
  POST: async ({ request }) => {
    const raw = Buffer.from(await readBodyCapped(request, MAX_EVENT_BYTES));
    return handleStripeWebhook(raw, request.headers.get('Stripe-Signature'));
  },
});
