import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { db } from '../../db/client';
import { createCourse } from '../setup/factories';
import { courseGrants, payments, roleGrants, type CourseRow, type UserRow } from '../../db/schema';
import {
  approveRefund,
  confirmPayment,
  confirmTestCardPayment,
  createPaymentIntent,
  PAYMENT_MESSAGES,
  requestRefund,
} from '~/models/payments/index.server';
import { getUserById } from '~/models/accounts/user.server';
import { action as upgradeAction } from '~/routes/_upgrade+/upgrade';
import * as accessRoute from '~/routes/api+/courses.$id.access';
import * as confirmCardRoute from '~/routes/api+/test-mode.confirm-card';
import * as createRoute from '~/routes/api+/upgrade.create-payment-intent';
import { DAY_MS } from '~/models/accounts/role-arithmetic';
import { resetAllLimits } from '~/utils/rate-limit.server';
import { stripe, stripeWebhookSecret } from '~/models/payments/stripe.server';
import { flushTestWebhooks, setTestWebhookDelivery, type WebhookDelivery } from '~/models/payments/stripe-stand-in/index.server';
import { allowConsole } from '../setup/console';
import { BASE_URL, body, call, createUser, jsonRequest, sessionCookie } from '../setup/helpers';
import { deliverToWebhookRoute, postToWebhookRoute } from './helpers/webhook-route';

/**
 * What an outside probe of the production build (offline test mode, demo data) found in the
 * payments: webhooks believed from their own payload, URLs built from the request's Host header,
 * and one course paid twice and then lost to the refund of one of the payments.
 */

/** The signing secret the test mode used to commit in its source. */
const OLD_COMMITTED_SECRET = 'whsec_offline_e_engenharia_test_mode';

let deliveredTo: string[] = [];
let previousDelivery: WebhookDelivery | null = null;
const deliverToRoute: WebhookDelivery = async (url, payload, signature) => {
  deliveredTo.push(url);
  await deliverToWebhookRoute(url, payload, signature);
};

beforeAll(() => {
  delete process.env.STRIPE_SECRET_KEY;
  delete process.env.STRIPE_WEBHOOK_SECRET;
  previousDelivery = setTestWebhookDelivery(deliverToRoute);
});
afterAll(() => setTestWebhookDelivery(previousDelivery));
afterEach(async () => {
  await flushTestWebhooks();
  setTestWebhookDelivery(deliverToRoute);
  vi.unstubAllEnvs();
  resetAllLimits();
});

let n = 0;
function insertCourse(values: Partial<Parameters<typeof createCourse>[0]> = {}): CourseRow {
  const title = values.title ?? `Curso Sondado ${++n}`;
  return createCourse({ description: 'Curso de ensaio.', instructor: 'Eng. Lima', priceCents: 4990, ...values, title });
}

const userNow = (user: Pick<UserRow, 'id'>) => getUserById(user.id)!;
const roleGrantsOf = (userId: number) =>
  db
    .select()
    .from(roleGrants)
    .where(and(eq(roleGrants.userId, userId), eq(roleGrants.source, 'payment')))
    .all();
const courseGrantsOf = (userId: number) =>
  db
    .select()
    .from(courseGrants)
    .where(and(eq(courseGrants.userId, userId), eq(courseGrants.active, true)))
    .all();
const paymentRow = (stripeId: string) => db.select().from(payments).where(eq(payments.stripePaymentIntentId, stripeId)).get();

function signed(type: string, object: Record<string, unknown>, secret: string) {
  const payload = JSON.stringify({
    id: `evt_probe_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object },
  });
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}

const postWebhook = ({ payload, signature }: { payload: string; signature: string }) => postToWebhookRoute(payload, signature);

/** What the probe sent: a succeeded PaymentIntent whose metadata names the buyer, the plan and the amount it likes. */
function forgedIntent(id: string, metadata: Record<string, string>, amount: number) {
  return { id, object: 'payment_intent', amount, amount_received: amount, currency: 'brl', status: 'succeeded', metadata };
}

describe('1. a webhook is believed only after asking Stripe', () => {
  test('an event signed with the secret the test mode used to commit in its source is refused (400)', async () => {
    const basic = await createUser();
    const metadata = { userId: String(basic.id), kind: 'plan', planType: 'E-MASTER', months: '12', courseId: '', amountCents: '1' };
    const response = await postWebhook(
      signed('payment_intent.succeeded', forgedIntent('pi_probe_constant', metadata, 1), OLD_COMMITTED_SECRET),
    );
    expect(response.status).toBe(400);
    expect(await body(response)).toEqual({ message: PAYMENT_MESSAGES.badSignature });
    expect(userNow(basic).role).toBe('E-BASIC');
    expect(stripeWebhookSecret()).not.toBe(OLD_COMMITTED_SECRET);
  });

  test('a correctly signed event for a PaymentIntent the app never created grants nothing: no 360 days for R$ 0,01, no hidden course', async () => {
    allowConsole('warn', /\(payment_intent\.succeeded\) ignored: O pagamento não corresponde à compra\./); // each forged event is refused
    const basic = await createUser();
    const secret = stripeWebhookSecret()!;
    const plan = { userId: String(basic.id), kind: 'plan', planType: 'E-MASTER', months: '12', courseId: '', amountCents: '1' };
    const planAnswer = await postWebhook(signed('payment_intent.succeeded', forgedIntent('pi_probe_plan', plan, 1), secret));
    expect(planAnswer.status).toBe(200);

    const hidden = insertCourse({ isHidden: true, priceCents: 19_990 });
    const course = { userId: String(basic.id), kind: 'course', planType: '', months: '', courseId: String(hidden.id), amountCents: '1' };
    const courseAnswer = await postWebhook(signed('payment_intent.succeeded', forgedIntent('pi_probe_course', course, 1), secret));
    expect(courseAnswer.status).toBe(200);

    expect(userNow(basic).role).toBe('E-BASIC');
    expect(roleGrantsOf(basic.id)).toEqual([]);
    expect(courseGrantsOf(basic.id)).toEqual([]);
    expect(db.select().from(payments).where(eq(payments.userId, basic.id)).all()).toEqual([]);
  });

  test("another user's pending PaymentIntent is not marked paid by a forged payload", async () => {
    const victim = await createUser();
    const intent = await createPaymentIntent(victim, { planType: 'E-TOOL', months: 1 }, { idempotencyKey: 'probe-victim' });
    const metadata = {
      userId: String(victim.id),
      kind: 'plan',
      planType: 'E-TOOL',
      months: '1',
      courseId: '',
      amountCents: String(intent.amountCents),
    };
    const answer = await postWebhook(
      signed('payment_intent.succeeded', forgedIntent(intent.paymentIntentId, metadata, intent.amountCents), stripeWebhookSecret()!),
    );
    expect(answer.status).toBe(200);
    expect(paymentRow(intent.paymentIntentId)).toMatchObject({ status: 'pending', completedAt: null });
    expect(userNow(victim).role).toBe('E-BASIC');
    expect(roleGrantsOf(victim.id)).toEqual([]);
  });

  test('a signed event whose payload claims another user, plan and amount grants only what the payment row and the retrieved PaymentIntent say', async () => {
    const buyer = await createUser();
    const attacker = await createUser();
    // Paid at Stripe, but its own webhook not delivered yet: the row is still pending.
    setTestWebhookDelivery(async () => {});
    const intent = await createPaymentIntent(buyer, { planType: 'E-TOOL', months: 1 }, { idempotencyKey: 'probe-real' });
    await confirmTestCardPayment(buyer, {
      paymentIntentId: intent.paymentIntentId,
      cardNumber: '4242424242424242',
      returnUrl: '/?payment_success=true',
    });
    await flushTestWebhooks();
    setTestWebhookDelivery(deliverToRoute);
    expect(paymentRow(intent.paymentIntentId)).toMatchObject({ status: 'pending' });

    const claim = { userId: String(attacker.id), kind: 'plan', planType: 'E-MASTER', months: '12', courseId: '', amountCents: '1' };
    const answer = await postWebhook(
      signed('payment_intent.succeeded', forgedIntent(intent.paymentIntentId, claim, 1), stripeWebhookSecret()!),
    );
    expect(answer.status).toBe(200);
    expect(userNow(attacker).role).toBe('E-BASIC');
    expect(roleGrantsOf(attacker.id)).toEqual([]);
    const buyerNow = userNow(buyer);
    expect(buyerNow.role).toBe('E-TOOL');
    expect(buyerNow.roleExpiryDate!.getTime() - Date.now()).toBeLessThanOrEqual(30 * DAY_MS);
    expect(roleGrantsOf(buyer.id)).toHaveLength(1);
    expect(paymentRow(intent.paymentIntentId)).toMatchObject({
      status: 'succeeded',
      userId: buyer.id,
      planType: 'E-TOOL',
      months: 1,
      amountCents: 2990,
    });
  });
});

describe('2. the server never calls, nor sends a browser to, the address in the Host header', () => {
  const servers: Server[] = [];
  afterAll(() => Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))));

  /** A local HTTP listener on a random port that records what reaches it. */
  async function listener() {
    const hits: string[] = [];
    const server = createServer((request, response) => {
      hits.push(`${request.method} ${request.url}`);
      response.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { hits, port: (server.address() as AddressInfo).port };
  }

  async function confirmCardWithHost(host: string, origin = `http://${host}`) {
    const basic = await createUser();
    const cookie = await sessionCookie(basic);
    const intent = await createPaymentIntent(basic, { planType: 'E-TOOL', months: 1 }, { idempotencyKey: `probe-host-${host}` });
    const request = new Request(`http://${host}/api/test-mode/confirm-card`, {
      method: 'POST',
      headers: { Host: host, Origin: origin, Cookie: cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify({ paymentIntentId: intent.paymentIntentId, cardNumber: '4242 4242 4242 4242' }),
    });
    const response = await call(confirmCardRoute.action, request);
    expect(await body(response)).toEqual({ status: 'succeeded' });
    await flushTestWebhooks();
  }

  test("confirm-card with a hostile Host: the test mode's webhook goes to the loopback the server listens on, never to the Host", async () => {
    const hostile = await listener();
    const own = await listener();
    vi.stubEnv('PORT', String(own.port));
    setTestWebhookDelivery(null);
    await confirmCardWithHost(`127.0.0.1:${hostile.port}`);
    expect(hostile.hits).toEqual([]);
    expect(own.hits).toEqual(['POST /api/stripe/webhook']);
  });

  test('with PUBLIC_ORIGIN the webhook goes there, whatever the Host says', async () => {
    vi.stubEnv('PUBLIC_ORIGIN', 'https://e-engenharia.example');
    deliveredTo = [];
    await confirmCardWithHost('127.0.0.1:4799', 'https://e-engenharia.example');
    expect(deliveredTo).toEqual(['https://e-engenharia.example/api/stripe/webhook']);
  });

  async function checkoutLocation(host: string, origin: string) {
    const basic = await createUser();
    const request = new Request(`http://${host}/upgrade?plan=E-TOOL&months=1&step=pay`, {
      method: 'POST',
      headers: { Host: host, Origin: origin, Cookie: await sessionCookie(basic), 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'checkout', plan: 'E-TOOL', months: '1' }).toString(),
    });
    const response = await call(upgradeAction, request, {}, { toast: { pending: null } });
    expect(response.status).toBe(303);
    return response.headers.get('Location') ?? '';
  }

  test("the no-JavaScript form's 303 to Checkout is relative without PUBLIC_ORIGIN, and on PUBLIC_ORIGIN with it; never on the Host", async () => {
    expect(await checkoutLocation('127.0.0.1:4799', 'http://127.0.0.1:4799')).toMatch(/^\/test-mode\/checkout\/cs_\w+$/);
    vi.stubEnv('PUBLIC_ORIGIN', 'https://e-engenharia.example');
    expect(await checkoutLocation('127.0.0.1:4799', 'https://e-engenharia.example')).toMatch(
      /^https:\/\/e-engenharia\.example\/test-mode\/checkout\/cs_\w+$/,
    );
  });
});

describe('3. one course is paid once, and a refund leaves what another payment pays for', () => {
  const create = async (cookie: string, courseId: number, key: string) => {
    const response = await call(
      createRoute.action,
      jsonRequest('/api/upgrade/create-payment-intent', { courseId }, { cookie, headers: { 'Idempotency-Key': key } }),
    );
    return { status: response.status, json: await body<{ paymentIntentId?: string; clientSecret?: string; message?: string }>(response) };
  };

  test('a second create-payment-intent for the same course, with another key, answers the open intent instead of a second one', async () => {
    const master = await createUser({ role: 'E-MASTER' });
    const cookie = await sessionCookie(master);
    const course = insertCourse({ priceCents: 7990 });
    const first = await create(cookie, course.id, 'tab-1');
    const second = await create(cookie, course.id, 'tab-2');
    expect(first.status).toBe(200);
    expect(second).toMatchObject({
      status: 200,
      json: { paymentIntentId: first.json.paymentIntentId, clientSecret: first.json.clientSecret },
    });
    // At the same moment, from two tabs: still one.
    const other = insertCourse({ priceCents: 6990 });
    const [a, b] = await Promise.all([create(cookie, other.id, 'tab-3'), create(cookie, other.id, 'tab-4')]);
    expect(a.json.paymentIntentId).toBe(b.json.paymentIntentId);
    expect(db.select().from(payments).where(eq(payments.userId, master.id)).all()).toHaveLength(2);

    // Paid: the course is owned, and a new purchase of it is refused.
    await confirmTestCardPayment(master, {
      paymentIntentId: first.json.paymentIntentId!,
      cardNumber: '4242424242424242',
      returnUrl: '/?payment_success=true',
    });
    await confirmPayment(master, first.json.paymentIntentId!);
    expect(await create(cookie, course.id, 'tab-5')).toEqual({ status: 400, json: { message: 'Você já tem acesso a este curso.' } });
  });

  test('the no-JavaScript Checkout for a course with an open session sends the buyer back to that session', async () => {
    const master = await createUser({ role: 'E-MASTER' });
    const cookie = await sessionCookie(master);
    const course = insertCourse({ priceCents: 8990 });
    const checkout = async () => {
      const request = new Request(`${BASE_URL}/upgrade?courseId=${course.id}&step=pay`, {
        method: 'POST',
        headers: { Origin: BASE_URL, Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ intent: 'checkout', courseId: String(course.id) }).toString(),
      });
      const response = await call(upgradeAction, request, {}, { toast: { pending: null } });
      expect(response.status).toBe(303);
      return response.headers.get('Location');
    };
    const first = await checkout();
    expect(await checkout()).toBe(first);
    expect(db.select().from(payments).where(eq(payments.userId, master.id)).all()).toHaveLength(1);
  });

  test('refunding one of two paid purchases of the same course keeps the course', async () => {
    const admin = await createUser({ role: 'admin' });
    const master = await createUser({ role: 'E-MASTER' });
    const course = insertCourse({ priceCents: 5990 });
    // Two paid purchases of one course, as the old code let two tabs make them.
    const ids: number[] = [];
    for (const key of ['twice-1', 'twice-2']) {
      const pi = await stripe().paymentIntents.create(
        {
          amount: 5990,
          currency: 'brl',
          metadata: {
            userId: String(master.id),
            kind: 'course',
            planType: '',
            months: '',
            courseId: String(course.id),
            amountCents: '5990',
          },
        },
        { idempotencyKey: `${key}-${master.id}` },
      );
      db.insert(payments)
        .values({
          userId: master.id,
          stripePaymentIntentId: pi.id,
          kind: 'course',
          courseId: course.id,
          amountCents: 5990,
          status: 'pending',
          method: 'card',
        })
        .run();
      await stripe().paymentIntents.confirm(pi.id, { payment_method: 'pm_card_visa' });
      await confirmPayment(master, pi.id);
      ids.push(paymentRow(pi.id)!.id);
    }
    await flushTestWebhooks();
    requestRefund(master, ids[0]);
    await approveRefund(admin, ids[0]);
    const cookie = await sessionCookie(master);
    const access = await body(
      await call(accessRoute.loader, jsonRequest(`/api/courses/${course.id}/access`, undefined, { cookie }), { id: String(course.id) }),
    );
    expect(access).toMatchObject({ hasAccess: true, hasPurchased: true });
    // Refunding the other one too: now nothing pays for it.
    requestRefund(master, ids[1]);
    await approveRefund(admin, ids[1]);
    const after = await body(
      await call(accessRoute.loader, jsonRequest(`/api/courses/${course.id}/access`, undefined, { cookie }), { id: String(course.id) }),
    );
    expect(after).toMatchObject({ hasAccess: false, hasPurchased: false });
  });

  test("refunding one of two paid plan payments keeps the other's days", async () => {
    const admin = await createUser({ role: 'admin' });
    const basic = await createUser();
    const paid: number[] = [];
    for (const planType of ['E-TOOL', 'E-MASTER'] as const) {
      const intent = await createPaymentIntent(basic, { planType, months: 1 }, { idempotencyKey: `plan-${planType}` });
      await confirmTestCardPayment(basic, {
        paymentIntentId: intent.paymentIntentId,
        cardNumber: '4242424242424242',
        returnUrl: '/?payment_success=true',
      });
      await confirmPayment(basic, intent.paymentIntentId);
      paid.push(paymentRow(intent.paymentIntentId)!.id);
    }
    await flushTestWebhooks();
    requestRefund(basic, paid[0]);
    await approveRefund(admin, paid[0]);
    const after = userNow(basic);
    expect(after.role).toBe('E-MASTER');
    const left = after.roleExpiryDate!.getTime() - Date.now();
    expect(left).toBeGreaterThan(30 * DAY_MS - 60_000);
    expect(left).toBeLessThanOrEqual(30 * DAY_MS);
  });
});
