import { state } from './store.server';

/**
 * The offline test mode's stand-in for Stripe's API (docs/decisions/016): the transport the real
 * SDK is given (`StripeStandIn`), the endpoints it answers from memory, the webhooks it signs and
 * delivers, and what the simulated Checkout page does. app/models/payments/stripe.server.ts imports this
 * folder with a dynamic `import()` only in test mode, so a live-mode process never evaluates it.
 * Its refusals are codes (`StandInError`); the payment model says them in Portuguese.
 */

/** What the app's configuration tells the stand-in: the secret its webhooks are signed with. */
export function configureStandIn(options: { webhookSecret: () => string }): void {
  state().webhookSecret = options.webhookSecret;
}

export { StripeStandIn } from './transport.server';
export { testPaymentMethodForCard } from './cards.server';
export { StandInError, type StandInErrorCode } from './errors.server';
export { flushTestWebhooks, setTestWebhookDelivery, type WebhookDelivery } from './webhooks.server';
export {
  completeTestSession,
  readTestSession,
  settleTestAsyncPayment,
  type TestCheckoutResult,
  type TestCheckoutView,
} from './checkout.server';
