import { and, eq, ne } from 'drizzle-orm';
import { db, type Executor } from '../../../db/client';
import { coursePurchases, courses, payments, users, type NotificationRow, type UserRow } from '../../../db/schema';
import { AppError } from '../../utils/errors';
import { stripe, type Stripe } from './stripe.server';
import type { PaymentMethod, ProRole } from '../../utils/value-sets';
import { grantCourse } from '../courses/access.server';
import { publishNotice, writeNotification } from '../notifications/notification.server';
import { grantRole } from '../accounts/role-grant.server';
import { queuePendingInstructions, queueReceipt, pendingInstructions } from './mails.server';
import { declineMessage, PAYMENT_MESSAGES } from './messages';
import { callStripe } from './provider.server';
import { CURRENCY } from './quote.server';
import { courseDescription, planDescription } from './views';

/**
 * ONE fulfilment, `fulfilPayment`, that every path which may learn first that money arrived calls
 * (the confirmation call, the Checkout return page, the webhook): it claims the payment row under
 * its UNIQUE Stripe id and grants in the same transaction, so replays, double clicks and races
 * grant once. What is granted is what the app recorded when it created the Stripe object, checked
 * against what Stripe answers (`checkedFulfilment`), never what a client or an event's payload says.
 */

type Fulfilment = {
  stripeId: string;
  userId: number;
  kind: 'plan' | 'course';
  planType: ProRole | null;
  months: number | null;
  courseId: number | null;
  amountCents: number;
  method: PaymentMethod | null;
};

export type FulfilResult = { granted: boolean; paymentId: number | null };

/**
 * THE check, one rule for every path that may learn first that money arrived (the confirmation
 * call, the Checkout return page, the webhook): what Stripe answers about its object (retrieved
 * through the SDK, never read from a client or an event's payload) against the payment row the
 * app wrote when it created that object. No row: the app did not create it, and nothing is
 * granted. The owner Stripe names, the amount and the currency must be the row's; what is granted
 * (who, which plan or course, how long) is the row's alone.
 */
export function checkedFulfilment(
  stripeId: string,
  stripeSays: { ownerId: string | undefined; amount: number | null; currency: string | null; method: PaymentMethod | null },
): Fulfilment {
  const row = db.select().from(payments).where(eq(payments.stripePaymentIntentId, stripeId)).get();
  const matches =
    row !== undefined &&
    row.userId !== null &&
    String(row.userId) === stripeSays.ownerId &&
    stripeSays.amount === row.amountCents &&
    stripeSays.currency?.toLowerCase() === CURRENCY &&
    (row.kind === 'plan' ? row.planType !== null && row.months !== null : row.courseId !== null);
  if (!matches) throw new AppError(400, PAYMENT_MESSAGES.mismatch);
  return {
    stripeId,
    userId: row.userId!,
    kind: row.kind,
    planType: row.planType,
    months: row.months,
    courseId: row.courseId,
    amountCents: row.amountCents,
    method: stripeSays.method,
  };
}

/**
 * THE fulfilment, of a purchase `checkedFulfilment` has vouched for: in ONE transaction it claims
 * the payment row (pending → succeeded; a row already succeeded means another path got there
 * first, and nothing more happens), grants (a plan: 30 × months days of the role, a grant whose
 * source is this payment; a course: a course_purchases row and its entitlement) and writes the
 * 'Pagamento realizado!' notification, published to the buyer's open tabs once committed.
 */
function fulfilPayment(input: Fulfilment, now = new Date()): FulfilResult {
  const { result, notice } = db.transaction((tx) => claimAndGrant(tx, input, now));
  if (notice) publishNotice(notice);
  return result;
}

function claimAndGrant(tx: Executor, input: Fulfilment, now: Date): { result: FulfilResult; notice: NotificationRow | null } {
  const nothing = (paymentId: number) => ({ result: { granted: false, paymentId }, notice: null });
  const existing = tx.select().from(payments).where(eq(payments.stripePaymentIntentId, input.stripeId)).get();
  if (!existing) throw new AppError(400, PAYMENT_MESSAGES.mismatch);
  // The claim: exactly one caller moves the row to succeeded.
  const claimed = tx
    .update(payments)
    .set({ status: 'succeeded', completedAt: now, method: input.method ?? existing.method })
    .where(and(eq(payments.id, existing.id), ne(payments.status, 'succeeded')))
    .returning()
    .get();
  if (!claimed) return nothing(existing.id);
  if (!tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).get()) return nothing(claimed.id);
  let link = '/dashboard';
  if (input.kind === 'plan') {
    grantRole(tx, { userId: input.userId, role: input.planType!, days: 30 * input.months!, source: 'payment', sourceId: claimed.id }, now);
  } else {
    const course = tx.select({ id: courses.id }).from(courses).where(eq(courses.id, input.courseId!)).get();
    if (!course) {
      queueReceipt(tx, claimed, now);
      return nothing(claimed.id);
    }
    const purchase = tx
      .insert(coursePurchases)
      .values({
        userId: input.userId,
        courseId: course.id,
        stripePaymentId: input.stripeId,
        purchasedAt: now,
        expiresAt: null,
        active: true,
        priceCents: input.amountCents,
      })
      .returning({ id: coursePurchases.id })
      .get();
    grantCourse(tx, { userId: input.userId, courseId: course.id, source: 'purchase', sourceId: purchase.id }, now);
    link = `/courses/${course.id}`;
  }
  // After the grant: the receipt says until when it runs, and what follows it.
  queueReceipt(tx, claimed, now);
  const notice = writeNotification(tx, {
    title: PAYMENT_MESSAGES.success.title,
    message: PAYMENT_MESSAGES.success.description,
    type: 'success',
    userId: input.userId,
    link,
  });
  return { result: { granted: true, paymentId: claimed.id }, notice };
}

/** A retrieved PaymentIntent that succeeded, checked against the app's row, fulfilled. */
export function fulfilPaymentIntent(intent: Stripe.PaymentIntent, now = new Date()): FulfilResult {
  const input = checkedFulfilment(intent.id, {
    ownerId: intent.metadata?.userId,
    amount: intent.amount,
    currency: intent.currency,
    method: 'card',
  });
  if (intent.status !== 'succeeded' || (intent.amount_received ?? intent.amount) < input.amountCents)
    throw new AppError(400, PAYMENT_MESSAGES.mismatch);
  return fulfilPayment(input, now);
}

export type ConfirmResult = { status: 'succeeded' | 'processing' | 'requires_payment_method' | 'failed'; message?: string };

export const PAYMENT_INTENT_ID = /^pi_[A-Za-z0-9_]{1,250}$/;

/**
 * POST /api/upgrade/confirm-payment: retrieves the PaymentIntent, refuses one of another user,
 * another amount or another currency, and fulfils it when it succeeded.
 */
export async function confirmPayment(user: Pick<UserRow, 'id'>, paymentIntentId: string): Promise<ConfirmResult> {
  if (!PAYMENT_INTENT_ID.test(paymentIntentId)) throw new AppError(404, PAYMENT_MESSAGES.notFound);
  const intent = await callStripe(() => stripe().paymentIntents.retrieve(paymentIntentId));
  if (intent.metadata?.userId !== String(user.id)) throw new AppError(403, PAYMENT_MESSAGES.notYours);
  if (intent.currency !== CURRENCY) throw new AppError(400, PAYMENT_MESSAGES.mismatch);
  switch (intent.status) {
    case 'succeeded':
      fulfilPaymentIntent(intent);
      return { status: 'succeeded', message: PAYMENT_MESSAGES.success.description };
    case 'processing':
      return { status: 'processing', message: PAYMENT_MESSAGES.processing.description };
    case 'canceled':
      markFailed(intent.id);
      return { status: 'failed', message: PAYMENT_MESSAGES.errorFallback };
    default:
      return {
        status: 'requires_payment_method',
        message: intent.last_payment_error
          ? declineMessage(intent.last_payment_error.decline_code ?? intent.last_payment_error.code)
          : PAYMENT_MESSAGES.errorFallback,
      };
  }
}

export function markFailed(stripeId: string) {
  db.update(payments)
    .set({ status: 'failed' })
    .where(and(eq(payments.stripePaymentIntentId, stripeId), eq(payments.status, 'pending')))
    .run();
}

function methodOf(intent: Stripe.PaymentIntent | string | null): PaymentMethod | null {
  if (!intent || typeof intent === 'string') return null;
  const pm = intent.payment_method;
  const type: string | null = pm && typeof pm !== 'string' ? pm.type : null;
  return type === 'card' || type === 'pix' || type === 'boleto' ? type : null;
}

export type CheckoutResult = {
  status: 'succeeded' | 'processing' | 'failed';
  kind: 'plan' | 'course';
  description: string;
  courseId: number | null;
  method: PaymentMethod | null;
};

/**
 * The Checkout return page and the session's webhooks: retrieves the session and fulfils it
 * when it is paid. With `viewer`, a session of someone else is the same 404 as a missing one.
 */
export async function fulfilCheckoutSession(sessionId: string, viewer?: Pick<UserRow, 'id'>): Promise<CheckoutResult> {
  if (!/^cs_[A-Za-z0-9_]{1,250}$/.test(sessionId)) throw new AppError(404, PAYMENT_MESSAGES.checkoutNotFound);
  const session = await callStripe(() =>
    stripe().checkout.sessions.retrieve(sessionId, { expand: ['payment_intent', 'payment_intent.payment_method'] }),
  );
  if (viewer && session.metadata?.userId !== String(viewer.id)) throw new AppError(404, PAYMENT_MESSAGES.checkoutNotFound);
  const method = methodOf(session.payment_intent);
  const input = checkedFulfilment(session.id, {
    ownerId: session.metadata?.userId,
    amount: session.amount_total,
    currency: session.currency,
    method,
  });
  const course = input.courseId ? db.select({ title: courses.title }).from(courses).where(eq(courses.id, input.courseId)).get() : undefined;
  const description = input.kind === 'plan' ? planDescription(input.planType!, input.months!) : courseDescription(course?.title ?? null);
  const base = { kind: input.kind, description, courseId: input.courseId, method };
  if (session.payment_status === 'paid' || session.payment_status === 'no_payment_required') {
    fulfilPayment(input);
    return { status: 'succeeded', ...base };
  }
  if (session.status === 'expired') {
    markFailed(session.id);
    return { status: 'failed', ...base };
  }
  // Completed but unpaid: Pix or boleto waiting for the money; the row learns its method, and the
  // buyer gets how to pay it once (the webhook and the return page both come here).
  if (method) {
    const intent = typeof session.payment_intent === 'string' ? null : session.payment_intent;
    db.transaction((tx) => {
      const row = tx
        .update(payments)
        .set({ method })
        .where(and(eq(payments.stripePaymentIntentId, session.id), eq(payments.status, 'pending')))
        .returning()
        .get();
      if (row && (method === 'pix' || method === 'boleto')) queuePendingInstructions(tx, row, pendingInstructions(method, intent));
    });
  }
  return { status: 'processing', ...base };
}

/**
 * A Pix or boleto that never arrived: the row fails and the user is told, when the retrieved
 * session (checked against the row) is unpaid and its PaymentIntent is back to needing a payment.
 */
export async function failCheckoutSession(sessionId: string) {
  const session = await callStripe(() => stripe().checkout.sessions.retrieve(sessionId, { expand: ['payment_intent'] }));
  const { userId } = checkedFulfilment(session.id, {
    ownerId: session.metadata?.userId,
    amount: session.amount_total,
    currency: session.currency,
    method: null,
  });
  const intent = session.payment_intent;
  const unpaid =
    session.payment_status === 'unpaid' &&
    intent !== null &&
    typeof intent !== 'string' &&
    (intent.status === 'requires_payment_method' || intent.status === 'canceled');
  if (!unpaid) return;
  const notice = db.transaction((tx) => {
    const failed = tx
      .update(payments)
      .set({ status: 'failed' })
      .where(and(eq(payments.stripePaymentIntentId, session.id), eq(payments.status, 'pending')))
      .returning({ id: payments.id })
      .get();
    if (!failed || !tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).get()) return null;
    return writeNotification(tx, {
      title: PAYMENT_MESSAGES.errorTitle,
      message: PAYMENT_MESSAGES.errorFallback,
      type: 'error',
      userId,
      link: '/account',
    });
  });
  if (notice) publishNotice(notice);
}
