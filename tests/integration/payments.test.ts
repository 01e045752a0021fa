import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { db } from '../../db/client';
import { createCourse } from '../setup/factories';
import { auditLog, notifications, payments, roleGrants, stripeEvents, type CourseRow, type UserRow } from '../../db/schema';
import { getUserById } from '~/models/accounts/user.server';
import {
  approveRefund,
  completeTestCheckout,
  confirmPayment,
  confirmTestCardPayment,
  createCheckoutSession,
  createPaymentIntent,
  handleStripeWebhook,
  listRefundRequests,
  listUserPayments,
  markTestPixPaid,
  PAYMENT_MESSAGES,
  quote,
  requestRefund,
} from '~/models/payments/index.server';
import { grantRole } from '~/models/accounts/role-grant.server';
import { DAY_MS } from '~/models/accounts/role-arithmetic';
import { setPlanPrice } from '~/models/payments/price.server';
import * as accessRoute from '~/routes/api+/courses.$id.access';
import * as confirmRoute from '~/routes/api+/upgrade.confirm-payment';
import * as createRoute from '~/routes/api+/upgrade.create-payment-intent';
import * as pricesRoute from '~/routes/api+/upgrade.plans.prices';
import { edgeRefusal } from '~/plumbing/edge.server';
import { flushTestWebhooks, setTestWebhookDelivery, type WebhookDelivery } from '~/models/payments/stripe-stand-in/index.server';
import { stripe, stripeConfigurationError, testWebhookSecret } from '~/models/payments/stripe.server';
import { allowConsole } from '../setup/console';
import { BASE_URL, body, call, createUser, jsonRequest, sessionCookie } from '../setup/helpers';
import { postToWebhookRoute } from './helpers/webhook-route';

/**
 * Payments in the offline test mode: the real Stripe SDK answered by the stand-in,
 * webhooks delivered to the route's action as Stripe would post them. Amounts, refusals, exactly
 * one grant under replays and races, course purchases, Pix paid later, and 7-day refunds.
 */

let delivered: Array<{ payload: string; signature: string; status: number }> = [];
let previousDelivery: WebhookDelivery | null = null;

const deliverToRoute: WebhookDelivery = async (_url, payload, signature) => {
  const response = await postToWebhookRoute(payload, signature);
  delivered.push({ payload, signature, status: response.status });
  if (!response.ok) throw new Error(`webhook ${response.status}`);
};

beforeAll(() => {
  delete process.env.STRIPE_SECRET_KEY;
  delete process.env.STRIPE_WEBHOOK_SECRET;
  previousDelivery = setTestWebhookDelivery(deliverToRoute);
});
afterAll(() => setTestWebhookDelivery(previousDelivery));

let n = 0;
function insertCourse(values: Partial<Parameters<typeof createCourse>[0]> = {}): CourseRow {
  const title = values.title ?? `Curso Pago ${++n}`;
  return createCourse({ description: 'Curso de ensaio.', instructor: 'Eng. Lima', ...values, title });
}

const userNow = (user: Pick<UserRow, 'id'>) => getUserById(user.id)!;
const paymentGrants = (userId: number) =>
  db
    .select()
    .from(roleGrants)
    .where(and(eq(roleGrants.userId, userId), eq(roleGrants.source, 'payment')))
    .all();
const successNotices = (userId: number) =>
  db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.title, 'Pagamento realizado!')))
    .all();
const paymentRow = (stripeId: string) => db.select().from(payments).where(eq(payments.stripePaymentIntentId, stripeId)).get();

async function paidByCard(user: UserRow, purchase: Parameters<typeof createPaymentIntent>[1], card = '4242 4242 4242 4242') {
  const intent = await createPaymentIntent(user, purchase, { idempotencyKey: `k-${Math.random()}` });
  const provider = await confirmTestCardPayment(user, {
    paymentIntentId: intent.paymentIntentId,
    cardNumber: card,
    returnUrl: `${BASE_URL}/?payment_success=true`,
  });
  return { intent, provider };
}

/** A signed event as Stripe would send it. */
function signedEvent(type: string, object: Record<string, unknown>, id = `evt_test_${Math.random().toString(36).slice(2)}`) {
  const payload = JSON.stringify({ id, object: 'event', type, created: Math.floor(Date.now() / 1000), livemode: false, data: { object } });
  return { id, payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: testWebhookSecret() }) };
}

const postWebhook = postToWebhookRoute;

describe('what a purchase costs', () => {
  test('a plan costs its monthly price times the months, for every months value 1 to 12, and the API answers the price list in reais', async () => {
    const basic = await createUser();
    const prices = await body<Record<string, { monthlyPrice: number }>>(
      await call(pricesRoute.loader, jsonRequest('/api/upgrade/plans/prices')),
    );
    expect(prices).toEqual({ 'E-TOOL': { monthlyPrice: 29.9 }, 'E-MASTER': { monthlyPrice: 59.9 } });
    for (let months = 1; months <= 12; months++) {
      expect(quote(basic, { planType: 'E-TOOL', months })).toMatchObject({
        amountCents: 2990 * months,
        kind: 'plan',
        description: expect.stringContaining(`${30 * months} dias`),
      });
      expect(quote(basic, { planType: 'E-MASTER', months }).amountCents).toBe(5990 * months);
    }
    // Through the API, the PaymentIntent carries the server's amount (the body has no amount to trust).
    const cookie = await sessionCookie(basic);
    const created = await call(
      createRoute.action,
      jsonRequest('/api/upgrade/create-payment-intent', { planType: 'E-MASTER', months: 7, amount: 1 }, { cookie }),
    );
    expect(created.status).toBe(400);
    const answer = await call(
      createRoute.action,
      jsonRequest('/api/upgrade/create-payment-intent', { planType: 'E-MASTER', months: 7 }, { cookie }),
    );
    const { clientSecret, paymentIntentId } = await body<{ clientSecret: string; paymentIntentId: string }>(answer);
    expect(clientSecret).toMatch(/^pi_test_\w+_secret_\w+$/);
    const intent = await stripe().paymentIntents.retrieve(paymentIntentId);
    expect({ amount: intent.amount, currency: intent.currency }).toEqual({ amount: 5990 * 7, currency: 'brl' });
    expect(paymentRow(paymentIntentId)).toMatchObject({
      status: 'pending',
      amountCents: 5990 * 7,
      payerUsername: basic.username,
      payerEmail: basic.email,
      payerCpf: basic.cpf,
    });
  });

  test('a changed plan price is what the next quote charges', async () => {
    const admin = await createUser({ role: 'admin' });
    const basic = await createUser();
    setPlanPrice(admin, 'E-TOOL', 3490);
    expect(quote(basic, { planType: 'E-TOOL', months: 3 }).amountCents).toBe(10470);
    setPlanPrice(admin, 'E-TOOL', 2990);
  });

  test('a course costs its price; refusals say why in Portuguese', async () => {
    const master = await createUser({ role: 'E-MASTER' });
    const tool = await createUser({ role: 'E-TOOL' });
    const course = insertCourse({ priceCents: 19990 });
    expect(quote(master, { courseId: course.id })).toMatchObject({
      amountCents: 19990,
      kind: 'course',
      description: `Curso: ${course.title}`,
    });

    const cookie = await sessionCookie(tool);
    const refused = async (payload: unknown, who = cookie) => {
      const response = await call(createRoute.action, jsonRequest('/api/upgrade/create-payment-intent', payload, { cookie: who }));
      return { status: response.status, message: (await body<{ message: string }>(response)).message };
    };
    expect(await refused({ planType: 'E-GOLD', months: 1 })).toEqual({ status: 400, message: 'Plano inválido.' });
    expect(await refused({ planType: 'E-MASTER', months: 0 })).toEqual({ status: 400, message: 'Escolha entre 1 e 12 meses.' });
    expect(await refused({ planType: 'E-MASTER', months: 13 })).toEqual({ status: 400, message: 'Escolha entre 1 e 12 meses.' });
    expect(await refused({ planType: 'E-MASTER', months: 1.5 })).toEqual({ status: 400, message: 'Escolha entre 1 e 12 meses.' });
    expect(await refused({ planType: 'E-TOOL', months: 1 })).toEqual({ status: 400, message: PAYMENT_MESSAGES.planNotAbove });
    const masterCookie = await sessionCookie(master);
    expect(await refused({ planType: 'E-MASTER', months: 1 }, masterCookie)).toEqual({
      status: 400,
      message: PAYMENT_MESSAGES.planNotAbove,
    });
    expect(await refused({ courseId: insertCourse().id }, masterCookie)).toEqual({ status: 400, message: 'Este curso não está à venda.' });
    expect(await refused({ courseId: insertCourse({ priceCents: 30 }).id }, masterCookie)).toEqual({
      status: 400,
      message: 'O valor mínimo para pagamento com cartão é R$ 0,50.',
    });
    expect(await refused({ courseId: 999999 }, masterCookie)).toEqual({ status: 404, message: 'Curso não encontrado' });
    expect(
      (await call(createRoute.action, jsonRequest('/api/upgrade/create-payment-intent', { planType: 'E-MASTER', months: 1 }))).status,
    ).toBe(401);
  });

  test('one click never makes two PaymentIntents: the same idempotency key answers the same one', async () => {
    const basic = await createUser();
    const [a, b] = await Promise.all([
      createPaymentIntent(basic, { planType: 'E-TOOL', months: 2 }, { idempotencyKey: 'click-1' }),
      createPaymentIntent(basic, { planType: 'E-TOOL', months: 2 }, { idempotencyKey: 'click-1' }),
    ]);
    expect(a.paymentIntentId).toBe(b.paymentIntentId);
    expect(db.select().from(payments).where(eq(payments.userId, basic.id)).all()).toHaveLength(1);
  });
});

describe('confirming a card payment', () => {
  test('a 4242 card grants 30 × months days of the plan once, with the notification', async () => {
    const basic = await createUser();
    const before = Date.now();
    const { intent, provider } = await paidByCard(basic, { planType: 'E-TOOL', months: 3 });
    expect(provider.status).toBe('succeeded');
    const cookie = await sessionCookie(basic);
    const confirmed = await body(
      await call(confirmRoute.action, jsonRequest('/api/upgrade/confirm-payment', { paymentIntentId: intent.paymentIntentId }, { cookie })),
    );
    expect(confirmed).toMatchObject({ status: 'succeeded' });
    await flushTestWebhooks();
    const user = userNow(basic);
    expect(user.role).toBe('E-TOOL');
    expect(user.roleExpiryDate!.getTime() - before).toBeGreaterThanOrEqual(90 * DAY_MS - 5000);
    expect(user.roleExpiryDate!.getTime() - before).toBeLessThan(90 * DAY_MS + 5000);
    expect(paymentGrants(basic.id)).toHaveLength(1);
    expect(successNotices(basic.id)).toMatchObject([{ message: 'Seu upgrade foi concluído com sucesso.', type: 'success' }]);
    expect(paymentRow(intent.paymentIntentId)).toMatchObject({ status: 'succeeded', method: 'card' });
    expect(listUserPayments(basic.id)).toMatchObject([
      { amountLabel: 'R$ 89,70', methodLabel: 'Cartão de crédito', statusLabel: 'Pago', refundable: true },
    ]);
  });

  test('confirming twice, and the confirmation racing the webhook, grant once', async () => {
    const basic = await createUser();
    const intent = await createPaymentIntent(basic, { planType: 'E-MASTER', months: 2 }, { idempotencyKey: 'race' });
    delivered = [];
    await confirmTestCardPayment(basic, {
      paymentIntentId: intent.paymentIntentId,
      cardNumber: '4242424242424242',
      returnUrl: `${BASE_URL}/`,
    });
    const results = await Promise.all([
      confirmPayment(basic, intent.paymentIntentId),
      confirmPayment(basic, intent.paymentIntentId),
      confirmPayment(basic, intent.paymentIntentId),
      flushTestWebhooks(),
    ]);
    expect(results.slice(0, 3).map((r) => r!.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    expect(delivered.filter((d) => JSON.parse(d.payload).type === 'payment_intent.succeeded')).toHaveLength(1);
    expect(paymentGrants(basic.id)).toHaveLength(1);
    expect(successNotices(basic.id)).toHaveLength(1);
    expect(userNow(basic).role).toBe('E-MASTER');

    // The card form sent again for the paid intent (a second click): succeeded, nothing charged or granted again.
    const again = await confirmTestCardPayment(basic, {
      paymentIntentId: intent.paymentIntentId,
      cardNumber: '4242424242424242',
      returnUrl: `${BASE_URL}/`,
    });
    expect(again).toEqual({ status: 'succeeded' });
    await confirmPayment(basic, intent.paymentIntentId);
    await flushTestWebhooks();
    expect(paymentGrants(basic.id)).toHaveLength(1);
    expect(successNotices(basic.id)).toHaveLength(1);
  });

  test('a declined card, or one without funds, grants nothing and says why', async () => {
    const basic = await createUser();
    const declined = await paidByCard(basic, { planType: 'E-TOOL', months: 1 }, '4000 0000 0000 0002');
    expect(declined.provider).toEqual({ status: 'failed', message: 'Seu cartão foi recusado.' });
    expect(await confirmPayment(basic, declined.intent.paymentIntentId)).toMatchObject({
      status: 'requires_payment_method',
      message: 'Seu cartão foi recusado.',
    });
    const poor = await paidByCard(basic, { planType: 'E-TOOL', months: 1 }, '4000000000009995');
    expect(poor.provider).toEqual({ status: 'failed', message: 'Seu cartão não tem saldo suficiente.' });
    await flushTestWebhooks();
    expect(userNow(basic).role).toBe('E-BASIC');
    expect(paymentGrants(basic.id)).toHaveLength(0);
    expect(successNotices(basic.id)).toHaveLength(0);
    expect(listUserPayments(basic.id)).toEqual([]);
  });

  test("another user's PaymentIntent, another amount or another currency is refused", async () => {
    const owner = await createUser();
    const thief = await createUser();
    const { intent } = await paidByCard(owner, { planType: 'E-TOOL', months: 1 });
    const cookie = await sessionCookie(thief);
    const stolen = await call(
      confirmRoute.action,
      jsonRequest('/api/upgrade/confirm-payment', { paymentIntentId: intent.paymentIntentId }, { cookie }),
    );
    expect(stolen.status).toBe(403);
    expect(await body(stolen)).toEqual({ message: 'Este pagamento não pertence à sua conta.' });

    // PaymentIntents made outside the app's creation path with the buyer's metadata: the amount
    // or the currency does not match the purchase.
    const metadata = {
      userId: String(thief.id),
      kind: 'plan',
      planType: 'E-MASTER',
      months: '12',
      courseId: '',
      amountCents: String(5990 * 12),
    };
    allowConsole('warn', /\(payment_intent\.succeeded\) ignored: O pagamento não corresponde à compra\./); // their webhooks are refused too
    for (const params of [
      { amount: 100, currency: 'brl' },
      { amount: 5990 * 12, currency: 'usd' },
    ]) {
      const forged = await stripe().paymentIntents.create({ ...params, metadata });
      await stripe().paymentIntents.confirm(forged.id, { payment_method: 'pm_card_visa' });
      const response = await call(
        confirmRoute.action,
        jsonRequest('/api/upgrade/confirm-payment', { paymentIntentId: forged.id }, { cookie }),
      );
      expect(response.status).toBe(400);
      expect(await body(response)).toEqual({ message: PAYMENT_MESSAGES.mismatch });
    }
    await flushTestWebhooks();
    expect(userNow(thief).role).toBe('E-BASIC');
    expect(paymentGrants(thief.id)).toHaveLength(0);
    expect(
      (await call(confirmRoute.action, jsonRequest('/api/upgrade/confirm-payment', { paymentIntentId: 'pi_missing' }, { cookie }))).status,
    ).toBe(404);
  });
});

describe('the webhook', () => {
  test('a replayed event does nothing; a bad signature is a 400; the same-origin rule does not apply to it', async () => {
    const basic = await createUser();
    const intent = await createPaymentIntent(basic, { planType: 'E-TOOL', months: 4 }, { idempotencyKey: 'replay' });
    await stripe().paymentIntents.confirm(intent.paymentIntentId, { payment_method: 'pm_card_visa' });
    await flushTestWebhooks();
    const succeeded = await stripe().paymentIntents.retrieve(intent.paymentIntentId);
    const event = signedEvent('payment_intent.succeeded', succeeded as unknown as Record<string, unknown>);
    expect(await body(await postWebhook(event.payload, event.signature))).toEqual({ received: true });
    expect(await body(await postWebhook(event.payload, event.signature))).toEqual({ received: true, duplicate: true });
    expect(db.select().from(stripeEvents).where(eq(stripeEvents.id, event.id)).all()).toHaveLength(1);
    expect(paymentGrants(basic.id)).toHaveLength(1);
    expect(successNotices(basic.id)).toHaveLength(1);

    const forged = await postWebhook(event.payload.replace('"livemode":false', '"livemode":true'), event.signature);
    expect(forged.status).toBe(400);
    expect(await body(forged)).toEqual({ message: 'Assinatura do webhook inválida.' });
    expect((await postWebhook(event.payload, 't=1,v1=abc')).status).toBe(400);
    const wrongSecret = Stripe.webhooks.generateTestHeaderString({ payload: event.payload, secret: 'whsec_other' });
    expect((await postWebhook(event.payload, wrongSecret)).status).toBe(400);

    const headers = new Headers({ Origin: 'https://hooks.stripe.com', Host: 'localhost:3000' });
    expect(edgeRefusal('POST', headers, '/api/stripe/webhook')).toBeNull();
    expect(edgeRefusal('POST', headers, '/api/upgrade/confirm-payment')?.status).toBe(403);
  });

  test('handleStripeWebhook refuses a missing signature', async () => {
    await expect(handleStripeWebhook('{}', null)).rejects.toMatchObject({ status: 400 });
  });
});

describe('Checkout: course purchases, Pix paid later, boleto', () => {
  test('a course bought through Checkout unlocks exactly that course', async () => {
    const master = await createUser({ role: 'E-MASTER' });
    const bought = insertCourse({ priceCents: 14990 });
    const other = insertCourse({ priceCents: 9990 });
    const { url, sessionId } = await createCheckoutSession(
      master,
      { courseId: bought.id },
      { cancelPath: `/upgrade?courseId=${bought.id}` },
    );
    // Without PUBLIC_ORIGIN the URLs the server builds for the browser are relative.
    expect(url).toBe(`/test-mode/checkout/${sessionId}`);
    const outcome = await completeTestCheckout(master, sessionId, 'card', '4242 4242 4242 4242');
    expect(outcome).toEqual({ outcome: 'paid', redirectTo: `/upgrade/return?session_id=${sessionId}` });
    await flushTestWebhooks();
    const cookie = await sessionCookie(master);
    const access = async (courseId: number) =>
      body(await call(accessRoute.loader, jsonRequest(`/api/courses/${courseId}/access`, undefined, { cookie }), { id: String(courseId) }));
    expect(await access(bought.id)).toMatchObject({ hasAccess: true, hasPurchased: true });
    expect(await access(other.id)).toMatchObject({ state: 'premium', hasAccess: false, hasPurchased: false });
    expect(paymentRow(sessionId)).toMatchObject({
      status: 'succeeded',
      method: 'card',
      kind: 'course',
      courseId: bought.id,
      amountCents: 14990,
    });
    expect(successNotices(master.id)).toMatchObject([{ link: `/courses/${bought.id}` }]);
    // The return page after the webhook: the same answer, nothing granted twice.
    expect(await confirmCheckoutAgain(sessionId, master)).toMatchObject({ status: 'succeeded', description: `Curso: ${bought.title}` });
    expect(successNotices(master.id)).toHaveLength(1);
    // Someone else's session is not found; an owned course is not sold again.
    const stranger = await createUser({ role: 'E-MASTER' });
    await expect(confirmCheckoutAgain(sessionId, stranger)).rejects.toMatchObject({ status: 404 });
    expect(() => quote(master, { courseId: bought.id })).toThrow('Você já tem acesso a este curso.');
  });

  test('a declined card on the simulated Checkout keeps the session open and grants nothing', async () => {
    const master = await createUser({ role: 'E-MASTER' });
    const course = insertCourse({ priceCents: 5000 });
    const { sessionId } = await createCheckoutSession(master, { courseId: course.id });
    expect(await completeTestCheckout(master, sessionId, 'card', '4000000000000002')).toEqual({
      outcome: 'declined',
      message: 'Seu cartão foi recusado.',
      redirectTo: null,
    });
    await flushTestWebhooks();
    expect(paymentRow(sessionId)).toMatchObject({ status: 'pending' });
    expect((await completeTestCheckout(master, sessionId, 'card', '4242424242424242')).outcome).toBe('paid');
  });

  test('a Pix grants nothing until it is paid, then the webhook grants the plan', async () => {
    const basic = await createUser();
    const { sessionId } = await createCheckoutSession(basic, { planType: 'E-TOOL', months: 1 });
    expect((await completeTestCheckout(basic, sessionId, 'pix')).outcome).toBe('pending');
    await flushTestWebhooks();
    expect(await confirmCheckoutAgain(sessionId, basic)).toMatchObject({ status: 'processing', method: 'pix' });
    expect(userNow(basic).role).toBe('E-BASIC');
    expect(listUserPayments(basic.id)).toMatchObject([{ statusLabel: 'Em processamento', methodLabel: 'Pix', refundable: false }]);

    delivered = [];
    expect(await markTestPixPaid(basic, sessionId)).toEqual({ redirectTo: `/upgrade/return?session_id=${sessionId}` });
    expect(delivered.map((d) => JSON.parse(d.payload).type)).toEqual(['checkout.session.async_payment_succeeded']);
    expect(userNow(basic).role).toBe('E-TOOL');
    expect(paymentRow(sessionId)).toMatchObject({ status: 'succeeded', method: 'pix' });
    expect(successNotices(basic.id)).toHaveLength(1);
  });
});

const confirmCheckoutAgain = async (sessionId: string, viewer: UserRow) =>
  (await import('~/models/payments/index.server')).fulfilCheckoutSession(sessionId, viewer);

describe('refunds within 7 days', () => {
  test('a plan refund takes back exactly that payment’s days; other grants stay; audit and notification written', async () => {
    const admin = await createUser({ role: 'admin' });
    const basic = await createUser();
    const { intent } = await paidByCard(basic, { planType: 'E-TOOL', months: 1 });
    await confirmPayment(basic, intent.paymentIntentId);
    // A promo period of the same role, chained after the paid month.
    grantRole(db, { userId: basic.id, role: 'E-TOOL', days: 10, source: 'promo' });
    expect(userNow(basic).roleExpiryDate!.getTime() - Date.now()).toBeGreaterThan(39 * DAY_MS);
    await flushTestWebhooks();

    const payment = paymentRow(intent.paymentIntentId)!;
    expect(requestRefund(basic, payment.id)).toMatchObject({ refundStatus: 'requested', refundLabel: 'Reembolso solicitado' });
    expect(() => requestRefund(basic, payment.id)).toThrow('O reembolso deste pagamento já foi solicitado.');
    expect(listRefundRequests(1).items).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: payment.id, payer: `${basic.username} (${basic.email})`, manual: false })]),
    );

    const approved = await approveRefund(admin, payment.id);
    expect(approved).toMatchObject({ refundStatus: 'refunded', message: 'Reembolso realizado.' });
    expect(paymentRow(intent.paymentIntentId)!.stripeRefundId).toMatch(/^re_test_/);
    const after = userNow(basic);
    expect(after.role).toBe('E-TOOL');
    const left = after.roleExpiryDate!.getTime() - Date.now();
    expect(left).toBeGreaterThan(10 * DAY_MS - 60_000);
    expect(left).toBeLessThanOrEqual(10 * DAY_MS);
    expect(
      db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, basic.id), eq(notifications.title, 'Reembolso aprovado')))
        .all(),
    ).toHaveLength(1);
    expect(
      db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'payment.refund'), eq(auditLog.entityId, payment.id)))
        .all(),
    ).toMatchObject([{ actorId: admin.id }]);
    await expect(approveRefund(admin, payment.id)).rejects.toMatchObject({ status: 400 });
    // Stripe refuses a second refund of the same charge too.
    await expect(stripe().refunds.create({ payment_intent: intent.paymentIntentId })).rejects.toThrow(/already been refunded/);
  });

  test('refunding an upgrade goes back to the role below, with the days it had left when the upgrade began', async () => {
    const admin = await createUser({ role: 'admin' });
    const tool = await createUser({ role: 'E-TOOL', days: 20 });
    const toolEnd = userNow(tool).roleExpiryDate!.getTime();
    const { intent } = await paidByCard(tool, { planType: 'E-MASTER', months: 2 });
    await confirmPayment(tool, intent.paymentIntentId);
    expect(userNow(tool).role).toBe('E-MASTER');
    const payment = paymentRow(intent.paymentIntentId)!;
    requestRefund(tool, payment.id);
    await approveRefund(admin, payment.id);
    // The E-TOOL days waited while E-MASTER ran (decision 047): its end moves by that while.
    const upgrade = db
      .select()
      .from(roleGrants)
      .where(and(eq(roleGrants.userId, tool.id), eq(roleGrants.role, 'E-MASTER')))
      .get()!;
    const waited = upgrade.revokedAt!.getTime() - upgrade.startsAt.getTime();
    expect(waited).toBeGreaterThanOrEqual(0);
    expect(userNow(tool)).toMatchObject({ role: 'E-TOOL', roleExpiryDate: new Date(toolEnd + waited) });
    await flushTestWebhooks();
  });

  test('a course refund removes that course only', async () => {
    const admin = await createUser({ role: 'admin' });
    const master = await createUser({ role: 'E-MASTER' });
    const first = insertCourse({ priceCents: 4990 });
    const second = insertCourse({ priceCents: 5990 });
    const ids: number[] = [];
    for (const course of [first, second]) {
      const { intent } = await paidByCard(master, { courseId: course.id });
      await confirmPayment(master, intent.paymentIntentId);
      ids.push(paymentRow(intent.paymentIntentId)!.id);
    }
    requestRefund(master, ids[0]);
    await approveRefund(admin, ids[0]);
    const cookie = await sessionCookie(master);
    const access = async (courseId: number) =>
      body(await call(accessRoute.loader, jsonRequest(`/api/courses/${courseId}/access`, undefined, { cookie }), { id: String(courseId) }));
    expect(await access(first.id)).toMatchObject({ hasAccess: false, hasPurchased: false, state: 'premium' });
    expect(await access(second.id)).toMatchObject({ hasAccess: true, hasPurchased: true });
    await flushTestWebhooks();
  });

  test('after 7 days a refund is refused', async () => {
    const basic = await createUser();
    const { intent } = await paidByCard(basic, { planType: 'E-TOOL', months: 1 });
    await confirmPayment(basic, intent.paymentIntentId);
    await flushTestWebhooks();
    const payment = paymentRow(intent.paymentIntentId)!;
    expect(() => requestRefund(basic, payment.id, new Date(Date.now() + 7 * DAY_MS + 1000))).toThrow(
      'O prazo de 7 dias para desistência terminou.',
    );
    expect(listUserPayments(basic.id, new Date(Date.now() + 8 * DAY_MS))).toMatchObject([{ refundable: false }]);
    const stranger = await createUser();
    expect(() => requestRefund(stranger, payment.id)).toThrow('Pagamento não encontrado.');
  });

  test('a boleto refund is marked for a manual refund, and its grant still comes back out', async () => {
    const admin = await createUser({ role: 'admin' });
    const basic = await createUser();
    const { sessionId } = await createCheckoutSession(basic, { planType: 'E-MASTER', months: 1 });
    expect((await completeTestCheckout(basic, sessionId, 'boleto')).outcome).toBe('pending');
    await markTestPixPaid(basic, sessionId);
    expect(userNow(basic).role).toBe('E-MASTER');
    const payment = paymentRow(sessionId)!;
    expect(payment.method).toBe('boleto');
    requestRefund(basic, payment.id);
    expect(await approveRefund(admin, payment.id)).toMatchObject({ refundStatus: 'manual', refundLabel: 'Reembolso manual', manual: true });
    expect(paymentRow(sessionId)!.stripeRefundId).toBeNull();
    expect(userNow(basic).role).toBe('E-BASIC');
    expect(
      db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, payment.id))
        .all()
        .some((row) => row.summary.includes('manual')),
    ).toBe(true);
  });
});

describe('configuration', () => {
  test('production refuses the test mode unless STRIPE_TEST_MODE=1 says so', () => {
    expect(stripeConfigurationError({ NODE_ENV: 'production' })).toMatch(/STRIPE_SECRET_KEY/);
    expect(stripeConfigurationError({ NODE_ENV: 'production', STRIPE_TEST_MODE: '1' })).toBeNull();
    expect(
      stripeConfigurationError({ NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_live_x', PUBLIC_ORIGIN: 'https://e-engenharia.fly.dev' }),
    ).toBeNull();
    expect(stripeConfigurationError({ NODE_ENV: 'development' })).toBeNull();
  });
});
