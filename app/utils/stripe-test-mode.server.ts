import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { siteUrl } from './security.server';

/**
 * The offline test mode's stand-in for Stripe's API (docs/decisions/016): the real SDK builds,
 * encodes and sends every request (Idempotency-Key included) and parses every answer and error;
 * only the transport is replaced, through the SDK's own `httpClient` option, by this class, which
 * answers the few endpoints the app uses from memory:
 *
 *   POST /v1/payment_intents, GET /v1/payment_intents/{id}, POST /v1/payment_intents/{id}/confirm,
 *   POST /v1/payment_intents/{id}/cancel
 *   POST /v1/checkout/sessions, GET /v1/checkout/sessions/{id}, POST /v1/checkout/sessions/{id}/expire
 *   POST /v1/refunds
 *
 * and delivers the matching webhook events, signed with `stripe.webhooks.generateTestHeaderString`,
 * to the app's POST /api/stripe/webhook at the server's own address (siteUrl: PUBLIC_ORIGIN, else
 * the loopback port it listens on; never an address taken from a request). State is in memory
 * (bounded: the oldest objects go first), kept on globalThis so the dev server's rebuilds do not
 * lose it; a restart starts empty.
 */

export const TEST_SECRET_KEY = 'sk_test_offline_e_engenharia';
export const TEST_PUBLISHABLE_KEY = 'pk_test_offline_e_engenharia';

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

/** Stripe's test cards (docs.stripe.com/testing) and what the stand-in does with each. */
export const TEST_CARDS = {
  '4242424242424242': { paymentMethod: 'pm_card_visa', outcome: 'succeeded' },
  '4000000000000002': { paymentMethod: 'pm_card_chargeDeclined', outcome: 'card_declined' },
  '4000000000009995': { paymentMethod: 'pm_card_chargeDeclinedInsufficientFunds', outcome: 'insufficient_funds' },
} as const;

type Outcome = 'succeeded' | 'card_declined' | 'insufficient_funds';
const PAYMENT_METHOD_OUTCOMES: Record<string, Outcome> = Object.fromEntries(
  Object.values(TEST_CARDS).map((card) => [card.paymentMethod, card.outcome]),
);

/** The test payment method of a card number typed in the simulated form (spaces allowed); null for any other number. */
export function testPaymentMethodForCard(cardNumber: string): string | null {
  const digits = cardNumber.replace(/[\s-]/g, '');
  return digits in TEST_CARDS ? TEST_CARDS[digits as keyof typeof TEST_CARDS].paymentMethod : null;
}

/** Stripe's own English messages; the app shows its Portuguese ones (payment.server.ts). */
const DECLINES: Record<Exclude<Outcome, 'succeeded'>, { code: string; decline_code: string; message: string }> = {
  card_declined: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  insufficient_funds: { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
};

type Json = Record<string, unknown>;
type StoredPaymentIntent = Json & { id: string; amount: number; currency: string; status: string; metadata: Record<string, string> };
type StoredSession = Json & { id: string; status: string; payment_status: string; metadata: Record<string, string>; success_url: string };

const MAX_OBJECTS = 2000;

type State = {
  paymentIntents: Map<string, StoredPaymentIntent>;
  sessions: Map<string, StoredSession>;
  paymentMethods: Map<string, string>;
  refunds: Map<string, Json>;
  /** Idempotency-Key → the request it answered and the answer, as Stripe keeps them (24 h there). */
  idempotency: Map<string, { request: string; status: number; body: string }>;
  deliveries: Set<Promise<void>>;
  deliver: WebhookDelivery | null;
};

declare global {
  var __stripeTestMode: State | undefined;
}

function state(): State {
  globalThis.__stripeTestMode ??= {
    paymentIntents: new Map(),
    sessions: new Map(),
    paymentMethods: new Map(),
    refunds: new Map(),
    idempotency: new Map(),
    deliveries: new Set(),
    deliver: null,
  };
  return globalThis.__stripeTestMode;
}

/** Keeps a map under MAX_OBJECTS by dropping its oldest entries (Maps iterate in insertion order). */
function remember<V>(map: Map<string, V>, key: string, value: V): V {
  map.delete(key);
  map.set(key, value);
  while (map.size > MAX_OBJECTS) map.delete(map.keys().next().value as string);
  return value;
}

const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

// ---------------------------------------------------------------------------------------------
// Form bodies: the SDK sends `a[b][0]=c` (qs-style); read them back into objects and arrays.

function setPath(target: Json, keys: string[], value: string) {
  let node: Json = target;
  keys.forEach((key, index) => {
    if (index === keys.length - 1) {
      node[key] = value;
      return;
    }
    node[key] ??= {};
    node = node[key] as Json;
  });
}

/** Objects whose keys are all 0..n-1 become arrays. */
function arrays(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value as Json).map(([key, inner]) => [key, arrays(inner)] as const);
  const isList = entries.length > 0 && entries.every(([key], index) => key === String(index));
  return isList ? entries.map(([, inner]) => inner) : Object.fromEntries(entries);
}

export function parseStripeForm(body: string): Json {
  const result: Json = {};
  for (const [name, value] of new URLSearchParams(body)) {
    const keys = name.replace(/\]/g, '').split('[');
    setPath(result, keys, value);
  }
  return arrays(result) as Json;
}

// ---------------------------------------------------------------------------------------------
// Webhooks

export type WebhookDelivery = (url: string, payload: string, signature: string) => Promise<void>;

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
  const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature }, body: payload });
  if (!response.ok) throw new Error(`webhook answered ${response.status}`);
}

const webhookSecret = () => process.env.STRIPE_WEBHOOK_SECRET?.trim() || testWebhookSecret();

/** Builds, signs and sends one event (up to 3 attempts); resolves when the app has answered. */
export function emitTestEvent(type: string, object: Json): Promise<void> {
  const event = { id: newId('evt'), object: 'event', api_version: Stripe.API_VERSION, created: nowSeconds(), livemode: false, pending_webhooks: 1, type, data: { object } };
  const payload = JSON.stringify(event);
  const deliver = state().deliver ?? postWebhook;
  const run = (async () => {
    // Stripe sends an event after it has answered the request that caused it.
    await new Promise((resolve) => setImmediate(resolve));
    const url = siteUrl('/api/stripe/webhook', 'absolute');
    for (let attempt = 1; attempt <= 3; attempt++) {
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret() });
      try {
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

// ---------------------------------------------------------------------------------------------
// The API

class StripeApiError extends Error {
  constructor(
    public status: number,
    public body: Json,
  ) {
    super(String(body.message));
  }
}

const invalid = (message: string, param?: string) => new StripeApiError(400, { type: 'invalid_request_error', message, param });
const missing = (kind: string, id: string) =>
  new StripeApiError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${id}'`, param: 'id' });

const metadataOf = (value: unknown): Record<string, string> =>
  value && typeof value === 'object' ? Object.fromEntries(Object.entries(value as Json).map(([k, v]) => [k, String(v)])) : {};

const amountOf = (value: unknown, param: string): number => {
  const amount = Number(value);
  if (!Number.isInteger(amount) || amount < 1) throw invalid('Invalid positive integer', param);
  return amount;
};

/** What a retrieve answers: a copy, with the PaymentIntent's payment method expanded when asked. */
function presentPaymentIntent(pi: StoredPaymentIntent, expand: string[], prefix = ''): Json {
  const copy: Json = structuredClone(pi);
  if (expand.includes(`${prefix}payment_method`) && typeof pi.payment_method === 'string') {
    copy.payment_method = { id: pi.payment_method, object: 'payment_method', type: state().paymentMethods.get(pi.payment_method) ?? 'card' };
  }
  return copy;
}

function presentSession(session: StoredSession, expand: string[]): Json {
  const copy: Json = structuredClone(session);
  if (expand.includes('payment_intent') && typeof session.payment_intent === 'string') {
    const pi = state().paymentIntents.get(session.payment_intent);
    if (pi) copy.payment_intent = presentPaymentIntent(pi, expand, 'payment_intent.');
  }
  return copy;
}

/** allowed_payment_method_types (API 2026) or the older payment_method_types; card when neither. */
const methodTypes = (params: Json): string[] => {
  const list = params.allowed_payment_method_types ?? params.payment_method_types;
  return Array.isArray(list) ? (list as string[]) : typeof list === 'string' ? [list] : ['card'];
};

function createPaymentIntent(params: Json): Json {
  const currency = String(params.currency ?? '').toLowerCase();
  if (!currency) throw invalid('Missing required param: currency.', 'currency');
  const id = newId('pi');
  const types = methodTypes(params);
  const pi: StoredPaymentIntent = {
    id,
    object: 'payment_intent',
    amount: amountOf(params.amount, 'amount'),
    amount_received: 0,
    currency,
    status: 'requires_payment_method',
    client_secret: `${id}_secret_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`,
    created: nowSeconds(),
    description: typeof params.description === 'string' ? params.description : null,
    livemode: false,
    metadata: metadataOf(params.metadata),
    payment_method: null,
    payment_method_types: types,
    last_payment_error: null,
    latest_charge: null,
  };
  remember(state().paymentIntents, id, pi);
  return structuredClone(pi);
}

function findPaymentIntent(id: string): StoredPaymentIntent {
  const pi = state().paymentIntents.get(id);
  if (!pi) throw missing('payment_intent', id);
  return pi;
}

/** Settles a PaymentIntent with a test payment method: succeeded, or declined (402 with the PaymentIntent in the error). */
function settle(pi: StoredPaymentIntent, paymentMethod: string, type: string): Outcome {
  const outcome = PAYMENT_METHOD_OUTCOMES[paymentMethod] ?? (type === 'card' ? undefined : 'succeeded');
  if (!outcome) throw invalid(`No such PaymentMethod: '${paymentMethod}'`, 'payment_method');
  const pmId = paymentMethod.startsWith('pm_card_') ? newId('pm') : paymentMethod;
  remember(state().paymentMethods, pmId, type);
  pi.payment_method = pmId;
  if (outcome === 'succeeded') {
    pi.status = 'succeeded';
    pi.amount_received = pi.amount;
    pi.latest_charge = newId('ch');
    pi.last_payment_error = null;
  } else {
    pi.status = 'requires_payment_method';
    pi.payment_method = null;
    pi.last_payment_error = { type: 'card_error', ...DECLINES[outcome] };
  }
  return outcome;
}

function confirmPaymentIntent(id: string, params: Json): Json {
  const pi = findPaymentIntent(id);
  if (pi.status === 'succeeded' || pi.status === 'canceled') {
    throw new StripeApiError(400, {
      type: 'invalid_request_error',
      code: 'payment_intent_unexpected_state',
      message: `You cannot confirm this PaymentIntent because it has a status of ${pi.status}.`,
      payment_intent: structuredClone(pi),
    });
  }
  const paymentMethod = typeof params.payment_method === 'string' ? params.payment_method : null;
  if (!paymentMethod) throw invalid('You must provide a payment_method to confirm this PaymentIntent.', 'payment_method');
  const outcome = settle(pi, paymentMethod, 'card');
  if (outcome !== 'succeeded') {
    throw new StripeApiError(402, { type: 'card_error', ...DECLINES[outcome], payment_intent: structuredClone(pi) });
  }
  // Not awaited: the webhook goes out after this answer, racing whatever the client does next.
  void emitTestEvent('payment_intent.succeeded', structuredClone(pi));
  return structuredClone(pi);
}

/** Stripe cancels a PaymentIntent that has not succeeded (nor been cancelled already). */
function cancelPaymentIntent(id: string): Json {
  const pi = findPaymentIntent(id);
  if (pi.status === 'succeeded' || pi.status === 'canceled') {
    throw new StripeApiError(400, {
      type: 'invalid_request_error',
      code: 'payment_intent_unexpected_state',
      message: `You cannot cancel this PaymentIntent because it has a status of ${pi.status}.`,
    });
  }
  pi.status = 'canceled';
  pi.canceled_at = nowSeconds();
  return structuredClone(pi);
}

function createSession(params: Json): Json {
  if (params.mode !== 'payment') throw invalid('The stand-in supports mode=payment only.', 'mode');
  const successUrl = typeof params.success_url === 'string' ? params.success_url : null;
  if (!successUrl) throw invalid('Missing required param: success_url.', 'success_url');
  const items = Array.isArray(params.line_items) ? (params.line_items as Json[]) : [];
  if (items.length === 0) throw invalid('Missing required param: line_items.', 'line_items');
  let total = 0;
  let currency = '';
  const names: string[] = [];
  for (const item of items) {
    const data = (item.price_data ?? {}) as Json;
    const quantity = Number(item.quantity ?? 1);
    total += amountOf(data.unit_amount, 'line_items[0][price_data][unit_amount]') * quantity;
    currency = String(data.currency ?? '').toLowerCase();
    names.push(String(((data.product_data ?? {}) as Json).name ?? ''));
  }
  const id = newId('cs');
  const types = methodTypes(params);
  const session: StoredSession = {
    id,
    object: 'checkout.session',
    mode: 'payment',
    status: 'open',
    payment_status: 'unpaid',
    amount_total: total,
    currency,
    client_reference_id: typeof params.client_reference_id === 'string' ? params.client_reference_id : null,
    customer_email: typeof params.customer_email === 'string' ? params.customer_email : null,
    created: nowSeconds(),
    expires_at: Number(params.expires_at ?? nowSeconds() + 24 * 3600),
    livemode: false,
    metadata: metadataOf(params.metadata),
    payment_intent: null,
    payment_method_types: types,
    success_url: successUrl,
    cancel_url: typeof params.cancel_url === 'string' ? params.cancel_url : null,
    // In test mode the "hosted" page is a page of the app itself.
    url: siteUrl(`/test-mode/checkout/${id}`),
    // Not part of Stripe's object: what the simulated page shows and the PaymentIntent it will create.
    test_mode: { description: names.join(', '), payment_intent_metadata: metadataOf((params.payment_intent_data as Json | undefined)?.metadata) },
  };
  remember(state().sessions, id, session);
  return structuredClone(session);
}

function findSession(id: string): StoredSession {
  const session = state().sessions.get(id);
  if (!session) throw missing('checkout.session', id);
  return session;
}

/** Stripe expires only an open session; its page can no longer be paid. */
function expireSession(id: string): Json {
  const session = findSession(id);
  if (session.status !== 'open') throw invalid(`Only Checkout Sessions with a status of open can be expired (this one is ${session.status}).`);
  session.status = 'expired';
  return structuredClone(session);
}

function createRefund(params: Json): Json {
  const piId = typeof params.payment_intent === 'string' ? params.payment_intent : null;
  if (!piId) throw invalid('Missing required param: payment_intent.', 'payment_intent');
  const pi = findPaymentIntent(piId);
  if (pi.status !== 'succeeded') throw invalid(`This PaymentIntent (${piId}) does not have a successful charge to refund.`, 'payment_intent');
  const already = [...state().refunds.values()].some((refund) => refund.payment_intent === piId);
  if (already) throw new StripeApiError(400, { type: 'invalid_request_error', code: 'charge_already_refunded', message: `Charge ${String(pi.latest_charge)} has already been refunded.` });
  const refund = { id: newId('re'), object: 'refund', amount: pi.amount, currency: pi.currency, payment_intent: piId, charge: pi.latest_charge, status: 'succeeded', created: nowSeconds(), metadata: metadataOf(params.metadata) };
  remember(state().refunds, refund.id, refund);
  return structuredClone(refund);
}

function route(method: string, path: string, params: Json, expand: string[]): Json {
  const parts = path.replace(/^\/v1\//, '').split('/');
  if (parts[0] === 'payment_intents') {
    if (method === 'POST' && parts.length === 1) return createPaymentIntent(params);
    if (method === 'GET' && parts.length === 2) return presentPaymentIntent(findPaymentIntent(parts[1]), expand);
    if (method === 'POST' && parts.length === 3 && parts[2] === 'confirm') return confirmPaymentIntent(parts[1], params);
    if (method === 'POST' && parts.length === 3 && parts[2] === 'cancel') return cancelPaymentIntent(parts[1]);
  }
  if (parts[0] === 'checkout' && parts[1] === 'sessions') {
    if (method === 'POST' && parts.length === 2) return createSession(params);
    if (method === 'GET' && parts.length === 3) return presentSession(findSession(parts[2]), expand);
    if (method === 'POST' && parts.length === 4 && parts[3] === 'expire') return expireSession(parts[2]);
  }
  if (parts[0] === 'refunds' && method === 'POST' && parts.length === 1) return createRefund(params);
  throw new StripeApiError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}). The offline test mode implements only what the app uses.` });
}

class StandInResponse extends Stripe.HttpClientResponse {
  constructor(
    status: number,
    private readonly body: string,
  ) {
    super(status, { 'content-type': 'application/json', 'request-id': newId('req') });
  }
  /** The SDK decorates this object with the response's headers (lastResponse). */
  getRawResponse() {
    return { body: this.body };
  }
  toStream(): never {
    throw new Error('The offline test mode does not stream.');
  }
  toJSON() {
    return Promise.resolve(JSON.parse(this.body));
  }
}

/** The SDK's transport in test mode: answers from memory instead of api.stripe.com. */
export class StripeStandIn extends Stripe.HttpClient {
  getClientName() {
    return 'e-engenharia-offline-stand-in';
  }

  makeRequest(_host: string, _port: string, fullPath: string, method: string, headers: Record<string, string | number | string[]>, requestData: string) {
    const [path, query = ''] = fullPath.split('?');
    const params = parseStripeForm(method === 'GET' ? query : requestData);
    const expand = Array.isArray(params.expand) ? (params.expand as string[]) : typeof params.expand === 'string' ? [params.expand] : [];
    const key = method === 'POST' ? headerValue(headers, 'idempotency-key') : null;
    const signature = `${method} ${path} ${requestData}`;
    if (key) {
      const seen = state().idempotency.get(key);
      if (seen && seen.request !== signature) {
        return Promise.resolve(
          new StandInResponse(400, JSON.stringify({ error: { type: 'idempotency_error', message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.` } })),
        );
      }
      if (seen) return Promise.resolve(new StandInResponse(seen.status, seen.body));
    }
    let status = 200;
    let body: string;
    try {
      body = JSON.stringify(route(method, path, params, expand));
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      status = error.status;
      body = JSON.stringify({ error: error.body });
    }
    if (key) remember(state().idempotency, key, { request: signature, status, body });
    return Promise.resolve(new StandInResponse(status, body));
  }
}

function headerValue(headers: Record<string, string | number | string[]>, name: string): string | null {
  const entry = Object.entries(headers).find(([header]) => header.toLowerCase() === name);
  return entry ? String(entry[1]) : null;
}

// ---------------------------------------------------------------------------------------------
// What the simulated Checkout page does (only the stand-in's own sessions exist here)

export type TestCheckoutView = {
  id: string;
  description: string;
  amountCents: number;
  currency: string;
  methods: string[];
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid';
  method: 'card' | 'pix' | 'boleto' | null;
  metadata: Record<string, string>;
  cancelUrl: string | null;
};

export function readTestSession(sessionId: string): TestCheckoutView | null {
  const session = state().sessions.get(sessionId);
  if (!session) return null;
  const pi = typeof session.payment_intent === 'string' ? state().paymentIntents.get(session.payment_intent) : undefined;
  const method = pi && typeof pi.payment_method === 'string' ? (state().paymentMethods.get(pi.payment_method) as TestCheckoutView['method']) : null;
  return {
    id: session.id,
    description: String((session.test_mode as Json).description),
    amountCents: Number(session.amount_total),
    currency: String(session.currency),
    methods: session.payment_method_types as string[],
    status: session.status as TestCheckoutView['status'],
    paymentStatus: session.payment_status as TestCheckoutView['paymentStatus'],
    method: method ?? null,
    metadata: { ...session.metadata },
    cancelUrl: (session.cancel_url as string | null) ?? null,
  };
}

export type TestCheckoutResult =
  | { outcome: 'paid' | 'pending'; redirectTo: string }
  | { outcome: 'declined'; declineCode: string; redirectTo: null };

/**
 * The buyer pays on the simulated Checkout page: a test card settles at once (or is declined and
 * the session stays open), Pix and boleto leave the session complete but unpaid until
 * `settleTestAsyncPayment`. Sends checkout.session.completed as Stripe does.
 */
export function completeTestSession(sessionId: string, method: 'card' | 'pix' | 'boleto', cardNumber?: string): TestCheckoutResult {
  const session = findSession(sessionId);
  if (session.status !== 'open') throw new Error('Esta sessão de pagamento já foi concluída.');
  if (!(session.payment_method_types as string[]).includes(method)) throw new Error('Forma de pagamento indisponível para esta sessão.');
  let pi = typeof session.payment_intent === 'string' ? state().paymentIntents.get(session.payment_intent) : undefined;
  if (!pi) {
    const created = createPaymentIntent({
      amount: session.amount_total,
      currency: session.currency,
      metadata: (session.test_mode as Json).payment_intent_metadata,
      allowed_payment_method_types: session.payment_method_types,
    });
    pi = findPaymentIntent(String(created.id));
    session.payment_intent = pi.id;
  }
  const redirectTo = session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id);
  if (method === 'card') {
    const paymentMethod = testPaymentMethodForCard(cardNumber ?? '');
    if (!paymentMethod) return { outcome: 'declined', declineCode: 'invalid_number', redirectTo: null };
    const outcome = settle(pi, paymentMethod, 'card');
    if (outcome !== 'succeeded') return { outcome: 'declined', declineCode: outcome, redirectTo: null };
    session.status = 'complete';
    session.payment_status = 'paid';
    void emitTestEvent('checkout.session.completed', structuredClone(session));
    return { outcome: 'paid', redirectTo };
  }
  // Pix and boleto: the buyer has the code or the slip; the money comes later.
  const pmId = newId('pm');
  remember(state().paymentMethods, pmId, method);
  pi.payment_method = pmId;
  pi.status = 'requires_action';
  session.status = 'complete';
  session.payment_status = 'unpaid';
  void emitTestEvent('checkout.session.completed', structuredClone(session));
  return { outcome: 'pending', redirectTo };
}

/** A Pix (or boleto) of a completed session is paid, or expires unpaid: sends async_payment_succeeded or _failed and waits for the app's answer. */
export async function settleTestAsyncPayment(sessionId: string, paid: boolean): Promise<void> {
  const session = findSession(sessionId);
  const pi = typeof session.payment_intent === 'string' ? state().paymentIntents.get(session.payment_intent) : undefined;
  if (session.status !== 'complete' || session.payment_status !== 'unpaid' || !pi || pi.status !== 'requires_action') {
    throw new Error('Não há pagamento Pix ou boleto aguardando nesta sessão.');
  }
  if (paid) {
    pi.status = 'succeeded';
    pi.amount_received = pi.amount;
    pi.latest_charge = newId('ch');
    session.payment_status = 'paid';
  } else {
    pi.status = 'requires_payment_method';
  }
  await emitTestEvent(paid ? 'checkout.session.async_payment_succeeded' : 'checkout.session.async_payment_failed', structuredClone(session));
}
