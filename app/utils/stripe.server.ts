import Stripe from 'stripe';
import { parseOrigin } from './env.server';
import { StripeStandIn, TEST_PUBLISHABLE_KEY, TEST_SECRET_KEY, testWebhookSecret } from './stripe-test-mode.server';

/**
 * The Stripe SDK client. With STRIPE_SECRET_KEY set it talks to Stripe; without it the app runs
 * the offline test mode ('Modo de teste', docs/decisions/016): the same SDK and the same code
 * paths, its requests answered in the process by the stand-in of stripe-test-mode.server.ts.
 *
 * A production server (NODE_ENV=production) with no key refuses to start unless
 * STRIPE_TEST_MODE=1 says test mode is meant (the e2e server, the bench, Lighthouse): a
 * forgotten key must not become a shop that takes no money. With a key it refuses to start
 * without a valid PUBLIC_ORIGIN: Checkout's success and cancel URLs must be absolute, and they are
 * never built from the request's Host header (siteUrl in security.server.ts).
 */

export const isStripeTestMode = (vars: Record<string, string | undefined> = process.env) => !vars.STRIPE_SECRET_KEY?.trim();

/** Why this configuration may not run, or null. */
export function stripeConfigurationError(vars: Record<string, string | undefined> = process.env): string | null {
  if (vars.NODE_ENV !== 'production') return null;
  if (!isStripeTestMode(vars)) {
    if (parseOrigin(vars.PUBLIC_ORIGIN)) return null;
    return (
      `PUBLIC_ORIGIN ${vars.PUBLIC_ORIGIN?.trim() ? `inválido ("${vars.PUBLIC_ORIGIN}")` : 'não definido'} com STRIPE_SECRET_KEY em produção: ` +
      'o Stripe precisa do endereço público do site para voltar do pagamento. Defina PUBLIC_ORIGIN com a URL http(s) do site (ex.: https://e-engenharia.fly.dev).'
    );
  }
  if (vars.STRIPE_TEST_MODE === '1') return null;
  return (
    'STRIPE_SECRET_KEY não definido em produção: os pagamentos ficariam no modo de teste. ' +
    'Defina STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY e STRIPE_WEBHOOK_SECRET, ou STRIPE_TEST_MODE=1 para rodar de propósito no modo de teste.'
  );
}

const configurationError = stripeConfigurationError();
// The server build evaluates this module when server.js imports it: refusing here stops the start.
if (configurationError) throw new Error(configurationError);

/** The key Stripe.js (Payment Element) loads with; in test mode a placeholder the simulated form ignores. */
export const stripePublishableKey = () => (isStripeTestMode() ? TEST_PUBLISHABLE_KEY : process.env.STRIPE_PUBLISHABLE_KEY?.trim() || '');

/** The secret webhooks are signed with: STRIPE_WEBHOOK_SECRET, or the test mode's own (random per process) when unset. */
export function stripeWebhookSecret(): string | null {
  const secret = process.env.STRIPE_WEBHOOK_SECRET?.trim();
  if (secret) return secret;
  return isStripeTestMode() ? testWebhookSecret() : null;
}

declare global {
  var __stripeClient: { key: string; client: Stripe } | undefined;
}

/** The client for the current configuration (made once; made again if the key changes, as tests do). */
export function stripe(): Stripe {
  const testMode = isStripeTestMode();
  const key = testMode ? TEST_SECRET_KEY : process.env.STRIPE_SECRET_KEY!.trim();
  if (globalThis.__stripeClient?.key !== key) {
    const client = testMode
      ? new Stripe(key, { httpClient: new StripeStandIn(), maxNetworkRetries: 0, telemetry: false, appInfo: { name: 'E-Engenharia (modo de teste)' } })
      : new Stripe(key, { maxNetworkRetries: 2, timeout: 20_000, appInfo: { name: 'E-Engenharia' } });
    globalThis.__stripeClient = { key, client };
  }
  return globalThis.__stripeClient.client;
}

export { Stripe };
