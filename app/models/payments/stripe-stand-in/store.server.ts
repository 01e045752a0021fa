import { randomBytes } from 'node:crypto';

/**
 * The stand-in's memory: the objects it created, the idempotency keys it answered, the webhooks
 * under way. Bounded (the oldest objects go first) and kept on globalThis, so the dev server's
 * rebuilds do not lose it; a restart starts empty.
 */

export type Json = Record<string, unknown>;
export type StoredPaymentIntent = Json & { id: string; amount: number; currency: string; status: string; metadata: Record<string, string> };
export type StoredSession = Json & {
  id: string;
  status: string;
  payment_status: string;
  metadata: Record<string, string>;
  success_url: string;
};

export type WebhookDelivery = (url: string, payload: string, signature: string) => Promise<void>;

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
  /** The secret the webhooks are signed with, as the app's configuration says (configureStandIn). */
  webhookSecret: (() => string) | null;
};

declare global {
  var __stripeTestMode: State | undefined;
}

export function state(): State {
  globalThis.__stripeTestMode ??= {
    paymentIntents: new Map(),
    sessions: new Map(),
    paymentMethods: new Map(),
    refunds: new Map(),
    idempotency: new Map(),
    deliveries: new Set(),
    deliver: null,
    webhookSecret: null,
  };
  return globalThis.__stripeTestMode;
}

/** Keeps a map under MAX_OBJECTS by dropping its oldest entries (Maps iterate in insertion order). */
export function remember<V>(map: Map<string, V>, key: string, value: V): V {
  map.delete(key);
  map.set(key, value);
  while (map.size > MAX_OBJECTS) map.delete(map.keys().next().value as string);
  return value;
}

export const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
export const nowSeconds = () => Math.floor(Date.now() / 1000);
