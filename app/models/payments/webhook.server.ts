import { eq, lt } from 'drizzle-orm';
import { db } from '../../../db/client';
import { payments, stripeEvents } from '../../../db/schema';
import { AppError, isAppError } from '../../utils/errors';
import { stripe, stripeWebhookSecret, type Stripe } from './stripe.server';
import { DAY_MS } from '../accounts/role-arithmetic';
import { failCheckoutSession, fulfilCheckoutSession, fulfilPaymentIntent } from './fulfilment.server';
import { PAYMENT_MESSAGES } from './messages';
import { callStripe } from './provider.server';

const EVENT_RETENTION_DAYS = 30;

/**
 * POST /api/stripe/webhook: the signature is checked on the raw body; an event already handled
 * (by id) does nothing. Of the event's payload only the type and the object's id are read: the
 * object itself is retrieved from Stripe and checked against the app's payment row
 * (`checkedFulfilment`), so a signed event whose payload names another buyer, plan or amount
 * grants only what the row and Stripe say. The event id is recorded after it was handled, so a
 * failure is retried by Stripe; fulfilment is idempotent, so a duplicate grants nothing twice.
 */
export async function handleStripeWebhook(
  rawBody: string | Buffer,
  signature: string | null,
  now = new Date(),
): Promise<{ received: true; duplicate?: true }> {
  const secret = stripeWebhookSecret();
  if (!secret) throw new AppError(500, PAYMENT_MESSAGES.webhookUnconfigured);
  let event: Stripe.Event;
  try {
    event = stripe().webhooks.constructEvent(rawBody, signature ?? '', secret);
  } catch {
    throw new AppError(400, PAYMENT_MESSAGES.badSignature);
  }
  if (db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, event.id)).get())
    return { received: true, duplicate: true };

  try {
    await handleEvent(event, now);
  } catch (error) {
    // An object that does not match its purchase will not match on a retry either: answered
    // (and recorded) so Stripe stops sending it, and logged for a person to look at.
    if (!isAppError(error) || error.message !== PAYMENT_MESSAGES.mismatch) throw error;
    console.warn(`Stripe event ${event.id} (${event.type}) ignored: ${error.message}`);
  }
  db.transaction((tx) => {
    tx.insert(stripeEvents).values({ id: event.id, type: event.type, receivedAt: now }).onConflictDoNothing().run();
    tx.delete(stripeEvents)
      .where(lt(stripeEvents.receivedAt, new Date(now.getTime() - EVENT_RETENTION_DAYS * DAY_MS)))
      .run();
  });
  return { received: true };
}

/** The object an event is about must be one the app created (it has a payment row); else nothing is asked or granted. */
function assertRecorded(stripeId: unknown): string {
  const id = typeof stripeId === 'string' ? stripeId : '';
  if (!id || !db.select({ id: payments.id }).from(payments).where(eq(payments.stripePaymentIntentId, id)).get())
    throw new AppError(400, PAYMENT_MESSAGES.mismatch);
  return id;
}

async function handleEvent(event: Stripe.Event, now: Date): Promise<void> {
  switch (event.type) {
    case 'payment_intent.succeeded': {
      // A Checkout payment's PaymentIntent has no row of its own: the session's events fulfil it.
      if (event.data.object.metadata?.via === 'checkout') break;
      const id = assertRecorded(event.data.object.id);
      const intent = await callStripe(() => stripe().paymentIntents.retrieve(id));
      if (intent.status === 'succeeded') fulfilPaymentIntent(intent, now);
      break;
    }
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      // completed: granted only when paid (a Pix or boleto is only noted as waiting).
      await fulfilCheckoutSession(assertRecorded(event.data.object.id));
      break;
    case 'checkout.session.async_payment_failed':
      await failCheckoutSession(assertRecorded(event.data.object.id));
      break;
    default:
      break;
  }
}
