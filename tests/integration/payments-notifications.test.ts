import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { db } from '../../db/client';
import { notifications, payments, type UserRow } from '../../db/schema';
import { serveLiveStream } from '~/plumbing/live-stream.server';
import { countUnreadNotifications } from '~/models/notifications/notification.server';
import {
  approveRefund,
  completeTestCheckout,
  confirmPayment,
  confirmTestCardPayment,
  createCheckoutSession,
  createPaymentIntent,
  markTestPixExpired,
  markTestPixPaid,
  rejectRefund,
  requestRefund,
} from '~/models/payments/index.server';
import { flushTestWebhooks, setTestWebhookDelivery, type WebhookDelivery } from '~/models/payments/stripe-stand-in/index.server';
import { BASE_URL, createUser, sessionCookie } from '../setup/helpers';
import { deliverToWebhookRoute } from './helpers/webhook-route';

/**
 * Every notification the payments write reaches the buyer's open tabs: a Pix confirmed later,
 * one that expires unpaid and a refund decision each move the header's badge, through the live
 * stream as server.js serves it (Node's request and response on a loopback socket). The
 * simulated Checkout page's refusals (the stand-in's codes) read in Portuguese.
 */

let server: http.Server;
let origin = '';
const opened: AbortController[] = [];
let previousDelivery: WebhookDelivery | null = null;

beforeAll(async () => {
  delete process.env.STRIPE_SECRET_KEY;
  delete process.env.STRIPE_WEBHOOK_SECRET;
  previousDelivery = setTestWebhookDelivery(deliverToWebhookRoute);
  server = http.createServer((req, res) => void serveLiveStream(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(() => {
  for (const abort of opened.splice(0)) abort.abort();
});

afterAll(async () => {
  setTestWebhookDelivery(previousDelivery);
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

type Badge = { count: number };

/** The buyer's open tab: collects the `notifications` events of their own channel as they arrive. */
async function openTab(user: UserRow) {
  const abort = new AbortController();
  opened.push(abort);
  const response = await fetch(`${origin}/resources/live`, { headers: { Cookie: await sessionCookie(user) }, signal: abort.signal });
  expect(response.status).toBe(200);
  const badges: Badge[] = [];
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  void (async () => {
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const lines = buffer.slice(0, end).split('\n');
        buffer = buffer.slice(end + 2);
        const data = lines.find((line) => line.startsWith('data:'));
        if (!lines.includes('event: notifications') || !data) continue;
        const frame = JSON.parse(data.slice(5)) as { channel: string; data: Badge };
        if (frame.channel === `user:${user.id}`) badges.push(frame.data);
      }
    }
  })();
  return badges;
}

/** Waits up to 2 s for the tab's badge to show `count`. */
async function expectBadge(badges: Badge[], count: number) {
  const deadline = Date.now() + 2000;
  while (!badges.some((badge) => badge.count === count) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(badges.map((badge) => badge.count)).toContain(count);
}

const noticesTitled = (userId: number, title: string) =>
  db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.title, title)))
    .all();

describe("a payment's notification reaches the buyer's open tabs", () => {
  test('a Pix confirmed later moves the badge to the new unread count', async () => {
    const buyer = await createUser();
    const badges = await openTab(buyer);
    const { sessionId } = await createCheckoutSession(buyer, { planType: 'E-TOOL', months: 1 });
    expect((await completeTestCheckout(buyer, sessionId, 'pix')).outcome).toBe('pending');
    await flushTestWebhooks();
    const before = countUnreadNotifications(buyer);

    await markTestPixPaid(buyer, sessionId);
    expect(noticesTitled(buyer.id, 'Pagamento realizado!')).toHaveLength(1);
    expect(countUnreadNotifications(buyer)).toBe(before + 1);
    await expectBadge(badges, before + 1);
  });

  test('a Pix that expires unpaid moves the badge with its error notice', async () => {
    const buyer = await createUser();
    const badges = await openTab(buyer);
    const { sessionId } = await createCheckoutSession(buyer, { planType: 'E-TOOL', months: 1 });
    await completeTestCheckout(buyer, sessionId, 'pix');
    await flushTestWebhooks();
    const before = countUnreadNotifications(buyer);

    await markTestPixExpired(buyer, sessionId);
    expect(noticesTitled(buyer.id, 'Erro no pagamento')).toHaveLength(1);
    await expectBadge(badges, before + 1);
  });

  test("an admin's refund decision, approved or refused, moves the badge", async () => {
    const admin = await createUser({ role: 'admin' });
    const buyer = await createUser();
    const paidIds: number[] = [];
    for (const planType of ['E-TOOL', 'E-MASTER'] as const) {
      const intent = await createPaymentIntent(buyer, { planType, months: 1 }, { idempotencyKey: `notice-${planType}-${buyer.id}` });
      await confirmTestCardPayment(buyer, {
        paymentIntentId: intent.paymentIntentId,
        cardNumber: '4242424242424242',
        returnUrl: `${BASE_URL}/`,
      });
      await confirmPayment(buyer, intent.paymentIntentId);
      await flushTestWebhooks();
      paidIds.push(db.select().from(payments).where(eq(payments.stripePaymentIntentId, intent.paymentIntentId)).get()!.id);
    }
    const badges = await openTab(buyer);
    const before = countUnreadNotifications(buyer);

    requestRefund(buyer, paidIds[0]);
    await approveRefund(admin, paidIds[0]);
    await expectBadge(badges, before + 1);
    requestRefund(buyer, paidIds[1]);
    rejectRefund(admin, paidIds[1]);
    await expectBadge(badges, before + 2);
  });
});

describe("the simulated Checkout's refusals are the payment model's words", () => {
  test('paying a session twice, or settling a Pix that is not waiting, is a 400 in Portuguese', async () => {
    const buyer = await createUser();
    const { sessionId } = await createCheckoutSession(buyer, { planType: 'E-TOOL', months: 1 });
    await completeTestCheckout(buyer, sessionId, 'pix');
    await expect(completeTestCheckout(buyer, sessionId, 'card', '4242424242424242')).rejects.toMatchObject({
      status: 400,
      message: 'Esta sessão de pagamento já foi concluída.',
    });
    await markTestPixPaid(buyer, sessionId);
    await expect(markTestPixPaid(buyer, sessionId)).rejects.toMatchObject({
      status: 400,
      message: 'Não há pagamento Pix ou boleto aguardando nesta sessão.',
    });
    const stranger = await createUser();
    await expect(completeTestCheckout(stranger, sessionId, 'pix')).rejects.toMatchObject({
      status: 404,
      message: 'Sessão de pagamento não encontrada.',
    });
  });
});
