import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { getEnv } from '../../utils/env.server';
// Types only: the stand-in itself is imported by loadStripeStandIn, in test mode.
import type * as StandInModule from './stripe-stand-in/index.server';

/**
 * The Stripe SDK client. With STRIPE_SECRET_KEY set it talks to Stripe; without it the app runs
 * the offline test mode ('Modo de teste', docs/decisions/016): the same SDK and the same code
 * paths, its requests answered in the process by the stand-in of app/models/payments/stripe-stand-in/,
 * imported only then (a live-mode process never evaluates it).
 *
 * A production server (NODE_ENV=production) with no key refuses to start unless
 * STRIPE_TEST_MODE=1 says test mode is meant (the e2e server, the bench, Lighthouse): a
 * forgotten key must not become a shop that takes no money. With a key it refuses to start
 * without a valid PUBLIC_ORIGIN: Checkout's success and cancel URLs must be absolute, and they are
 * never built from the request's Host header (siteUrl in security.server.ts).
 */

export const isStripeTestMode = () => !getEnv().stripeSecretKey;

/** The rule that refuses such a start is part of the configuration schema, checked by the server's start before it listens (env.server.ts). */
export { stripeConfigurationError } from '../../utils/env-schema.server';

const TEST_SECRET_KEY = 'sk_test_offline_e_engenharia';
const TEST_PUBLISHABLE_KEY = 'pk_test_offline_e_engenharia';

declare global {
  var __stripeTestWebhookSecret: string | undefined;
}

/**
 * The test mode's webhook signing secret when STRIPE_WEBHOOK_SECRET is unset: random per process
 * (on globalThis, so the dev server's rebuilds keep it). A constant in the source would let anyone
 * sign events; nothing outside this process needs it, since the stand-in is the only sender.
 */
export function testWebhookSecret(): string {
  globalThis.__stripeTestWebhookSecret ??= `whsec_${randomBytes(32).toString('hex')}`;
  return globalThis.__stripeTestWebhookSecret;
}

/** The key Stripe.js (Payment Element) loads with; in test mode a placeholder the simulated form ignores. */
export const stripePublishableKey = () => (isStripeTestMode() ? TEST_PUBLISHABLE_KEY : getEnv().stripePublishableKey || '');

/** The secret webhooks are signed with: STRIPE_WEBHOOK_SECRET, or the test mode's own (random per process) when unset. */
export function stripeWebhookSecret(): string | null {
  const secret = getEnv().stripeWebhookSecret;
  if (secret) return secret;
  return isStripeTestMode() ? testWebhookSecret() : null;
}

declare global {
  var __stripeClient: { key: string; client: Stripe } | undefined;
}

/** The client for the current configuration (made once; made again if the key changes, as tests do). */
export function stripe(): Stripe {
  const testMode = isStripeTestMode();
  const key = testMode ? TEST_SECRET_KEY : getEnv().stripeSecretKey!;
  if (globalThis.__stripeClient?.key !== key) {
    const client = testMode
      ? new Stripe(key, {
          httpClient: new DeferredStandIn(),
          maxNetworkRetries: 0,
          telemetry: false,
          appInfo: { name: 'E-Engenharia (modo de teste)' },
        })
      : new Stripe(key, { maxNetworkRetries: 2, timeout: 20_000, appInfo: { name: 'E-Engenharia' } });
    globalThis.__stripeClient = { key, client };
  }
  return globalThis.__stripeClient.client;
}

type StandIn = typeof StandInModule;
let standIn: Promise<StandIn> | undefined;

/**
 * The stand-in, imported on first use in test mode (with a real key this refuses: the stand-in is
 * never evaluated there). Its webhooks are signed with the secret the app checks them with.
 */
export function loadStripeStandIn(): Promise<StandIn> {
  if (!isStripeTestMode()) return Promise.reject(new Error('The Stripe stand-in runs in test mode only.'));
  standIn ??= import('./stripe-stand-in/index.server').then((module) => {
    module.configureStandIn({ webhookSecret: () => stripeWebhookSecret() ?? testWebhookSecret() });
    return module;
  });
  return standIn;
}

/** The test mode's transport: hands each request to the stand-in, loaded on the first one. */
class DeferredStandIn extends Stripe.HttpClient {
  private transport: Promise<Stripe.HttpClient> | undefined;

  getClientName() {
    return 'e-engenharia-offline-stand-in';
  }

  makeRequest(...request: Parameters<Stripe.HttpClient['makeRequest']>) {
    this.transport ??= loadStripeStandIn().then((module) => new module.StripeStandIn());
    return this.transport.then((transport) => transport.makeRequest(...request));
  }
}

export { Stripe };
