import Stripe from 'stripe';
import { siteUrl } from '../../../utils/security.server';
import { newId, nowSeconds, state, type Json, type WebhookDelivery } from './store.server';

/**
 * The webhooks Stripe would send, signed with `Stripe.webhooks.generateTestHeaderString` and the
 * secret the app's configuration names (configureStandIn), delivered to the app's POST
 * /api/stripe/webhook at the server's own address (siteUrl: PUBLIC_ORIGIN, else the loopback port
 * it listens on; never an address taken from a request).
 */

export type { WebhookDelivery };

/**
 * Replaces how webhooks reach the app (tests call the route's action with a Request; null goes
 * back to an HTTP POST to the server's own address). Returns the previous function.
 */
export function setTestWebhookDelivery(deliver: WebhookDelivery | null): WebhookDelivery | null {
  const previous = state().deliver;
  state().deliver = deliver;
  return previous;
}

/** Waits for every webhook the stand-in has sent so far to be answered. */
export async function flushTestWebhooks(): Promise<void> {
  while (state().deliveries.size > 0) await Promise.allSettled([...state().deliveries]);
}

async function postWebhook(url: string, payload: string, signature: string): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
    body: payload,
  });
  if (!response.ok) throw new Error(`webhook answered ${response.status}`);
}

function webhookSecret(): string {
  const secret = state().webhookSecret;
  if (!secret) throw new Error('The Stripe stand-in was loaded without its webhook secret (configureStandIn).');
  return secret();
}

/** Builds, signs and sends one event (up to 3 attempts); resolves when the app has answered. */
export function emitTestEvent(type: string, object: Json): Promise<void> {
  const event = {
    id: newId('evt'),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: nowSeconds(),
    livemode: false,
    pending_webhooks: 1,
    type,
    data: { object },
  };
  const payload = JSON.stringify(event);
  const deliver = state().deliver ?? postWebhook;
  const run = (async () => {
    // Stripe sends an event after it has answered the request that caused it.
    await new Promise((resolve) => setImmediate(resolve));
    const url = siteUrl('/api/stripe/webhook', 'absolute');
    for (let attempt = 1; attempt <= 3; attempt++) {
      try {
        const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret() });
        await deliver(url, payload, signature);
        return;
      } catch (error) {
        if (attempt === 3) console.error(`[stripe test mode] ${type} not delivered:`, error);
        else await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
      }
    }
  })();
  state().deliveries.add(run);
  void run.finally(() => state().deliveries.delete(run));
  return run;
}
