import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { db } from '../../db/client';
import { courseGrants, courses, payments, type CourseRow } from '../../db/schema';
import { action as upgradeAction } from '~/routes/_upgrade+/upgrade';
import * as createRoute from '~/routes/api+/upgrade.create-payment-intent';
import { IN_PROGRESS_MS } from '~/models/payments/checkout.server';
import { sortKey } from '~/utils/fold';
import { stripe } from '~/models/payments/stripe.server';
import { resetAllLimits } from '~/utils/rate-limit.server';
import { flushTestWebhooks, setTestWebhookDelivery, type WebhookDelivery } from '~/models/payments/stripe-stand-in/index.server';
import { BASE_URL, call, createUser, jsonRequest, sessionCookie } from '../setup/helpers';
import { postToWebhookRoute } from './helpers/webhook-route';

const deliverToRoute: WebhookDelivery = async (_url, payload, signature) => {
  await postToWebhookRoute(payload, signature);
};
let previous: WebhookDelivery | null = null;
beforeAll(() => {
  delete process.env.STRIPE_SECRET_KEY;
  previous = setTestWebhookDelivery(deliverToRoute);
});
afterAll(() => setTestWebhookDelivery(previous));
afterEach(async () => {
  await flushTestWebhooks();
  resetAllLimits();
});

let n = 0;
function insertCourse(): CourseRow {
  const title = `Curso Paralelo ${++n}`;
  return db
    .insert(courses)
    .values({
      description: 'Curso.',
      category: 'electrical',
      instructor: 'Eng. Lima',
      duration: '8 horas',
      level: 'beginner',
      priceCents: 4990,
      title,
      titleKey: sortKey(title),
    })
    .returning()
    .get();
}

function post(cookie: string, courseId: number, fields: Record<string, string>) {
  return call(
    upgradeAction,
    new Request(`${BASE_URL}/upgrade?courseId=${courseId}&step=pay`, {
      method: 'POST',
      headers: { Origin: BASE_URL, Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ courseId: String(courseId), ...fields }).toString(),
    }),
    {},
    { toast: { pending: null } },
  );
}
const card = (cookie: string, courseId: number) =>
  post(cookie, courseId, {
    intent: 'test-card',
    cardNumber: '4242424242424242',
    expiry: '12/34',
    cvc: '123',
    idempotencyKey: randomUUID(),
  });
const checkout = (cookie: string, courseId: number, pageKey?: string) =>
  post(cookie, courseId, { intent: 'checkout', ...(pageKey ? { pageKey } : {}) });
/** The card form with a real key: Stripe.js's element asks for the PaymentIntent with the page's key. */
const cardElement = async (cookie: string, courseId: number, pageKey: string) =>
  call(
    createRoute.action,
    jsonRequest('/api/upgrade/create-payment-intent', { courseId }, { cookie, headers: { 'Idempotency-Key': pageKey } }),
  );

const paymentsOf = (userId: number) => db.select().from(payments).where(eq(payments.userId, userId)).orderBy(payments.id).all();
const owns = (userId: number) => db.select().from(courseGrants).where(eq(courseGrants.userId, userId)).all().length === 1;
const IN_PROGRESS =
  'Já há um pagamento deste curso em andamento em outra aba ou janela. Conclua-o por lá ou tente novamente em alguns minutos.';

/**
 * Issue 26.15: two tabs of one buyer paying for the same course at once, one with the card form
 * (JavaScript) and one through Checkout (without). The first goes on; the second is told that a
 * payment is already under way, instead of cancelling the first one's purchase under it.
 */
describe('two checkouts of one course at once', () => {
  test('card form first: its payment goes through, and Checkout is refused with a message', async () => {
    const buyer = await createUser({ role: 'E-MASTER' });
    const cookie = await sessionCookie(buyer);
    const course = insertCourse();
    const [paid, refused] = await Promise.all([card(cookie, course.id), checkout(cookie, course.id)]);
    expect(paid.status).toBe(302);
    expect(paid.headers.get('Location')).toBe('/dashboard?payment_success=true');
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(IN_PROGRESS);
    expect(paymentsOf(buyer.id).map((p) => p.status)).toEqual(['succeeded']);
    expect(owns(buyer.id)).toBe(true);
  });

  test('Checkout first: its session stays open and payable, and the card form is refused with a message', async () => {
    const buyer = await createUser({ role: 'E-MASTER' });
    const cookie = await sessionCookie(buyer);
    const course = insertCourse();
    const [sent, refused] = await Promise.all([checkout(cookie, course.id), card(cookie, course.id)]);
    expect(sent.status).toBe(303);
    const sessionId = sent.headers.get('Location')!.split('/').pop()!;
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(IN_PROGRESS);
    expect(paymentsOf(buyer.id).map((p) => [p.stripePaymentIntentId, p.status])).toEqual([[sessionId, 'pending']]);
    expect((await stripe().checkout.sessions.retrieve(sessionId)).status).toBe('open');
    // The same tab going back to Checkout finds its session again.
    expect((await checkout(cookie, course.id)).headers.get('Location')).toBe(sent.headers.get('Location'));
  });

  test('an open purchase of the other path older than the in-progress window counts as abandoned: cancelled, and the new one goes on', async () => {
    const buyer = await createUser({ role: 'E-MASTER' });
    const cookie = await sessionCookie(buyer);
    const course = insertCourse();
    const abandoned = await checkout(cookie, course.id);
    const sessionId = abandoned.headers.get('Location')!.split('/').pop()!;
    db.update(payments)
      .set({ createdAt: new Date(Date.now() - IN_PROGRESS_MS - 1000) })
      .where(eq(payments.stripePaymentIntentId, sessionId))
      .run();
    const paid = await card(cookie, course.id);
    expect(paid.headers.get('Location')).toBe('/dashboard?payment_success=true');
    expect((await stripe().checkout.sessions.retrieve(sessionId)).status).toBe('expired');
    expect(paymentsOf(buyer.id).map((p) => p.status)).toEqual(['failed', 'succeeded']);
    // Just inside the window the same purchase would have been refused.
    const other = insertCourse();
    await checkout(cookie, other.id);
    db.update(payments)
      .set({ createdAt: new Date(Date.now() - IN_PROGRESS_MS + 5000) })
      .where(eq(payments.courseId, other.id))
      .run();
    expect((await card(cookie, other.id)).status).toBe(409);
  });

  test("the same page switching path is not another tab: 'Pagar com Pix ou boleto' under the card form replaces the page's own PaymentIntent, and back", async () => {
    const buyer = await createUser({ role: 'E-MASTER' });
    const cookie = await sessionCookie(buyer);
    const course = insertCourse();
    const page = randomUUID();
    const element = await cardElement(cookie, course.id, page);
    expect(element.status).toBe(200);
    const { paymentIntentId } = (await element.json()) as { paymentIntentId: string };
    const toCheckout = await checkout(cookie, course.id, page);
    expect(toCheckout.status).toBe(303);
    expect((await stripe().paymentIntents.retrieve(paymentIntentId)).status).toBe('canceled');
    const sessionId = toCheckout.headers.get('Location')!.split('/').pop()!;
    // Back on the same page, the card form again: the page's own session goes.
    expect((await cardElement(cookie, course.id, page)).status).toBe(200);
    expect((await stripe().checkout.sessions.retrieve(sessionId)).status).toBe('expired');
    // Another page (another tab) meanwhile is still refused.
    const otherTab = await checkout(cookie, course.id, randomUUID());
    expect(otherTab.status).toBe(409);
    expect(await otherTab.text()).toContain(IN_PROGRESS);
  });
});
