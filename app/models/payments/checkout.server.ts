import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { db, type Executor } from '../../../db/client';
import { payments, users, type UserRow } from '../../../db/schema';
import { getEnv } from '../../utils/env.server';
import { AppError } from '../../utils/errors';
import { siteUrl } from '../../utils/security.server';
import { isStripeTestMode, stripe, type Stripe } from './stripe.server';
import type { PaymentMethod } from '../../utils/value-sets';
import { fulfilCheckoutSession, fulfilPaymentIntent, markFailed } from './fulfilment.server';
import { PAYMENT_MESSAGES } from './messages';
import { callStripe } from './provider.server';
import { onePurchaseAtATime } from './purchase-lease.server';
import { CURRENCY, quote, type Purchase, type Quote } from './quote.server';

/**
 * Creating what the buyer pays: the card form's PaymentIntent and the Checkout Session of the form
 * without JavaScript (card, Pix, boleto). Each records a `pending` payment row under its Stripe
 * id, with what the app computed (`quote`); fulfilment later grants what that row says.
 */

/** Boleto's range at Stripe: R$ 5,00 to R$ 49.999,99. */
const BOLETO_RANGE = { min: 500, max: 4_999_999 };

/** What the PaymentIntent and the Checkout Session carry, so any path can fulfil from Stripe's object alone. */
function purchaseMetadata(user: Pick<UserRow, 'id'>, q: Quote, pageKey?: string | null): Record<string, string> {
  return {
    // The payment step's rendering that made it: its own other path is not another tab.
    page: pageKey ?? '',
    userId: String(user.id),
    kind: q.kind,
    planType: q.planType ?? '',
    months: q.months === null ? '' : String(q.months),
    courseId: q.courseId === null ? '' : String(q.courseId),
    amountCents: String(q.amountCents),
  };
}

function payerFields(executor: Executor, userId: number) {
  const payer = executor
    .select({ username: users.username, email: users.email, cpf: users.cpf })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  return { payerUsername: payer?.username ?? null, payerEmail: payer?.email ?? null, payerCpf: payer?.cpf ?? null };
}

/** A payment row in `pending` for an object just created (a second writer of the same id changes nothing). */
function recordPending(user: Pick<UserRow, 'id'>, stripeId: string, q: Quote, method: PaymentMethod | null) {
  db.insert(payments)
    .values({
      userId: user.id,
      ...payerFields(db, user.id),
      stripePaymentIntentId: stripeId,
      kind: q.kind,
      planType: q.planType,
      months: q.months,
      courseId: q.courseId,
      amountCents: q.amountCents,
      status: 'pending',
      method,
    })
    .onConflictDoNothing({ target: payments.stripePaymentIntentId })
    .run();
}

type OpenPurchase = { paymentIntent: Stripe.PaymentIntent } | { session: Stripe.Checkout.Session } | null;

const OPEN_INTENT = new Set<Stripe.PaymentIntent.Status>(['requires_payment_method', 'requires_confirmation', 'requires_action']);

/**
 * How long an open purchase of the other path counts as a payment under way (another tab on the
 * card form or on Checkout): within it a new purchase is refused instead of cancelling it under
 * the buyer; past it the purchase counts as abandoned and is cancelled.
 */
export const IN_PROGRESS_MS = 15 * 60_000;

/**
 * An open purchase of the other path that the buyer may still be paying in another tab: refuse,
 * never cancel it. One made by this same page (the card form's PaymentIntent when 'Pagar com Pix
 * ou boleto' is chosen under it, or the other way round) is the buyer changing their mind: it goes.
 */
function refuseWhileInProgress(row: { createdAt: Date }, madeBy: string | undefined, pageKey: string | null, now: number) {
  if (pageKey && madeBy === pageKey) return;
  if (now - row.createdAt.getTime() < IN_PROGRESS_MS) throw new AppError(409, PAYMENT_MESSAGES.courseInProgress);
}

/**
 * A course is bought once: the buyer's earlier unpaid purchases of it are asked of Stripe first.
 * One paid meanwhile is fulfilled (the course is then owned, and quote refuses it); one the same
 * path can still pay at the same amount is answered again; one of the other path made within
 * IN_PROGRESS_MS refuses the new purchase (the other tab goes on); any other still payable one is
 * cancelled (a PaymentIntent) or expired (a Checkout Session), so two can never both be paid; a
 * Pix or boleto already waiting for its money refuses a new purchase.
 */
async function settleOpenCoursePurchases(
  user: Pick<UserRow, 'id'>,
  q: Quote,
  path: 'card' | 'checkout',
  pageKey: string | null,
): Promise<OpenPurchase> {
  if (q.courseId === null) return null;
  const pending = db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, user.id), eq(payments.courseId, q.courseId), eq(payments.status, 'pending')))
    .all();
  let reusable: OpenPurchase = null;
  const now = Date.now();
  for (const row of pending) {
    const stripeId = row.stripePaymentIntentId;
    if (stripeId.startsWith('pi_')) {
      const intent = await callStripe(() => stripe().paymentIntents.retrieve(stripeId));
      if (intent.status === 'succeeded') fulfilPaymentIntent(intent);
      else if (intent.status === 'canceled') markFailed(stripeId);
      else if (intent.status === 'processing') throw new AppError(409, PAYMENT_MESSAGES.coursePending);
      else if (!reusable && path === 'card' && intent.amount === q.amountCents && OPEN_INTENT.has(intent.status))
        reusable = { paymentIntent: intent };
      else {
        if (path === 'checkout' && OPEN_INTENT.has(intent.status)) refuseWhileInProgress(row, intent.metadata?.page, pageKey, now);
        await callStripe(() => stripe().paymentIntents.cancel(stripeId));
        markFailed(stripeId);
      }
    } else {
      const session = await callStripe(() => stripe().checkout.sessions.retrieve(stripeId));
      if (session.payment_status !== 'unpaid') await fulfilCheckoutSession(stripeId);
      else if (session.status === 'expired') markFailed(stripeId);
      else if (session.status === 'complete') throw new AppError(409, PAYMENT_MESSAGES.coursePending);
      else if (!reusable && path === 'checkout' && session.amount_total === q.amountCents && session.url) reusable = { session };
      else {
        if (path === 'card' && session.status === 'open') refuseWhileInProgress(row, session.metadata?.page, pageKey, now);
        await callStripe(() => stripe().checkout.sessions.expire(stripeId));
        markFailed(stripeId);
      }
    }
  }
  return reusable;
}

/**
 * The card form's PaymentIntent (BRL, card). The idempotency key makes a repeated creation
 * call (a double click, a retried request) answer the same PaymentIntent; without one from the
 * client, the key is derived from the buyer, the purchase, the amount and the minute. A course
 * with an open PaymentIntent of this buyer answers that one, whatever the key.
 */
export function createPaymentIntent(user: UserRow, purchase: Purchase, options: { idempotencyKey?: string | null } = {}) {
  return onePurchaseAtATime(user.id, async () => {
    let q = quote(user, purchase);
    const clientKey = options.idempotencyKey?.trim().slice(0, 128) || null;
    const open = await settleOpenCoursePurchases(user, q, 'card', clientKey);
    if (open && 'paymentIntent' in open && open.paymentIntent.client_secret) {
      return {
        clientSecret: open.paymentIntent.client_secret,
        paymentIntentId: open.paymentIntent.id,
        amountCents: q.amountCents,
        description: q.description,
      };
    }
    // Settling may have fulfilled a payment that arrived meanwhile: the course may be owned now.
    q = quote(user, purchase);
    const key = clientKey
      ? `pi:${user.id}:${clientKey}`
      : `pi:${user.id}:${q.kind}:${q.planType ?? q.courseId}:${q.months ?? ''}:${q.amountCents}:${Math.floor(Date.now() / 60_000)}`;
    const create = (idempotencyKey: string) =>
      callStripe(() =>
        stripe().paymentIntents.create(
          {
            amount: q.amountCents,
            currency: CURRENCY,
            allowed_payment_method_types: ['card'],
            description: q.description,
            metadata: purchaseMetadata(user, q, clientKey),
          },
          { idempotencyKey },
        ),
      );
    let intent = await create(key);
    // The key's PaymentIntent was cancelled since (the same page chose Checkout, then came back; Stripe
    // answers a repeated key with its first answer, status included): our row knows, and a new one is made.
    const known = db.select({ status: payments.status }).from(payments).where(eq(payments.stripePaymentIntentId, intent.id)).get();
    if (known?.status === 'failed') intent = await create(`${key}:${randomUUID()}`);
    if (!intent.client_secret) throw new AppError(502, PAYMENT_MESSAGES.createFallback);
    recordPending(user, intent.id, q, 'card');
    return { clientSecret: intent.client_secret, paymentIntentId: intent.id, amountCents: q.amountCents, description: q.description };
  });
}

/** Payment methods offered on Checkout: STRIPE_CHECKOUT_METHODS (e.g. 'card,pix'), default card, Pix and boleto. */
function checkoutMethods(amountCents: number): Array<'card' | 'pix' | 'boleto'> {
  const configured = getEnv().stripeCheckoutMethods;
  const methods = (['card', 'pix', 'boleto'] as const).filter((m) => configured.includes(m));
  return methods.filter((m) => m !== 'boleto' || (amountCents >= BOLETO_RANGE.min && amountCents <= BOLETO_RANGE.max));
}

/**
 * Where Checkout sends the buyer back: siteUrl's, never the request's Host. Stripe takes absolute
 * URLs only, which a production start with a key guarantees (PUBLIC_ORIGIN is required there);
 * the test mode's stand-in takes the relative ones of a run without PUBLIC_ORIGIN.
 */
const checkoutReturnUrl = (path: string) => siteUrl(path, isStripeTestMode() ? 'link' : 'absolute');

/**
 * The Checkout Session of the form without JavaScript: the same amount, card plus Pix and boleto
 * where offered; success_url is /upgrade/return (which calls fulfilCheckoutSession). In test mode
 * its url is the app's own /test-mode/checkout/{id}. A course with an open session of this buyer
 * answers that session.
 */
export function createCheckoutSession(
  user: UserRow,
  purchase: Purchase,
  options: { cancelPath?: string; idempotencyKey?: string | null; pageKey?: string | null } = {},
) {
  return onePurchaseAtATime(user.id, async () => {
    let q = quote(user, purchase);
    const pageKey = options.pageKey?.trim().slice(0, 128) || null;
    const open = await settleOpenCoursePurchases(user, q, 'checkout', pageKey);
    if (open && 'session' in open && open.session.url) return { url: open.session.url, sessionId: open.session.id };
    q = quote(user, purchase);
    const cancelPath = options.cancelPath?.startsWith('/') && !options.cancelPath.startsWith('//') ? options.cancelPath : '/upgrade';
    const methods = checkoutMethods(q.amountCents);
    const metadata = purchaseMetadata(user, q, pageKey);
    const session = await callStripe(() =>
      stripe().checkout.sessions.create(
        {
          mode: 'payment',
          allowed_payment_method_types: methods,
          line_items: [
            { quantity: 1, price_data: { currency: CURRENCY, unit_amount: q.amountCents, product_data: { name: q.description } } },
          ],
          success_url: checkoutReturnUrl('/upgrade/return?session_id={CHECKOUT_SESSION_ID}'),
          cancel_url: checkoutReturnUrl(cancelPath),
          client_reference_id: String(user.id),
          customer_email: user.email,
          metadata,
          // `via` tells the PaymentIntent's own events apart: the session's events fulfil these.
          payment_intent_data: { metadata: { ...metadata, via: 'checkout' } },
          ...(methods.includes('pix') ? { payment_method_options: { pix: { expires_after_seconds: 24 * 3600 } } } : {}),
          locale: 'pt-BR',
        },
        { idempotencyKey: `cs:${user.id}:${options.idempotencyKey?.trim().slice(0, 128) || randomUUID()}` },
      ),
    );
    if (!session.url) throw new AppError(502, PAYMENT_MESSAGES.createFallback);
    recordPending(user, session.id, q, null);
    return { url: session.url, sessionId: session.id };
  });
}
