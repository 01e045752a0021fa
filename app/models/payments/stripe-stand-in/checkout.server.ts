import { createPaymentIntent, findPaymentIntent, settle } from './api.server';
import { testPaymentMethodForCard } from './cards.server';
import { StandInError } from './errors.server';
import { siteUrl } from '../../../utils/security.server';
import { newId, nowSeconds, remember, state, type Json, type StoredSession } from './store.server';
import { emitTestEvent } from './webhooks.server';

/**
 * What the simulated Checkout page does, in place of Stripe's hosted one (only the stand-in's own
 * sessions exist here). A refusal is a StandInError with a code; the payment model says it.
 */

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
  const method =
    pi && typeof pi.payment_method === 'string' ? (state().paymentMethods.get(pi.payment_method) as TestCheckoutView['method']) : null;
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

function testSession(sessionId: string): StoredSession {
  const session = state().sessions.get(sessionId);
  if (!session) throw new StandInError('session-not-found');
  return session;
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
  const session = testSession(sessionId);
  if (session.status !== 'open') throw new StandInError('session-not-open');
  if (!(session.payment_method_types as string[]).includes(method)) throw new StandInError('method-unavailable');
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
  pi.next_action = awaitingPaymentAction(method, session.id);
  session.status = 'complete';
  session.payment_status = 'unpaid';
  void emitTestEvent('checkout.session.completed', structuredClone(session));
  return { outcome: 'pending', redirectTo };
}

const PIX_TTL_SECONDS = 24 * 3600;
const BOLETO_TTL_SECONDS = 3 * 24 * 3600;

/**
 * What Stripe's PaymentIntent says to pay a Pix or boleto (`next_action`): a test BR Code and
 * typeable line, with the simulated Checkout page (where the test mode pays them) as the QR
 * code's and the voucher's page.
 */
function awaitingPaymentAction(method: 'pix' | 'boleto', sessionId: string): Json {
  const page = siteUrl(`/test-mode/checkout/${sessionId}`, 'absolute');
  if (method === 'pix') {
    return {
      type: 'pix_display_qr_code',
      pix_display_qr_code: {
        data: `00020101021226880014br.gov.bcb.pix2566qr.stripe.test/${sessionId}5204000053039865802BR5913E-Engenharia6009SAO PAULO6304TEST`,
        expires_at: nowSeconds() + PIX_TTL_SECONDS,
        hosted_instructions_url: page,
      },
    };
  }
  return {
    type: 'boleto_display_details',
    boleto_display_details: {
      number: '01010.00000 00000.000000 00000.000000 0 00000000000000',
      expires_at: nowSeconds() + BOLETO_TTL_SECONDS,
      hosted_voucher_url: page,
      pdf: null,
    },
  };
}

/** A Pix (or boleto) of a completed session is paid, or expires unpaid: sends async_payment_succeeded or _failed and waits for the app's answer. */
export async function settleTestAsyncPayment(sessionId: string, paid: boolean): Promise<void> {
  const session = testSession(sessionId);
  const pi = typeof session.payment_intent === 'string' ? state().paymentIntents.get(session.payment_intent) : undefined;
  if (session.status !== 'complete' || session.payment_status !== 'unpaid' || !pi || pi.status !== 'requires_action') {
    throw new StandInError('nothing-awaiting-payment');
  }
  if (paid) {
    pi.status = 'succeeded';
    pi.amount_received = pi.amount;
    pi.latest_charge = newId('ch');
    pi.next_action = null;
    session.payment_status = 'paid';
  } else {
    pi.status = 'requires_payment_method';
  }
  await emitTestEvent(
    paid ? 'checkout.session.async_payment_succeeded' : 'checkout.session.async_payment_failed',
    structuredClone(session),
  );
}
