import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, ne, or } from 'drizzle-orm';
import { db, type Executor } from '../../db/client';
import {
  coursePurchases,
  courseGrants,
  courses,
  notifications,
  payments,
  roleGrants,
  stripeEvents,
  users,
  type PaymentRow,
  type UserRow,
} from '../../db/schema';
import { AppError, isAppError } from '../utils/errors';
import { formatCents } from '../utils/format';
import { paginate, type Page } from '../utils/pagination.server';
import { siteUrl } from '../utils/security.server';
import { isStripeTestMode, stripe, stripeWebhookSecret, Stripe } from '../utils/stripe.server';
import {
  completeTestSession,
  readTestSession,
  settleTestAsyncPayment,
  testPaymentMethodForCard,
  type TestCheckoutView,
} from '../utils/stripe-test-mode.server';
import { PRO_ROLES, type PaymentMethod, type PaymentStatus, type ProRole, type RefundStatus } from '../utils/value-sets';
import { recordAudit, type AuditActor } from './audit.server';
import { canSeeCourse, COURSE_ACCESS_MESSAGES, courseAccess, grantCourse, grantInForceFor } from './course-access.server';
import { getPlanPrices } from './price.server';
import { grantRole, syncUserRole } from './role-grant.server';
import { hasAtLeast } from './roles';

/**
 * Payments (issue 12): what a purchase costs, the PaymentIntent of the card form, the Checkout
 * Session of the form without JavaScript (card, Pix, boleto), and ONE fulfilment, `fulfilPayment`,
 * that every path which may learn first that money arrived calls (the confirmation call, the
 * Checkout return page, the webhook): it claims the payment row under its UNIQUE Stripe id and
 * grants in the same transaction, so replays, double clicks and races grant once. What is granted
 * is what the app recorded when it created the Stripe object, checked against what Stripe answers
 * (`checkedFulfilment`), never what a client or an event's payload says. A course is paid once: a
 * second purchase of it answers the open one (`settleOpenCoursePurchases`). Refunds within the 7
 * days of Brazil's consumer code take back exactly what that payment granted, and no more.
 */

export const PAYMENT_MESSAGES = {
  success: { title: 'Pagamento realizado!', description: 'Seu upgrade foi concluído com sucesso.' },
  processing: { title: 'Pagamento em processamento', description: 'Estamos processando seu pagamento. Você receberá uma notificação em breve.' },
  errorTitle: 'Erro no pagamento',
  errorFallback: 'Ocorreu um erro ao processar o pagamento.',
  createFallback: 'Erro ao criar intenção de pagamento',
  plan: 'Plano inválido.',
  months: 'Escolha entre 1 e 12 meses.',
  planNotAbove: 'Seu plano atual já inclui este plano. Escolha um plano acima do seu.',
  courseNotForSale: 'Este curso não está à venda.',
  courseOwned: 'Você já tem acesso a este curso.',
  coursePending: 'Já há um pagamento deste curso em processamento. Você receberá uma notificação em breve.',
  belowMinimum: 'O valor mínimo para pagamento com cartão é R$ 0,50.',
  notFound: 'Pagamento não encontrado.',
  notYours: 'Este pagamento não pertence à sua conta.',
  mismatch: 'O pagamento não corresponde à compra.',
  declined: 'Seu cartão foi recusado.',
  insufficientFunds: 'Seu cartão não tem saldo suficiente.',
  invalidCard: 'Use um dos cartões de teste: 4242 4242 4242 4242, 4000 0000 0000 0002 ou 4000 0000 0000 9995.',
  providerUnavailable: 'Não foi possível falar com o provedor de pagamento. Tente novamente.',
  refundNotPaid: 'Apenas pagamentos concluídos podem ser reembolsados.',
  refundAlready: 'O reembolso deste pagamento já foi solicitado.',
  refundDeadline: 'O prazo de 7 dias para desistência terminou.',
  refundNotRequested: 'Não há pedido de reembolso para este pagamento.',
  badSignature: 'Assinatura do webhook inválida.',
  webhookUnconfigured: 'STRIPE_WEBHOOK_SECRET não configurado.',
  testModeOnly: 'Disponível apenas no modo de teste.',
  checkoutNotFound: 'Sessão de pagamento não encontrada.',
} as const;

/** Stripe's smallest card charge in BRL (R$ 0,50) and boleto's range (R$ 5,00 to R$ 49.999,99). */
export const MIN_CARD_CENTS = 50;
const BOLETO_RANGE = { min: 500, max: 4_999_999 };
export const REFUND_WINDOW_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;
const CURRENCY = 'brl';

export type Purchase = { planType: ProRole; months: number } | { courseId: number };
export type Quote = {
  amountCents: number;
  kind: 'plan' | 'course';
  description: string;
  planType: ProRole | null;
  months: number | null;
  courseId: number | null;
};

type Buyer = Pick<UserRow, 'id' | 'role'>;

const monthsLabel = (months: number) => `${months} ${months === 1 ? 'mês' : 'meses'}`;
const planDescription = (planType: string, months: number) => `Plano ${planType} — ${monthsLabel(months)} (${30 * months} dias)`;
const courseDescription = (title: string | null) => `Curso: ${title ?? 'curso removido'}`;

/** What a purchase costs, from the database (centavos), or a 400 that says why it cannot be bought. */
export function quote(user: Buyer, purchase: Purchase): Quote {
  let result: Quote;
  if ('courseId' in purchase) {
    const course = db.select().from(courses).where(eq(courses.id, purchase.courseId)).get();
    if (!course || !canSeeCourse(user.role, course)) throw new AppError(404, COURSE_ACCESS_MESSAGES.notFound);
    if (!hasAtLeast(user.role, 'E-MASTER')) throw new AppError(403, COURSE_ACCESS_MESSAGES.restricted);
    if (course.priceCents === null) throw new AppError(400, PAYMENT_MESSAGES.courseNotForSale);
    if (courseAccess(user.role, course, grantInForceFor(db, user.id, course.id)).hasAccess) throw new AppError(400, PAYMENT_MESSAGES.courseOwned);
    result = { amountCents: course.priceCents, kind: 'course', description: courseDescription(course.title), planType: null, months: null, courseId: course.id };
  } else {
    if (!(PRO_ROLES as readonly string[]).includes(purchase.planType)) throw new AppError(400, PAYMENT_MESSAGES.plan);
    if (!Number.isInteger(purchase.months) || purchase.months < 1 || purchase.months > 12) throw new AppError(400, PAYMENT_MESSAGES.months);
    if (hasAtLeast(user.role, purchase.planType)) throw new AppError(400, PAYMENT_MESSAGES.planNotAbove);
    const amountCents = getPlanPrices()[purchase.planType] * purchase.months;
    result = { amountCents, kind: 'plan', description: planDescription(purchase.planType, purchase.months), planType: purchase.planType, months: purchase.months, courseId: null };
  }
  if (result.amountCents < MIN_CARD_CENTS) throw new AppError(400, PAYMENT_MESSAGES.belowMinimum);
  return result;
}

/** What the PaymentIntent and the Checkout Session carry, so any path can fulfil from Stripe's object alone. */
function purchaseMetadata(user: Pick<UserRow, 'id'>, q: Quote): Record<string, string> {
  return {
    userId: String(user.id),
    kind: q.kind,
    planType: q.planType ?? '',
    months: q.months === null ? '' : String(q.months),
    courseId: q.courseId === null ? '' : String(q.courseId),
    amountCents: String(q.amountCents),
  };
}

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

function payerFields(executor: Executor, userId: number) {
  const payer = executor.select({ username: users.username, email: users.email, cpf: users.cpf }).from(users).where(eq(users.id, userId)).get();
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

/** Turns a Stripe failure into the app's errors: card errors keep their meaning, the rest is a 502. */
function providerError(error: unknown): AppError {
  if (isAppError(error)) return error;
  if (error instanceof Stripe.errors.StripeCardError) return new AppError(402, declineMessage(error.decline_code ?? error.code), undefined, { code: error.code, declineCode: error.decline_code });
  if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') return new AppError(404, PAYMENT_MESSAGES.notFound);
  console.error('Stripe error:', error);
  return new AppError(502, PAYMENT_MESSAGES.providerUnavailable);
}

export function declineMessage(code: string | null | undefined): string {
  if (code === 'insufficient_funds') return PAYMENT_MESSAGES.insufficientFunds;
  if (code === 'invalid_number') return PAYMENT_MESSAGES.invalidCard;
  if (code === 'card_declined' || code === 'generic_decline') return PAYMENT_MESSAGES.declined;
  return PAYMENT_MESSAGES.errorFallback;
}

async function callStripe<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    throw providerError(error);
  }
}

// ---------------------------------------------------------------------------------------------
// Creating

/**
 * One creation at a time per buyer (in this process; the app runs on one machine, decision 018):
 * two tabs buying the same course at the same moment meet here, and the second finds the first's
 * open purchase instead of making another.
 */
const creations = new Map<number, Promise<unknown>>();
function oneAtATime<T>(userId: number, create: () => Promise<T>): Promise<T> {
  const run = (creations.get(userId) ?? Promise.resolve()).catch(() => undefined).then(create);
  const settled = run.catch(() => undefined);
  creations.set(userId, settled);
  void settled.then(() => {
    if (creations.get(userId) === settled) creations.delete(userId);
  });
  return run;
}

type OpenPurchase = { paymentIntent: Stripe.PaymentIntent } | { session: Stripe.Checkout.Session } | null;

const OPEN_INTENT = new Set<Stripe.PaymentIntent.Status>(['requires_payment_method', 'requires_confirmation', 'requires_action']);

/**
 * A course is bought once: the buyer's earlier unpaid purchases of it are asked of Stripe first.
 * One paid meanwhile is fulfilled (the course is then owned, and quote refuses it); one the same
 * path can still pay at the same amount is answered again; any other still payable one is
 * cancelled (a PaymentIntent) or expired (a Checkout Session), so two can never both be paid; a
 * Pix or boleto already waiting for its money refuses a new purchase.
 */
async function settleOpenCoursePurchases(user: Pick<UserRow, 'id'>, q: Quote, path: 'card' | 'checkout'): Promise<OpenPurchase> {
  if (q.courseId === null) return null;
  const pending = db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, user.id), eq(payments.courseId, q.courseId), eq(payments.status, 'pending')))
    .all();
  let reusable: OpenPurchase = null;
  for (const row of pending) {
    const stripeId = row.stripePaymentIntentId;
    if (stripeId.startsWith('pi_')) {
      const intent = await callStripe(() => stripe().paymentIntents.retrieve(stripeId));
      if (intent.status === 'succeeded') fulfilPaymentIntent(intent);
      else if (intent.status === 'canceled') markFailed(stripeId);
      else if (intent.status === 'processing') throw new AppError(409, PAYMENT_MESSAGES.coursePending);
      else if (!reusable && path === 'card' && intent.amount === q.amountCents && OPEN_INTENT.has(intent.status)) reusable = { paymentIntent: intent };
      else {
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
  return oneAtATime(user.id, async () => {
    let q = quote(user, purchase);
    const open = await settleOpenCoursePurchases(user, q, 'card');
    if (open && 'paymentIntent' in open && open.paymentIntent.client_secret) {
      return { clientSecret: open.paymentIntent.client_secret, paymentIntentId: open.paymentIntent.id, amountCents: q.amountCents, description: q.description };
    }
    // Settling may have fulfilled a payment that arrived meanwhile: the course may be owned now.
    q = quote(user, purchase);
    const clientKey = options.idempotencyKey?.trim().slice(0, 128);
    const key = clientKey
      ? `pi:${user.id}:${clientKey}`
      : `pi:${user.id}:${q.kind}:${q.planType ?? q.courseId}:${q.months ?? ''}:${q.amountCents}:${Math.floor(Date.now() / 60_000)}`;
    const intent = await callStripe(() =>
      stripe().paymentIntents.create(
        { amount: q.amountCents, currency: CURRENCY, allowed_payment_method_types: ['card'], description: q.description, metadata: purchaseMetadata(user, q) },
        { idempotencyKey: key },
      ),
    );
    if (!intent.client_secret) throw new AppError(502, PAYMENT_MESSAGES.createFallback);
    recordPending(user, intent.id, q, 'card');
    return { clientSecret: intent.client_secret, paymentIntentId: intent.id, amountCents: q.amountCents, description: q.description };
  });
}

/** Payment methods offered on Checkout: STRIPE_CHECKOUT_METHODS (e.g. 'card,pix'), default card, Pix and boleto. */
function checkoutMethods(amountCents: number): Array<'card' | 'pix' | 'boleto'> {
  const configured = (process.env.STRIPE_CHECKOUT_METHODS ?? 'card,pix,boleto').split(',').map((m) => m.trim());
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
export function createCheckoutSession(user: UserRow, purchase: Purchase, options: { cancelPath?: string; idempotencyKey?: string | null } = {}) {
  return oneAtATime(user.id, async () => {
    let q = quote(user, purchase);
    const open = await settleOpenCoursePurchases(user, q, 'checkout');
    if (open && 'session' in open && open.session.url) return { url: open.session.url, sessionId: open.session.id };
    q = quote(user, purchase);
    const cancelPath = options.cancelPath?.startsWith('/') && !options.cancelPath.startsWith('//') ? options.cancelPath : '/upgrade';
    const methods = checkoutMethods(q.amountCents);
    const metadata = purchaseMetadata(user, q);
    const session = await callStripe(() =>
      stripe().checkout.sessions.create(
        {
          mode: 'payment',
          allowed_payment_method_types: methods,
          line_items: [{ quantity: 1, price_data: { currency: CURRENCY, unit_amount: q.amountCents, product_data: { name: q.description } } }],
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

// ---------------------------------------------------------------------------------------------
// Fulfilling

export type FulfilResult = { granted: boolean; paymentId: number | null };

function successNotification(tx: Executor, userId: number, link: string) {
  tx.insert(notifications)
    .values({ title: PAYMENT_MESSAGES.success.title, message: PAYMENT_MESSAGES.success.description, type: 'success', targetRole: 'all', userId, link })
    .run();
}

/**
 * THE check, one rule for every path that may learn first that money arrived (the confirmation
 * call, the Checkout return page, the webhook): what Stripe answers about its object (retrieved
 * through the SDK, never read from a client or an event's payload) against the payment row the
 * app wrote when it created that object. No row: the app did not create it, and nothing is
 * granted. The owner Stripe names, the amount and the currency must be the row's; what is granted
 * (who, which plan or course, how long) is the row's alone.
 */
function checkedFulfilment(stripeId: string, stripeSays: { ownerId: string | undefined; amount: number | null; currency: string | null; method: PaymentMethod | null }): Fulfilment {
  const row = db.select().from(payments).where(eq(payments.stripePaymentIntentId, stripeId)).get();
  const matches =
    row !== undefined &&
    row.userId !== null &&
    String(row.userId) === stripeSays.ownerId &&
    stripeSays.amount === row.amountCents &&
    stripeSays.currency?.toLowerCase() === CURRENCY &&
    (row.kind === 'plan' ? row.planType !== null && row.months !== null : row.courseId !== null);
  if (!matches) throw new AppError(400, PAYMENT_MESSAGES.mismatch);
  return { stripeId, userId: row.userId!, kind: row.kind, planType: row.planType, months: row.months, courseId: row.courseId, amountCents: row.amountCents, method: stripeSays.method };
}

/**
 * THE fulfilment, of a purchase `checkedFulfilment` has vouched for: in ONE transaction it claims
 * the payment row (pending → succeeded; a row already succeeded means another path got there
 * first, and nothing more happens), grants (a plan: 30 × months days of the role, a grant whose
 * source is this payment; a course: a course_purchases row and its entitlement) and writes the
 * 'Pagamento realizado!' notification.
 */
function fulfilPayment(input: Fulfilment, now = new Date()): FulfilResult {
  return db.transaction((tx) => {
    const existing = tx.select().from(payments).where(eq(payments.stripePaymentIntentId, input.stripeId)).get();
    if (!existing) throw new AppError(400, PAYMENT_MESSAGES.mismatch);
    // The claim: exactly one caller moves the row to succeeded.
    const claimed = tx
      .update(payments)
      .set({ status: 'succeeded', completedAt: now, method: input.method ?? existing.method })
      .where(and(eq(payments.id, existing.id), ne(payments.status, 'succeeded')))
      .returning()
      .get();
    if (!claimed) return { granted: false, paymentId: existing.id };
    if (!tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).get()) return { granted: false, paymentId: claimed.id };
    let link = '/dashboard';
    if (input.kind === 'plan') {
      grantRole(tx, { userId: input.userId, role: input.planType!, days: 30 * input.months!, source: 'payment', sourceId: claimed.id }, now);
    } else {
      const course = tx.select({ id: courses.id }).from(courses).where(eq(courses.id, input.courseId!)).get();
      if (!course) return { granted: false, paymentId: claimed.id };
      const purchase = tx
        .insert(coursePurchases)
        .values({ userId: input.userId, courseId: course.id, stripePaymentId: input.stripeId, purchasedAt: now, expiresAt: null, active: true, priceCents: input.amountCents })
        .returning({ id: coursePurchases.id })
        .get();
      grantCourse(tx, { userId: input.userId, courseId: course.id, source: 'purchase', sourceId: purchase.id }, now);
      link = `/courses/${course.id}`;
    }
    successNotification(tx, input.userId, link);
    return { granted: true, paymentId: claimed.id };
  });
}

/** A retrieved PaymentIntent that succeeded, checked against the app's row, fulfilled. */
function fulfilPaymentIntent(intent: Stripe.PaymentIntent, now = new Date()): FulfilResult {
  const input = checkedFulfilment(intent.id, { ownerId: intent.metadata?.userId, amount: intent.amount, currency: intent.currency, method: 'card' });
  if (intent.status !== 'succeeded' || (intent.amount_received ?? intent.amount) < input.amountCents) throw new AppError(400, PAYMENT_MESSAGES.mismatch);
  return fulfilPayment(input, now);
}

export type ConfirmResult = { status: 'succeeded' | 'processing' | 'requires_payment_method' | 'failed'; message?: string };

const PAYMENT_INTENT_ID = /^pi_[A-Za-z0-9_]{1,250}$/;

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
      return { status: 'requires_payment_method', message: intent.last_payment_error ? declineMessage(intent.last_payment_error.decline_code ?? intent.last_payment_error.code) : PAYMENT_MESSAGES.errorFallback };
  }
}

function markFailed(stripeId: string) {
  db.update(payments).set({ status: 'failed' }).where(and(eq(payments.stripePaymentIntentId, stripeId), eq(payments.status, 'pending'))).run();
}

function methodOf(intent: Stripe.PaymentIntent | string | null): PaymentMethod | null {
  if (!intent || typeof intent === 'string') return null;
  const pm = intent.payment_method;
  const type: string | null = pm && typeof pm !== 'string' ? pm.type : null;
  return type === 'card' || type === 'pix' || type === 'boleto' ? type : null;
}

export type CheckoutResult = { status: 'succeeded' | 'processing' | 'failed'; kind: 'plan' | 'course'; description: string; courseId: number | null; method: PaymentMethod | null };

/**
 * The Checkout return page and the session's webhooks: retrieves the session and fulfils it
 * when it is paid. With `viewer`, a session of someone else is the same 404 as a missing one.
 */
export async function fulfilCheckoutSession(sessionId: string, viewer?: Pick<UserRow, 'id'>): Promise<CheckoutResult> {
  if (!/^cs_[A-Za-z0-9_]{1,250}$/.test(sessionId)) throw new AppError(404, PAYMENT_MESSAGES.checkoutNotFound);
  const session = await callStripe(() => stripe().checkout.sessions.retrieve(sessionId, { expand: ['payment_intent', 'payment_intent.payment_method'] }));
  if (viewer && session.metadata?.userId !== String(viewer.id)) throw new AppError(404, PAYMENT_MESSAGES.checkoutNotFound);
  const method = methodOf(session.payment_intent);
  const input = checkedFulfilment(session.id, { ownerId: session.metadata?.userId, amount: session.amount_total, currency: session.currency, method });
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
  // Completed but unpaid: Pix or boleto waiting for the money; the row learns its method.
  if (method) db.update(payments).set({ method }).where(and(eq(payments.stripePaymentIntentId, session.id), eq(payments.status, 'pending'))).run();
  return { status: 'processing', ...base };
}

/**
 * A Pix or boleto that never arrived: the row fails and the user is told, when the retrieved
 * session (checked against the row) is unpaid and its PaymentIntent is back to needing a payment.
 */
async function failCheckoutSession(sessionId: string) {
  const session = await callStripe(() => stripe().checkout.sessions.retrieve(sessionId, { expand: ['payment_intent'] }));
  const { userId } = checkedFulfilment(session.id, { ownerId: session.metadata?.userId, amount: session.amount_total, currency: session.currency, method: null });
  const intent = session.payment_intent;
  const unpaid = session.payment_status === 'unpaid' && intent !== null && typeof intent !== 'string' && (intent.status === 'requires_payment_method' || intent.status === 'canceled');
  if (!unpaid) return;
  db.transaction((tx) => {
    const failed = tx
      .update(payments)
      .set({ status: 'failed' })
      .where(and(eq(payments.stripePaymentIntentId, session.id), eq(payments.status, 'pending')))
      .returning({ id: payments.id })
      .get();
    if (failed && tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).get()) {
      tx.insert(notifications)
        .values({ title: PAYMENT_MESSAGES.errorTitle, message: PAYMENT_MESSAGES.errorFallback, type: 'error', targetRole: 'all', userId, link: '/account' })
        .run();
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Webhook

const EVENT_RETENTION_DAYS = 30;

/**
 * POST /api/stripe/webhook: the signature is checked on the raw body; an event already handled
 * (by id) does nothing. Of the event's payload only the type and the object's id are read: the
 * object itself is retrieved from Stripe and checked against the app's payment row
 * (`checkedFulfilment`), so a signed event whose payload names another buyer, plan or amount
 * grants only what the row and Stripe say. The event id is recorded after it was handled, so a
 * failure is retried by Stripe; fulfilment is idempotent, so a duplicate grants nothing twice.
 */
export async function handleStripeWebhook(rawBody: string | Buffer, signature: string | null, now = new Date()): Promise<{ received: true; duplicate?: true }> {
  const secret = stripeWebhookSecret();
  if (!secret) throw new AppError(500, PAYMENT_MESSAGES.webhookUnconfigured);
  let event: Stripe.Event;
  try {
    event = stripe().webhooks.constructEvent(rawBody, signature ?? '', secret);
  } catch {
    throw new AppError(400, PAYMENT_MESSAGES.badSignature);
  }
  if (db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, event.id)).get()) return { received: true, duplicate: true };

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
    tx.delete(stripeEvents).where(lt(stripeEvents.receivedAt, new Date(now.getTime() - EVENT_RETENTION_DAYS * DAY_MS))).run();
  });
  return { received: true };
}

/** The object an event is about must be one the app created (it has a payment row); else nothing is asked or granted. */
function assertRecorded(stripeId: unknown): string {
  const id = typeof stripeId === 'string' ? stripeId : '';
  if (!id || !db.select({ id: payments.id }).from(payments).where(eq(payments.stripePaymentIntentId, id)).get()) throw new AppError(400, PAYMENT_MESSAGES.mismatch);
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

// ---------------------------------------------------------------------------------------------
// Test mode: the simulated card form and Checkout page

function requireTestMode() {
  if (!isStripeTestMode()) throw new AppError(404, PAYMENT_MESSAGES.testModeOnly);
}

/**
 * The simulated card form (test mode, with JavaScript): confirms the buyer's PaymentIntent with
 * the test card typed, through the SDK, as Stripe.js would; then the page calls confirmPayment.
 */
export async function confirmTestCardPayment(user: Pick<UserRow, 'id'>, input: { paymentIntentId: string; cardNumber: string; returnUrl: string }): Promise<ConfirmResult> {
  requireTestMode();
  if (!PAYMENT_INTENT_ID.test(input.paymentIntentId)) throw new AppError(404, PAYMENT_MESSAGES.notFound);
  const intent = await callStripe(() => stripe().paymentIntents.retrieve(input.paymentIntentId));
  if (intent.metadata?.userId !== String(user.id)) throw new AppError(403, PAYMENT_MESSAGES.notYours);
  const paymentMethod = testPaymentMethodForCard(input.cardNumber);
  if (!paymentMethod) throw new AppError(400, PAYMENT_MESSAGES.invalidCard, 'cardNumber');
  // Already paid (a second click, or the same purchase again within the creation key's minute):
  // nothing to charge again; confirmPayment then fulfils it, once.
  if (intent.status === 'succeeded') return { status: 'succeeded' };
  try {
    const confirmed = await stripe().paymentIntents.confirm(input.paymentIntentId, { payment_method: paymentMethod, return_url: input.returnUrl });
    return confirmed.status === 'succeeded' ? { status: 'succeeded' } : { status: 'processing', message: PAYMENT_MESSAGES.processing.description };
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError) return { status: 'failed', message: declineMessage(error.decline_code ?? error.code) };
    throw providerError(error);
  }
}

export type TestCheckout = TestCheckoutView & { userId: number | null };

/**
 * The simulated Checkout page's session (test mode only): null when there is none or it is
 * someone else's (the page answers both with the same 404).
 */
export function readTestCheckout(user: Pick<UserRow, 'id'>, sessionId: string): TestCheckout | null {
  requireTestMode();
  const view = readTestSession(sessionId);
  if (!view || view.metadata.userId !== String(user.id)) return null;
  const userId = Number(view.metadata.userId);
  return { ...view, userId: Number.isSafeInteger(userId) ? userId : null };
}

function findTestSession(user: Pick<UserRow, 'id'>, sessionId: string) {
  if (!readTestCheckout(user, sessionId)) throw new AppError(404, PAYMENT_MESSAGES.checkoutNotFound);
}

const asAppError = (error: unknown) => (error instanceof Error && !isAppError(error) ? new AppError(400, error.message) : error);

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
export function completeTestCheckout(user: Pick<UserRow, 'id'>, sessionId: string, method: 'card' | 'pix' | 'boleto', card?: string): TestCheckoutOutcome {
  requireTestMode();
  findTestSession(user, sessionId);
  try {
    const result = completeTestSession(sessionId, method, card);
    if (result.outcome === 'declined') return { outcome: 'declined', message: declineMessage(result.declineCode), redirectTo: null };
    return { outcome: result.outcome, redirectTo: result.redirectTo };
  } catch (error) {
    throw asAppError(error);
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
  requireTestMode();
  findTestSession(user, sessionId);
  try {
    await settleTestAsyncPayment(sessionId, paid);
  } catch (error) {
    throw asAppError(error);
  }
  return { redirectTo: `/upgrade/return?session_id=${encodeURIComponent(sessionId)}` };
}

// ---------------------------------------------------------------------------------------------
// The user's payments and refunds

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = { pending: 'Em processamento', succeeded: 'Pago', failed: 'Não concluído' };
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = { card: 'Cartão', pix: 'Pix', boleto: 'Boleto' };
export const REFUND_STATUS_LABELS: Record<RefundStatus, string> = {
  requested: 'Reembolso solicitado',
  refunded: 'Reembolsado',
  manual: 'Reembolso manual',
  rejected: 'Reembolso recusado',
};

export type PaymentView = {
  id: number;
  createdAt: string;
  paidAt: string | null;
  description: string;
  kind: 'plan' | 'course';
  amountCents: number;
  amountLabel: string;
  method: PaymentMethod | null;
  methodLabel: string;
  status: PaymentStatus;
  statusLabel: string;
  refundStatus: RefundStatus | null;
  refundLabel: string | null;
  /** Until when a refund may be asked (paid payments only). */
  refundDeadline: string | null;
  /** A refund may be asked now (paid, none asked yet, within the 7 days). */
  refundable: boolean;
};

const refundDeadlineOf = (row: Pick<PaymentRow, 'completedAt'>) => (row.completedAt ? new Date(row.completedAt.getTime() + REFUND_WINDOW_DAYS * DAY_MS) : null);

function toPaymentView(row: PaymentRow & { courseTitle: string | null }, now: Date): PaymentView {
  const deadline = refundDeadlineOf(row);
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.completedAt?.toISOString() ?? null,
    description: row.kind === 'plan' ? planDescription(row.planType ?? '', row.months ?? 1) : courseDescription(row.courseTitle),
    kind: row.kind,
    amountCents: row.amountCents,
    amountLabel: formatCents(row.amountCents),
    method: row.method,
    methodLabel: row.method ? PAYMENT_METHOD_LABELS[row.method] : '—',
    status: row.status,
    statusLabel: PAYMENT_STATUS_LABELS[row.status],
    refundStatus: row.refundStatus,
    refundLabel: row.refundStatus ? REFUND_STATUS_LABELS[row.refundStatus] : null,
    refundDeadline: row.status === 'succeeded' && deadline ? deadline.toISOString() : null,
    refundable: row.status === 'succeeded' && row.refundStatus === null && deadline !== null && deadline.getTime() > now.getTime(),
  };
}

const USER_PAYMENTS_LIMIT = 100;

/**
 * 'Minha Conta': the user's payments, newest first (date, what, amount, method, status, refund).
 * A card PaymentIntent never confirmed is an abandoned form, not a payment: left out.
 */
export function listUserPayments(userId: number, now = new Date()): PaymentView[] {
  return db
    .select({ payment: payments, courseTitle: courses.title })
    .from(payments)
    .leftJoin(courses, eq(courses.id, payments.courseId))
    .where(and(eq(payments.userId, userId), or(ne(payments.status, 'pending'), inArray(payments.method, ['pix', 'boleto']))))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(USER_PAYMENTS_LIMIT)
    .all()
    .map(({ payment, courseTitle }) => toPaymentView({ ...payment, courseTitle }, now));
}

/** The buyer asks for their money back, within 7 days of the payment (Código de Defesa do Consumidor, art. 49). */
export const REFUND_REQUESTED_MESSAGE = 'Pedido de reembolso enviado. Você será notificado quando for analisado.';

export function requestRefund(user: Pick<UserRow, 'id'>, paymentId: number, now = new Date()): PaymentView & { message: string } {
  return db.transaction((tx) => {
    const row = tx.select().from(payments).where(and(eq(payments.id, paymentId), eq(payments.userId, user.id))).get();
    if (!row) throw new AppError(404, PAYMENT_MESSAGES.notFound);
    if (row.status !== 'succeeded') throw new AppError(400, PAYMENT_MESSAGES.refundNotPaid);
    if (row.refundStatus !== null) throw new AppError(400, PAYMENT_MESSAGES.refundAlready);
    const deadline = refundDeadlineOf(row);
    if (!deadline || deadline.getTime() <= now.getTime()) throw new AppError(400, PAYMENT_MESSAGES.refundDeadline);
    const updated = tx
      .update(payments)
      .set({ refundStatus: 'requested', refundRequestedAt: now })
      .where(and(eq(payments.id, row.id), isNull(payments.refundStatus)))
      .returning()
      .get();
    if (!updated) throw new AppError(400, PAYMENT_MESSAGES.refundAlready);
    const course = updated.courseId ? tx.select({ title: courses.title }).from(courses).where(eq(courses.id, updated.courseId)).get() : undefined;
    return { ...toPaymentView({ ...updated, courseTitle: course?.title ?? null }, now), message: REFUND_REQUESTED_MESSAGE };
  });
}

export type RefundRequestView = PaymentView & {
  userId: number | null;
  username: string | null;
  email: string | null;
  /** Who paid, as the admin reads it: 'username (e-mail)'. */
  payer: string;
  /** A boleto: Stripe cannot refund it, the approval marks it for a manual refund. */
  manual: boolean;
  requestedAt: string | null;
  refundedAt: string | null;
};

/**
 * The admin's refund tab: `pending` (asked, not yet handled; oldest first) or `all` handled and
 * unhandled (newest request first); through payments_refund_idx.
 */
export function listRefundRequests(pageOrQuery: number | { page: number; perPage?: number; filter?: 'pending' | 'all' }, now = new Date()): Page<RefundRequestView> {
  const query = { perPage: 20, filter: 'pending' as const, ...(typeof pageOrQuery === 'number' ? { page: pageOrQuery } : pageOrQuery) };
  const where = query.filter === 'all' ? inArray(payments.refundStatus, ['requested', 'refunded', 'manual', 'rejected']) : eq(payments.refundStatus, 'requested');
  return paginate(query, {
    count: () => db.select({ n: count() }).from(payments).where(where).get()?.n ?? 0,
    rows: (limit, offset) =>
      db
        .select({ payment: payments, courseTitle: courses.title })
        .from(payments)
        .leftJoin(courses, eq(courses.id, payments.courseId))
        .where(where)
        .orderBy(query.filter === 'all' ? desc(payments.refundRequestedAt) : asc(payments.refundRequestedAt), asc(payments.id))
        .limit(limit)
        .offset(offset)
        .all()
        .map(({ payment, courseTitle }) => toRefundView(payment, courseTitle, now)),
  });
}

/**
 * Takes back a plan payment's days: its grant is revoked now, and later grants of the same role
 * that were chained after it move earlier by the days it still had, so the user loses exactly
 * the refunded days and keeps every other grant's.
 */
function revokePaymentDays(tx: Executor, userId: number, paymentId: number, now: Date) {
  const grant = tx
    .select()
    .from(roleGrants)
    .where(and(eq(roleGrants.userId, userId), eq(roleGrants.source, 'payment'), eq(roleGrants.sourceId, paymentId), isNull(roleGrants.revokedAt)))
    .get();
  if (!grant || !grant.endsAt) return;
  const removedMs = grant.endsAt.getTime() - Math.max(grant.startsAt.getTime(), now.getTime());
  tx.update(roleGrants).set({ revokedAt: now }).where(eq(roleGrants.id, grant.id)).run();
  if (removedMs > 0) {
    const later = tx
      .select()
      .from(roleGrants)
      .where(and(eq(roleGrants.userId, userId), eq(roleGrants.role, grant.role), isNull(roleGrants.revokedAt), gte(roleGrants.startsAt, grant.endsAt)))
      .all();
    for (const next of later) {
      tx.update(roleGrants)
        .set({ startsAt: new Date(next.startsAt.getTime() - removedMs), endsAt: next.endsAt ? new Date(next.endsAt.getTime() - removedMs) : null })
        .where(eq(roleGrants.id, next.id))
        .run();
    }
  }
  syncUserRole(tx, userId, now);
}

/**
 * Takes back a course payment's entitlement: the purchase and the grant it created end. Another
 * paid purchase of the same course still in force pays for it: its entitlement takes over (two
 * purchases share one grant, the first's). Otherwise a code or admin grant that the purchase had
 * replaced and that is still within its period comes back.
 */
function revokePaymentCourse(tx: Executor, stripeId: string, now: Date) {
  const purchase = tx.select().from(coursePurchases).where(eq(coursePurchases.stripePaymentId, stripeId)).get();
  if (!purchase) return;
  tx.update(coursePurchases).set({ active: false }).where(eq(coursePurchases.id, purchase.id)).run();
  const grant = tx
    .update(courseGrants)
    .set({ active: false })
    .where(and(eq(courseGrants.source, 'purchase'), eq(courseGrants.sourceId, purchase.id), eq(courseGrants.active, true)))
    .returning()
    .get();
  if (!grant) return;
  const otherPurchase = tx
    .select({ id: coursePurchases.id })
    .from(coursePurchases)
    .where(and(eq(coursePurchases.userId, grant.userId), eq(coursePurchases.courseId, grant.courseId), eq(coursePurchases.active, true)))
    .orderBy(asc(coursePurchases.id))
    .get();
  if (otherPurchase) {
    grantCourse(tx, { userId: grant.userId, courseId: grant.courseId, source: 'purchase', sourceId: otherPurchase.id }, now);
    return;
  }
  const previous = tx
    .select()
    .from(courseGrants)
    .where(
      and(
        eq(courseGrants.userId, grant.userId),
        eq(courseGrants.courseId, grant.courseId),
        eq(courseGrants.active, false),
        ne(courseGrants.source, 'purchase'),
        lt(courseGrants.id, grant.id),
        or(isNull(courseGrants.endsAt), gte(courseGrants.endsAt, now)),
      ),
    )
    .orderBy(desc(courseGrants.id))
    .get();
  if (previous) tx.update(courseGrants).set({ active: true }).where(eq(courseGrants.id, previous.id)).run();
}

/** The PaymentIntent behind a payment row: its own id, or the Checkout Session's. */
async function paymentIntentOf(row: PaymentRow): Promise<string> {
  if (row.stripePaymentIntentId.startsWith('pi_')) return row.stripePaymentIntentId;
  const session = await callStripe(() => stripe().checkout.sessions.retrieve(row.stripePaymentIntentId));
  const intent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
  if (!intent) throw new AppError(400, PAYMENT_MESSAGES.refundNotPaid);
  return intent;
}

/**
 * An admin approves a refund: card and Pix are refunded through Stripe (idempotent per payment),
 * a boleto, which Stripe cannot refund, is marked for a manual refund; then, in one transaction,
 * exactly what that payment granted is taken back, the user is notified and the audit row written.
 */
export async function approveRefund(actor: AuditActor, paymentId: number, now = new Date()): Promise<RefundRequestView & { message: string }> {
  const row = db.select().from(payments).where(eq(payments.id, paymentId)).get();
  if (!row) throw new AppError(404, PAYMENT_MESSAGES.notFound);
  if (row.refundStatus !== 'requested') throw new AppError(400, PAYMENT_MESSAGES.refundNotRequested);
  const manual = row.method === 'boleto';
  let refundId: string | null = null;
  if (!manual) {
    const intent = await paymentIntentOf(row);
    const refund = await callStripe(() =>
      stripe().refunds.create({ payment_intent: intent, reason: 'requested_by_customer', metadata: { paymentId: String(row.id) } }, { idempotencyKey: `refund:${row.id}` }),
    );
    refundId = refund.id;
  }
  db.transaction((tx) => {
    const updated = tx
      .update(payments)
      .set({ refundStatus: manual ? 'manual' : 'refunded', refundedAt: now, stripeRefundId: refundId })
      .where(and(eq(payments.id, row.id), eq(payments.refundStatus, 'requested')))
      .returning()
      .get();
    if (!updated) throw new AppError(400, PAYMENT_MESSAGES.refundNotRequested);
    if (row.userId !== null) {
      if (row.kind === 'plan') revokePaymentDays(tx, row.userId, row.id, now);
      else revokePaymentCourse(tx, row.stripePaymentIntentId, now);
      tx.insert(notifications)
        .values({
          title: 'Reembolso aprovado',
          message: manual
            ? `Seu pedido de reembolso de ${formatCents(row.amountCents)} foi aprovado. Como o pagamento foi por boleto, a devolução será feita manualmente; entraremos em contato.`
            : `Seu reembolso de ${formatCents(row.amountCents)} foi aprovado e será devolvido pela mesma forma de pagamento.`,
          type: 'info',
          targetRole: 'all',
          userId: row.userId,
          link: '/account',
        })
        .run();
    }
    recordAudit(tx, actor, {
      action: 'payment.refund',
      entityType: 'payment',
      entityId: row.id,
      summary: `${manual ? 'reembolso manual (boleto)' : `reembolsado ${refundId}`}: ${refundSubject(row)}`,
    });
  });
  const message = manual ? 'Pagamento por boleto marcado para reembolso manual.' : 'Reembolso realizado.';
  return { ...refundView(row.id, now), message };
}

/**
 * An admin refuses a refund request: nothing is refunded or taken back, the payment keeps its
 * grant and cannot be asked about again; the user is notified (with the way to support) and the
 * audit row written.
 */
export function rejectRefund(actor: AuditActor, paymentId: number, now = new Date()): RefundRequestView & { message: string } {
  db.transaction((tx) => {
    const row = tx.select().from(payments).where(eq(payments.id, paymentId)).get();
    if (!row) throw new AppError(404, PAYMENT_MESSAGES.notFound);
    const updated = tx
      .update(payments)
      .set({ refundStatus: 'rejected' })
      .where(and(eq(payments.id, row.id), eq(payments.refundStatus, 'requested')))
      .returning()
      .get();
    if (!updated) throw new AppError(400, PAYMENT_MESSAGES.refundNotRequested);
    if (row.userId !== null) {
      tx.insert(notifications)
        .values({
          title: 'Reembolso recusado',
          message: `Seu pedido de reembolso de ${formatCents(row.amountCents)} foi recusado. Se tiver dúvidas, fale com o suporte.`,
          type: 'warning',
          targetRole: 'all',
          userId: row.userId,
          link: '/chats',
        })
        .run();
    }
    recordAudit(tx, actor, {
      action: 'payment.refund-reject',
      entityType: 'payment',
      entityId: row.id,
      summary: `reembolso recusado: ${refundSubject(row)}`,
    });
  });
  return { ...refundView(paymentId, now), message: 'Reembolso recusado.' };
}

/** What a refund decision is about, as the audit log reads it: 'R$ 29,90 de ana (E-TOOL, 1 mês)'. */
function refundSubject(row: PaymentRow): string {
  const item = row.kind === 'plan' ? `${row.planType}, ${monthsLabel(row.months ?? 1)}` : `curso #${row.courseId}`;
  return `${formatCents(row.amountCents)} de ${row.payerUsername ?? `usuário #${row.userId}`} (${item})`;
}

function refundView(paymentId: number, now: Date): RefundRequestView {
  const { payment, courseTitle } = db
    .select({ payment: payments, courseTitle: courses.title })
    .from(payments)
    .leftJoin(courses, eq(courses.id, payments.courseId))
    .where(eq(payments.id, paymentId))
    .get()!;
  return toRefundView(payment, courseTitle, now);
}

function toRefundView(payment: PaymentRow, courseTitle: string | null, now: Date): RefundRequestView {
  return {
    ...toPaymentView({ ...payment, courseTitle }, now),
    userId: payment.userId,
    username: payment.payerUsername,
    email: payment.payerEmail,
    payer: payment.payerUsername ? `${payment.payerUsername}${payment.payerEmail ? ` (${payment.payerEmail})` : ''}` : payment.payerEmail ?? `usuário #${payment.userId ?? '?'}`,
    manual: payment.method === 'boleto',
    requestedAt: payment.refundRequestedAt?.toISOString() ?? null,
    refundedAt: payment.refundedAt?.toISOString() ?? null,
  };
}

/** The plan price list of GET /api/upgrade/plans/prices: { 'E-TOOL': { monthlyPrice: 29.9 }, … } in reais. */
export function planPriceList(): Record<ProRole, { monthlyPrice: number }> {
  const prices = getPlanPrices();
  return { 'E-TOOL': { monthlyPrice: prices['E-TOOL'] / 100 }, 'E-MASTER': { monthlyPrice: prices['E-MASTER'] / 100 } };
}
