import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { db } from '../../db/client';
import { auditLog, courses, notifications, payments, roleGrants } from '../../db/schema';
import { listUserPayments } from '~/models/payments/index.server';
import { getUserById } from '~/models/accounts/user.server';
import { loader as upgradeLoader, action as upgradeAction } from '~/routes/_upgrade+/upgrade';
import { loader as accountLoader, action as accountAction } from '~/routes/_app+/account';
import { loader as receiptLoader } from '~/routes/_app+/account_.receipts.$id';
import { DAY_MS } from '~/models/accounts/role-arithmetic';
import { formatCpf } from '~/utils/cpf';
import { formatCents, formatShortDate } from '~/utils/format';
import { loader as refundsLoader, action as refundsAction } from '~/routes/_app+/admin.refunds';
import { loader as checkoutLoader, action as checkoutAction } from '~/routes/_app+/test-mode.checkout.$sessionId';
import { loader as returnLoader } from '~/routes/_app+/upgrade.return';
import { sortKey } from '~/utils/fold';
import { resetAllLimits } from '~/utils/rate-limit.server';
import { setTestWebhookDelivery, type WebhookDelivery } from '~/models/payments/stripe-stand-in/index.server';
import type { Toast } from '~/utils/toast.server';
import { call, createUser, expectRedirect, formRequest, getRequest, sessionCookie, type RouteFunction } from '../setup/helpers';
import { deliverToWebhookRoute } from './helpers/webhook-route';

type Json = Record<string, unknown>;
let context: { toast: { pending: Toast | null } };
let previousDelivery: WebhookDelivery | null = null;

beforeEach(() => {
  resetAllLimits();
  context = { toast: { pending: null } };
  // The stand-in's webhooks reach the route's action directly (no server listening here).
  previousDelivery = setTestWebhookDelivery(deliverToWebhookRoute);
});
afterEach(() => {
  setTestWebhookDelivery(previousDelivery);
});

async function signedIn(role: Parameters<typeof createUser>[0] extends infer O ? (O extends { role?: infer R } ? R : never) : never) {
  const user = await createUser({ role });
  return { user, cookie: await sessionCookie(user) };
}

const page = async (path: string, cookie?: string) => (await call(upgradeLoader, getRequest(path, { cookie }))).json() as Promise<Json>;
const post = (fn: RouteFunction, path: string, fields: Record<string, string>, cookie: string, params: Record<string, string> = {}) =>
  call(fn, formRequest(path, fields, { cookie, headers: { Origin: 'http://localhost:3000' } }), params, context);

function addCourse(priceCents: number | null) {
  const title = `Curso pago ${Math.random().toString(36).slice(2, 8)}`;
  return db
    .insert(courses)
    .values({
      title,
      titleKey: sortKey(title),
      description: 'Descrição do curso pago.',
      category: 'electrical',
      instructor: 'Eng. Teste',
      duration: '10 horas',
      level: 'beginner',
      priceCents,
    })
    .returning()
    .get();
}

const planNames = (data: Json) => (data.plans as { plan: string }[]).map((plan) => plan.plan);

describe('/upgrade: plan cards per tier', () => {
  test('a visitor gets the Acesso Restrito card with a login link back here, not a redirect', async () => {
    const data = await page('/upgrade?plan=E-TOOL&months=3');
    expect(data.kind).toBe('visitor');
    expect(data.loginHref).toBe(`/auth?${new URLSearchParams({ redirectTo: '/upgrade?plan=E-TOOL&months=3' })}`);
  });

  test('only plans above the user: E-BASIC both, E-TOOL only E-MASTER, E-MASTER and admins none', async () => {
    expect(planNames(await page('/upgrade', (await signedIn('E-BASIC')).cookie))).toEqual(['E-TOOL', 'E-MASTER']);
    expect(planNames(await page('/upgrade', (await signedIn('E-TOOL')).cookie))).toEqual(['E-MASTER']);
    expect(planNames(await page('/upgrade', (await signedIn('E-MASTER')).cookie))).toEqual([]);
    expect(planNames(await page('/upgrade', (await signedIn('admin')).cookie))).toEqual([]);
  });

  test('the months in the URL select that card; the payment step totals monthly price × months for every months value', async () => {
    const { cookie } = await signedIn('E-BASIC');
    const cards = (await page('/upgrade?plan=E-MASTER&months=4', cookie)).plans as { plan: string; months: number; monthlyCents: number }[];
    expect(cards.find((card) => card.plan === 'E-MASTER')?.months).toBe(4);
    expect(cards.find((card) => card.plan === 'E-TOOL')?.months).toBe(1);
    for (let months = 1; months <= 12; months += 1) {
      const data = await page(`/upgrade?plan=E-TOOL&months=${months}&step=pay`, cookie);
      expect(data.kind).toBe('pay');
      expect(data.summary).toMatchObject({ title: 'E-TOOL', months, amountCents: 2990 * months });
      expect(data.testMode).toBe(true);
    }
    // Out of range falls back to one month rather than charging something else.
    expect((await page('/upgrade?plan=E-TOOL&months=13&step=pay', cookie)).summary).toMatchObject({ months: 1, amountCents: 2990 });
  });

  test('a plan at or below the user goes back to /upgrade with the server message under Erro', async () => {
    const { cookie } = await signedIn('E-MASTER');
    const response = await call(upgradeLoader, getRequest('/upgrade?plan=E-TOOL&months=2&step=pay', { cookie }));
    expectRedirect(response, '/upgrade');
  });
});

describe('/upgrade?courseId=: selling one course', () => {
  test('shows the course at its price; a course without a price is refused', async () => {
    const { cookie } = await signedIn('E-MASTER');
    const course = addCourse(12_990);
    const data = await page(`/upgrade?courseId=${course.id}`, cookie);
    expect(data.kind).toBe('pay');
    expect(data.summary).toMatchObject({ months: null, amountCents: 12_990 });
    expect(String((data.summary as Json).title)).toContain(course.title);
    expect(data.backTo).toBe(`/courses/${course.id}`);
    const free = addCourse(null);
    expectRedirect(await call(upgradeLoader, getRequest(`/upgrade?courseId=${free.id}`, { cookie })), '/upgrade');
  });
});

describe('paying from /upgrade', () => {
  test('without JavaScript, Finalizar pagamento answers 303 to the (test-mode) Checkout Session, whose page shows the amount', async () => {
    const { cookie } = await signedIn('E-BASIC');
    const response = await post(
      upgradeAction,
      '/upgrade?plan=E-TOOL&months=3&step=pay',
      { intent: 'checkout', plan: 'E-TOOL', months: '3' },
      cookie,
    );
    expect(response.status).toBe(303);
    // In test mode the session's page is on this site; without PUBLIC_ORIGIN, a relative address (never the Host's).
    const location = response.headers.get('Location') ?? '';
    expect(location).toMatch(/^\/test-mode\/checkout\/cs_\w+$/);
    const sessionId = location.split('/').pop()!;
    const checkout = (await (await call(checkoutLoader, getRequest(location, { cookie }), { sessionId })).json()) as {
      session: { amountCents: number };
    };
    expect(checkout.session.amountCents).toBe(8970);
    // Someone else cannot open it.
    const other = await signedIn('E-BASIC');
    expect((await call(checkoutLoader, getRequest(location, { cookie: other.cookie }), { sessionId })).status).toBe(404);
  });

  test('simulated Checkout: a card pays and the return page grants; Pix waits until marked paid, then the webhook grants', async () => {
    const master = await signedIn('E-MASTER');
    const course = addCourse(4990);
    const byCard = await post(
      upgradeAction,
      `/upgrade?courseId=${course.id}`,
      { intent: 'checkout', courseId: String(course.id) },
      master.cookie,
    );
    const cardSession = byCard.headers.get('Location')!.split('/').pop()!;
    const paid = await post(
      checkoutAction,
      `/test-mode/checkout/${cardSession}`,
      { intent: 'card', cardNumber: '4242 4242 4242 4242' },
      master.cookie,
      { sessionId: cardSession },
    );
    expectRedirect(paid, `/upgrade/return?session_id=${cardSession}`);
    const done = (await (
      await call(returnLoader, getRequest(`/upgrade/return?session_id=${cardSession}`, { cookie: master.cookie }))
    ).json()) as Json;
    expect(done).toMatchObject({ status: 'succeeded', courseId: course.id });

    const tool = await signedIn('E-TOOL');
    const byPix = await post(upgradeAction, '/upgrade', { intent: 'checkout', plan: 'E-MASTER', months: '1' }, tool.cookie);
    const pixSession = byPix.headers.get('Location')!.split('/').pop()!;
    const pending = await post(checkoutAction, `/test-mode/checkout/${pixSession}`, { intent: 'pix' }, tool.cookie, {
      sessionId: pixSession,
    });
    expectRedirect(pending, `/upgrade/return?session_id=${pixSession}`);
    expect(
      ((await (await call(returnLoader, getRequest(`/upgrade/return?session_id=${pixSession}`, { cookie: tool.cookie }))).json()) as Json)
        .status,
    ).toBe('processing');
    expect(getUserById(tool.user.id)?.role).toBe('E-TOOL');
    await post(checkoutAction, `/test-mode/checkout/${pixSession}`, { intent: 'pix-paid' }, tool.cookie, { sessionId: pixSession });
    expect(getUserById(tool.user.id)?.role).toBe('E-MASTER');
  });

  test('test-mode card form: 4242 upgrades and goes to the dashboard toast; 0002 is declined with nothing granted', async () => {
    const { user, cookie } = await signedIn('E-BASIC');
    const fields = { intent: 'test-card', plan: 'E-TOOL', months: '3', expiry: '12/34', cvc: '123' };
    const declined = await post(
      upgradeAction,
      '/upgrade',
      { ...fields, cardNumber: '4000 0000 0000 0002', idempotencyKey: crypto.randomUUID() },
      cookie,
    );
    expect(declined.status).toBe(402);
    expect(context.toast.pending?.title).toBe('Erro no pagamento');
    expect(getUserById(user.id)?.role).toBe('E-BASIC');

    const ok = await post(
      upgradeAction,
      '/upgrade',
      { ...fields, cardNumber: '4242 4242 4242 4242', idempotencyKey: crypto.randomUUID() },
      cookie,
    );
    expectRedirect(ok, '/dashboard?payment_success=true');
    // The dashboard's own toast shows there; a cookie of ours could be cleared after it (parallel loader fetches).
    expect(ok.headers.get('Set-Cookie') ?? '').not.toContain('en_toast');
    const after = getUserById(user.id)!;
    expect(after.role).toBe('E-TOOL');
    const days = Math.round((after.roleExpiryDate!.getTime() - Date.now()) / 86_400_000);
    expect(days).toBe(90);
  });
});

describe('Minha Conta: payments and refund requests', () => {
  test('lists the payment with date, what, amount, method and status; Solicitar reembolso marks it asked, once', async () => {
    const { user, cookie } = await signedIn('E-BASIC');
    await post(
      upgradeAction,
      '/upgrade',
      {
        intent: 'test-card',
        plan: 'E-TOOL',
        months: '1',
        cardNumber: '4242424242424242',
        expiry: '12/34',
        cvc: '123',
        idempotencyKey: crypto.randomUUID(),
      },
      cookie,
    );
    const data = (await (await call(accountLoader, getRequest('/account', { cookie }))).json()) as { payments: Json[] };
    expect(data.payments).toHaveLength(1);
    const [payment] = data.payments;
    expect(payment).toMatchObject({ amountCents: 2990, methodLabel: 'Cartão de crédito', statusLabel: 'Pago', refundable: true });

    const confirm = (await (
      await call(accountLoader, getRequest(`/account?confirm=refund&payment=${payment.id}`, { cookie }))
    ).json()) as Json;
    expect(confirm.confirmRefund).toMatchObject({ id: payment.id });

    expectRedirect(
      await post(accountAction, '/account', { intent: 'refund', paymentId: String(payment.id) }, cookie),
      '/account#pagamentos',
    );
    const after = (await (await call(accountLoader, getRequest('/account', { cookie }))).json()) as { payments: Json[] };
    expect(after.payments[0]).toMatchObject({ refundable: false, refundLabel: 'Reembolso solicitado' });
    const again = await post(accountAction, '/account', { intent: 'refund', paymentId: String(payment.id) }, cookie);
    expect(again.status).toBe(400);
    expect(db.select().from(payments).where(eq(payments.userId, user.id)).all()).toHaveLength(1);
  });
});

describe('admin Reembolsos tab', () => {
  test('non-admins are refused (sent to /dashboard) on the page and its action', async () => {
    const { cookie } = await signedIn('E-MASTER');
    expectRedirect(await call(refundsLoader, getRequest('/admin/refunds', { cookie })), '/dashboard');
    expectRedirect(await post(refundsAction, '/admin/refunds', { intent: 'approve', paymentId: '1' }, cookie), '/dashboard');
  });

  test('lists the pending request; Aprovar reembolso refunds and takes back exactly that payment’s days', async () => {
    const buyer = await signedIn('E-BASIC');
    await post(
      upgradeAction,
      '/upgrade',
      {
        intent: 'test-card',
        plan: 'E-TOOL',
        months: '2',
        cardNumber: '4242424242424242',
        expiry: '12/34',
        cvc: '123',
        idempotencyKey: crypto.randomUUID(),
      },
      buyer.cookie,
    );
    const paymentId = db.select().from(payments).where(eq(payments.userId, buyer.user.id)).get()!.id;
    await post(accountAction, '/account', { intent: 'refund', paymentId: String(paymentId) }, buyer.cookie);

    const admin = await signedIn('admin');
    const list = (await (await call(refundsLoader, getRequest('/admin/refunds', { cookie: admin.cookie }))).json()) as { items: Json[] };
    expect(list.items.map((row) => row.id)).toContain(paymentId);
    const confirm = (await (
      await call(refundsLoader, getRequest(`/admin/refunds?confirm=approve-refund&payment=${paymentId}`, { cookie: admin.cookie }))
    ).json()) as Json;
    expect(confirm.confirm).toMatchObject({ intent: 'approve', row: { id: paymentId } });

    const approved = await post(
      refundsAction,
      `/admin/refunds?confirm=approve-refund&payment=${paymentId}`,
      { intent: 'approve', paymentId: String(paymentId) },
      admin.cookie,
    );
    expectRedirect(approved, '/admin/refunds');
    expect(getUserById(buyer.user.id)?.role).toBe('E-BASIC');
    const after = (await (await call(refundsLoader, getRequest('/admin/refunds', { cookie: admin.cookie }))).json()) as { items: Json[] };
    expect(after.items.map((row) => row.id)).not.toContain(paymentId);
  });

  test('Recusar keeps the payment and its access, tells the user, audits it, and the payment cannot be asked about again', async () => {
    const buyer = await signedIn('E-BASIC');
    await post(
      upgradeAction,
      '/upgrade',
      {
        intent: 'test-card',
        plan: 'E-TOOL',
        months: '1',
        cardNumber: '4242424242424242',
        expiry: '12/34',
        cvc: '123',
        idempotencyKey: crypto.randomUUID(),
      },
      buyer.cookie,
    );
    const paymentId = db.select().from(payments).where(eq(payments.userId, buyer.user.id)).get()!.id;
    await post(accountAction, '/account', { intent: 'refund', paymentId: String(paymentId) }, buyer.cookie);

    const admin = await signedIn('admin');
    const confirm = (await (
      await call(refundsLoader, getRequest(`/admin/refunds?confirm=reject-refund&payment=${paymentId}`, { cookie: admin.cookie }))
    ).json()) as Json;
    expect(confirm.confirm).toMatchObject({ intent: 'reject', row: { id: paymentId } });
    expectRedirect(
      await post(refundsAction, '/admin/refunds', { intent: 'reject', paymentId: String(paymentId) }, admin.cookie),
      '/admin/refunds',
    );

    expect(db.select().from(payments).where(eq(payments.id, paymentId)).get()).toMatchObject({
      status: 'succeeded',
      refundStatus: 'rejected',
      stripeRefundId: null,
    });
    expect(getUserById(buyer.user.id)?.role).toBe('E-TOOL');
    expect(
      db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, buyer.user.id), eq(notifications.title, 'Reembolso recusado')))
        .all(),
    ).toHaveLength(1);
    expect(
      db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'payment.refund-reject'), eq(auditLog.entityId, paymentId)))
        .all(),
    ).toMatchObject([{ actorId: admin.user.id }]);
    expect(listUserPayments(buyer.user.id)).toMatchObject([{ id: paymentId, refundLabel: 'Reembolso recusado', refundable: false }]);
    // Neither decided twice nor asked again.
    expect((await post(refundsAction, '/admin/refunds', { intent: 'approve', paymentId: String(paymentId) }, admin.cookie)).status).toBe(
      400,
    );
    expect((await post(accountAction, '/account', { intent: 'refund', paymentId: String(paymentId) }, buyer.cookie)).status).toBe(400);
    expect(getUserById(buyer.user.id)?.role).toBe('E-TOOL');
  });
});

describe("the receipt in 'Minha Conta' (issue 27.9) and what follows an upgrade (issue 27.10)", () => {
  const receiptPage = (id: number | string, cookie?: string) =>
    call(receiptLoader, getRequest(`/account/receipts/${id}`, { cookie }), { id: String(id) });

  test("an upgrade over E-TOOL: /upgrade, 'Minha Conta' and the receipt say the E-TOOL days follow; the receipt reads seller, CNPJ, payer, CPF and period", async () => {
    const { user, cookie } = await signedIn('E-TOOL');
    const tool = db.select().from(roleGrants).where(eq(roleGrants.userId, user.id)).get()!;
    const after = `Depois: E-TOOL até ${formatShortDate(new Date(tool.startsAt.getTime() + 60 * DAY_MS))}`;
    const before = await page('/upgrade?plan=E-MASTER&months=1&step=pay', cookie);
    expect(before.summary).toMatchObject({ after, validUntil: formatShortDate(new Date(Date.now() + 30 * DAY_MS)) });

    await post(
      upgradeAction,
      '/upgrade',
      {
        intent: 'test-card',
        plan: 'E-MASTER',
        months: '1',
        cardNumber: '4242424242424242',
        expiry: '12/34',
        cvc: '123',
        idempotencyKey: crypto.randomUUID(),
      },
      cookie,
    );
    const account = (await (await call(accountLoader, getRequest('/account', { cookie }))).json()) as {
      planAfter: string;
      payments: Json[];
    };
    expect(account.planAfter).toBe(after);

    const paymentId = account.payments[0].id as number;
    const paid = db.select().from(payments).where(eq(payments.id, paymentId)).get()!;
    const receipt = (await (await receiptPage(paymentId, cookie)).json()) as {
      receipt: { rows: [string, string][]; testModeNotice: string | null };
    };
    expect(Object.fromEntries(receipt.receipt.rows)).toEqual({
      Vendedor: 'E-Engenharia Demonstração Ltda. (fictícia)',
      CNPJ: '11.222.333/0001-81',
      Comprador: user.username,
      CPF: formatCpf(user.cpf!),
      Item: 'Plano E-MASTER — 1 mês (30 dias)',
      'Válido até': formatShortDate(new Date(paid.completedAt!.getTime() + 30 * DAY_MS)),
      Depois: after.replace('Depois: ', ''),
      Valor: formatCents(paid.amountCents),
      'Forma de pagamento': 'Cartão de crédito',
      'Data do pagamento': expect.stringMatching(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/),
      'Número do pagamento (E-Engenharia)': `#${paymentId}`,
      'Referência do pagamento': paid.stripePaymentIntentId,
    });
    expect(receipt.receipt.testModeNotice).toBe('Modo de teste: pagamento simulado, sem valor fiscal.');
  });

  test('a configured seller is named; another account, an unpaid payment or a bad id is a 404; a visitor goes to /auth', async () => {
    vi.stubEnv('SELLER_LEGAL_NAME', 'E-Engenharia Tecnologia Ltda.');
    vi.stubEnv('SELLER_CNPJ', '11222333000181');
    try {
      const { cookie } = await signedIn('E-BASIC');
      await post(
        upgradeAction,
        '/upgrade',
        {
          intent: 'test-card',
          plan: 'E-TOOL',
          months: '1',
          cardNumber: '4242424242424242',
          expiry: '12/34',
          cvc: '123',
          idempotencyKey: crypto.randomUUID(),
        },
        cookie,
      );
      const [payment] = ((await (await call(accountLoader, getRequest('/account', { cookie }))).json()) as { payments: Json[] }).payments;
      const own = (await (await receiptPage(payment.id as number, cookie)).json()) as { receipt: { rows: [string, string][] } };
      expect(Object.fromEntries(own.receipt.rows)).toMatchObject({ Vendedor: 'E-Engenharia Tecnologia Ltda.', CNPJ: '11.222.333/0001-81' });

      const other = await signedIn('E-BASIC');
      expect((await receiptPage(payment.id as number, other.cookie)).status).toBe(404);
      const pending = db
        .insert(payments)
        .values({
          userId: other.user.id,
          stripePaymentIntentId: `pi_receipt_${Date.now()}`,
          kind: 'plan',
          planType: 'E-TOOL',
          months: 1,
          amountCents: 2990,
          status: 'pending',
          method: 'card',
        })
        .returning()
        .get();
      expect((await receiptPage(pending.id, other.cookie)).status).toBe(404);
      expect((await receiptPage('abc', cookie)).status).toBe(404);
      const visitor = await receiptPage(payment.id as number);
      expect(visitor.status).toBe(302);
      expect(visitor.headers.get('Location')).toMatch(/^\/auth/);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
