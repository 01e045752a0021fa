import { randomBytes } from 'node:crypto';
import { siteUrl } from '../../../utils/security.server';
import { DECLINES, PAYMENT_METHOD_OUTCOMES, type Outcome } from './cards.server';
import { newId, nowSeconds, remember, state, type Json, type StoredPaymentIntent, type StoredSession } from './store.server';
import { emitTestEvent } from './webhooks.server';

/**
 * The few endpoints of Stripe's API the app uses, answered from memory with Stripe's objects and
 * error bodies:
 *
 *   POST /v1/payment_intents, GET /v1/payment_intents/{id}, POST /v1/payment_intents/{id}/confirm,
 *   POST /v1/payment_intents/{id}/cancel
 *   POST /v1/checkout/sessions, GET /v1/checkout/sessions/{id}, POST /v1/checkout/sessions/{id}/expire
 *   POST /v1/refunds
 */

export class StripeApiError extends Error {
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
    copy.payment_method = {
      id: pi.payment_method,
      object: 'payment_method',
      type: state().paymentMethods.get(pi.payment_method) ?? 'card',
    };
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

export function createPaymentIntent(params: Json): Json {
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

export function findPaymentIntent(id: string): StoredPaymentIntent {
  const pi = state().paymentIntents.get(id);
  if (!pi) throw missing('payment_intent', id);
  return pi;
}

/** Settles a PaymentIntent with a test payment method: succeeded, or declined (402 with the PaymentIntent in the error). */
export function settle(pi: StoredPaymentIntent, paymentMethod: string, type: string): Outcome {
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
    test_mode: {
      description: names.join(', '),
      payment_intent_metadata: metadataOf((params.payment_intent_data as Json | undefined)?.metadata),
    },
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
  if (session.status !== 'open')
    throw invalid(`Only Checkout Sessions with a status of open can be expired (this one is ${session.status}).`);
  session.status = 'expired';
  return structuredClone(session);
}

function createRefund(params: Json): Json {
  const piId = typeof params.payment_intent === 'string' ? params.payment_intent : null;
  if (!piId) throw invalid('Missing required param: payment_intent.', 'payment_intent');
  const pi = findPaymentIntent(piId);
  if (pi.status !== 'succeeded')
    throw invalid(`This PaymentIntent (${piId}) does not have a successful charge to refund.`, 'payment_intent');
  const already = [...state().refunds.values()].some((refund) => refund.payment_intent === piId);
  if (already)
    throw new StripeApiError(400, {
      type: 'invalid_request_error',
      code: 'charge_already_refunded',
      message: `Charge ${String(pi.latest_charge)} has already been refunded.`,
    });
  const refund = {
    id: newId('re'),
    object: 'refund',
    amount: pi.amount,
    currency: pi.currency,
    payment_intent: piId,
    charge: pi.latest_charge,
    status: 'succeeded',
    created: nowSeconds(),
    metadata: metadataOf(params.metadata),
  };
  remember(state().refunds, refund.id, refund);
  return structuredClone(refund);
}

export function route(method: string, path: string, params: Json, expand: string[]): Json {
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
  throw new StripeApiError(404, {
    type: 'invalid_request_error',
    message: `Unrecognized request URL (${method}: ${path}). The offline test mode implements only what the app uses.`,
  });
}
