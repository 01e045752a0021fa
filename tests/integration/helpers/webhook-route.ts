import type { WebhookDelivery } from '~/models/payments/stripe-stand-in/index.server';
import * as webhookRoute from '~/routes/api+/stripe.webhook';
import { BASE_URL, call } from '../../setup/helpers';

/** The stand-in's signed event posted straight to the webhook route's action (no server listening). */
export const postToWebhookRoute = (payload: string, signature: string) =>
  call(
    webhookRoute.action,
    new Request(`${BASE_URL}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
      body: payload,
    }),
  );

/** A delivery for `setTestWebhookDelivery` that fails, as Stripe would see it, when the route refuses the event. */
export const deliverToWebhookRoute: WebhookDelivery = async (_url, payload, signature) => {
  const response = await postToWebhookRoute(payload, signature);
  if (!response.ok) throw new Error(`webhook ${response.status}`);
};
