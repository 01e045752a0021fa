import type { UserRow } from '../../../db/schema';
import { AppError } from '../../utils/errors';
import { isStripeTestMode, loadStripeStandIn, stripe, Stripe } from './stripe.server';
import type { TestCheckoutView } from './stripe-stand-in/index.server';
import { PAYMENT_INTENT_ID, type ConfirmResult } from './fulfilment.server';
import { declineMessage, PAYMENT_MESSAGES, STAND_IN_MESSAGES } from './messages';
import { callStripe, providerError } from './provider.server';

/**
 * The test mode's simulated card form and Checkout page (a 404 with a real key). The stand-in is
 * loaded only here, and only in test mode; its refusals come back as codes, said in Portuguese by
 * STAND_IN_MESSAGES.
 */

async function testModeStandIn() {
  if (!isStripeTestMode()) throw new AppError(404, PAYMENT_MESSAGES.testModeOnly);
  return loadStripeStandIn();
}

/**
 * The simulated card form (test mode, with JavaScript): confirms the buyer's PaymentIntent with
 * the test card typed, through the SDK, as Stripe.js would; then the page calls confirmPayment.
 */
export async function confirmTestCardPayment(
  user: Pick<UserRow, 'id'>,
  input: { paymentIntentId: string; cardNumber: string; returnUrl: string },
): Promise<ConfirmResult> {
  const standIn = await testModeStandIn();
  if (!PAYMENT_INTENT_ID.test(input.paymentIntentId)) throw new AppError(404, PAYMENT_MESSAGES.notFound);
  const intent = await callStripe(() => stripe().paymentIntents.retrieve(input.paymentIntentId));
  if (intent.metadata?.userId !== String(user.id)) throw new AppError(403, PAYMENT_MESSAGES.notYours);
  const paymentMethod = standIn.testPaymentMethodForCard(input.cardNumber);
  if (!paymentMethod) throw new AppError(400, PAYMENT_MESSAGES.invalidCard, 'cardNumber');
  // Already paid (a second click, or the same purchase again within the creation key's minute):
  // nothing to charge again; confirmPayment then fulfils it, once.
  if (intent.status === 'succeeded') return { status: 'succeeded' };
  try {
    const confirmed = await stripe().paymentIntents.confirm(input.paymentIntentId, {
      payment_method: paymentMethod,
      return_url: input.returnUrl,
    });
    return confirmed.status === 'succeeded'
      ? { status: 'succeeded' }
      : { status: 'processing', message: PAYMENT_MESSAGES.processing.description };
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError)
      return { status: 'failed', message: declineMessage(error.decline_code ?? error.code) };
    throw providerError(error);
  }
}

export type TestCheckout = TestCheckoutView & { userId: number | null };

/**
 * The simulated Checkout page's session (test mode only): null when there is none or it is
 * someone else's (the page answers both with the same 404).
 */
export async function readTestCheckout(user: Pick<UserRow, 'id'>, sessionId: string): Promise<TestCheckout | null> {
  const standIn = await testModeStandIn();
  const view = standIn.readTestSession(sessionId);
  if (!view || view.metadata.userId !== String(user.id)) return null;
  const userId = Number(view.metadata.userId);
  return { ...view, userId: Number.isSafeInteger(userId) ? userId : null };
}

/** The stand-in, once the buyer's own session is known to be there (someone else's is a 404). */
async function standInFor(user: Pick<UserRow, 'id'>, sessionId: string) {
  if (!(await readTestCheckout(user, sessionId))) throw new AppError(404, PAYMENT_MESSAGES.checkoutNotFound);
  const standIn = await testModeStandIn();
  /** A refusal of the simulated page in the buyer's words; anything else stays what it was. */
  const said = (error: unknown) =>
    error instanceof standIn.StandInError
      ? new AppError(STAND_IN_MESSAGES[error.code].status, STAND_IN_MESSAGES[error.code].message)
      : error;
  return { standIn, said };
}

export type TestCheckoutOutcome =
  | { outcome: 'paid' | 'pending'; redirectTo: string; message?: undefined }
  | { outcome: 'declined'; redirectTo: null; message: string };

/**
 * Pays a test session on the simulated Checkout page: a test card settles at once (a declined
 * card answers { outcome: 'declined', message } and the session stays open), Pix and boleto stay
 * waiting ('pending') until markTestPixPaid. `redirectTo` is the session's success_url
 * (/upgrade/return?session_id=…). Stripe's checkout.session.completed webhook follows. Someone
 * else's session is a 404.
 */
export async function completeTestCheckout(
  user: Pick<UserRow, 'id'>,
  sessionId: string,
  method: 'card' | 'pix' | 'boleto',
  card?: string,
): Promise<TestCheckoutOutcome> {
  const { standIn, said } = await standInFor(user, sessionId);
  try {
    const result = standIn.completeTestSession(sessionId, method, card);
    if (result.outcome === 'declined') return { outcome: 'declined', message: declineMessage(result.declineCode), redirectTo: null };
    return { outcome: result.outcome, redirectTo: result.redirectTo };
  } catch (error) {
    throw said(error);
  }
}

/**
 * 'Paid later': the simulated bank pays the Pix (or boleto) of a completed test session; the
 * stand-in sends checkout.session.async_payment_succeeded and this resolves once the app's
 * webhook has answered (the grant is there). `redirectTo` is the return page.
 */
export async function markTestPixPaid(user: Pick<UserRow, 'id'>, sessionId: string): Promise<{ redirectTo: string }> {
  return settleTest(user, sessionId, true);
}

/** The Pix (or boleto) of a completed test session expires unpaid: async_payment_failed. */
export async function markTestPixExpired(user: Pick<UserRow, 'id'>, sessionId: string): Promise<{ redirectTo: string }> {
  return settleTest(user, sessionId, false);
}

async function settleTest(user: Pick<UserRow, 'id'>, sessionId: string, paid: boolean) {
  const { standIn, said } = await standInFor(user, sessionId);
  try {
    await standIn.settleTestAsyncPayment(sessionId, paid);
  } catch (error) {
    throw said(error);
  }
  return { redirectTo: `/upgrade/return?session_id=${encodeURIComponent(sessionId)}` };
}
