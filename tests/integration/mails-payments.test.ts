import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { db } from '../../db/client';
import { mailOutbox, payments, type UserRow } from '../../db/schema';
import { grantRole } from '../../app/models/accounts/role-grant.server';
import { setMailChoice } from '../../app/models/mail/preferences.server';
import { sendPlanReminders } from '../../app/models/accounts/plan-reminders.server';
import { startPlanReminderJob, stopPlanReminderJob } from '../../app/plumbing/plan-reminder-job.server';
import {
  approveRefund,
  completeTestCheckout,
  confirmPayment,
  confirmTestCardPayment,
  createCheckoutSession,
  createPaymentIntent,
  fulfilCheckoutSession,
  markTestPixPaid,
  rejectRefund,
  requestRefund,
} from '~/models/payments/index.server';
import { flushTestWebhooks, setTestWebhookDelivery, type WebhookDelivery } from '~/models/payments/stripe-stand-in/index.server';
import { smtpTransport, type MailTransport } from '../../app/plumbing/mail-transport.server';
import { deliverDueMails } from '../../app/plumbing/mail-worker.server';
import { BASE_URL, createUser } from '../setup/helpers';
import { deliverToWebhookRoute } from './helpers/webhook-route';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../setup/smtp-sink';
import { DAY_MS } from '~/models/accounts/role-arithmetic';
import { formatCpf } from '~/utils/cpf';
import { formatShortDate } from '~/utils/format';

/**
 * The payment and plan mails (docs/mail.md), each caused by its real event (the test mode's card
 * form, Checkout page and webhooks, an admin's refund decision, the daily plan job) and delivered
 * to a real SMTP server in this process. Ids, dates and Stripe's ids change every run: the text
 * snapshots read them as placeholders.
 */
let sink: SmtpSink;
let smtp: MailTransport;
let previousDelivery: WebhookDelivery | null = null;

beforeAll(async () => {
  delete process.env.STRIPE_SECRET_KEY;
  delete process.env.STRIPE_WEBHOOK_SECRET;
  previousDelivery = setTestWebhookDelivery(deliverToWebhookRoute);
  sink = await startSmtpSink();
  smtp = smtpTransport(sink.url, 'E-Engenharia <nao-responda@e-engenharia.test>');
});
afterAll(async () => {
  setTestWebhookDelivery(previousDelivery);
  smtp.close();
  await sink.close();
});

async function deliveredTo(user: Pick<UserRow, 'email'>): Promise<ReceivedMail[]> {
  await flushTestWebhooks();
  await deliverDueMails(smtp);
  return sink.received.filter((mail) => mail.envelopeTo.includes(user.email.toLowerCase()));
}

/** What changes from run to run, as placeholders: dates, numbers of rows, Stripe's ids, the one-click link's signature. */
const stable = (text: string | undefined) =>
  (text ?? '')
    .replace(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/g, 'DD/MM/AAAA HH:MM')
    .replace(/\d{2}\/\d{2}\/\d{4}/g, 'DD/MM/AAAA')
    .replace(/\d{3}\.\d{3}\.\d{3}-\d{2}/g, '000.000.000-00')
    .replace(/receipts\/\d+/g, 'receipts/N')
    .replace(/#\d+/g, '#N')
    .replace(/\b(pi|cs)_test_[A-Za-z0-9]{16}/g, '$1_test_…')
    .replace(/u=\d+&k=plan-reminder&t=[\w-]+/g, 'u=N&k=plan-reminder&t=…');

const paymentOf = (stripeId: string) => db.select().from(payments).where(eq(payments.stripePaymentIntentId, stripeId)).get()!;

async function payByCard(buyer: UserRow, planType: 'E-TOOL' | 'E-MASTER' = 'E-TOOL') {
  const intent = await createPaymentIntent(buyer, { planType, months: 1 }, { idempotencyKey: `mail-${planType}-${buyer.id}` });
  expect(
    (
      await confirmTestCardPayment(buyer, {
        paymentIntentId: intent.paymentIntentId,
        cardNumber: '4242424242424242',
        returnUrl: `${BASE_URL}/upgrade`,
      })
    ).status,
  ).toBe('succeeded');
  // The return page's confirmation races the stand-in's payment_intent.succeeded webhook: both fulfil.
  expect((await confirmPayment(buyer, intent.paymentIntentId)).status).toBe('succeeded');
  await flushTestWebhooks();
  return paymentOf(intent.paymentIntentId);
}

async function payLater(buyer: UserRow, method: 'pix' | 'boleto') {
  const { sessionId } = await createCheckoutSession(buyer, { planType: 'E-TOOL', months: 1 });
  expect((await completeTestCheckout(buyer, sessionId, method)).outcome).toBe('pending');
  await flushTestWebhooks();
  return sessionId;
}

describe("'Recibo de pagamento'", () => {
  test('a card payment fulfilled by both the return page and the webhook sends one receipt, with the item, amount, method, date and ids', async () => {
    const buyer = await createUser({ username: 'recibo_cartao' });
    const payment = await payByCard(buyer);
    expect(
      db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.userId, buyer.id), eq(mailOutbox.kind, 'receipt')))
        .all(),
    ).toHaveLength(1);
    const mails = await deliveredTo(buyer);
    expect(mails.map((mail) => mail.subject)).toEqual(['Recibo de pagamento']);
    const [receipt] = mails;
    expect(receipt.text).toContain(`Número do pagamento (E-Engenharia): #${payment.id}`);
    expect(receipt.text).toContain(`Referência do pagamento: ${payment.stripePaymentIntentId}`);
    expect(receipt.text).not.toContain('PaymentIntent');
    // What a Brazilian accountant reads (issue 27.9): seller and CNPJ, payer and CPF, the period bought.
    expect(receipt.text).toContain('Vendedor: E-Engenharia Demonstração Ltda. (fictícia)');
    expect(receipt.text).toContain('CNPJ: 11.222.333/0001-81');
    expect(receipt.text).toContain('Modo de teste: pagamento simulado, sem valor fiscal.');
    expect(receipt.text).toContain(`Comprador: recibo_cartao`);
    expect(receipt.text).toContain(`CPF: ${formatCpf(buyer.cpf!)}`);
    expect(receipt.text).toContain(`Válido até: ${formatShortDate(new Date(payment.completedAt!.getTime() + 30 * DAY_MS))}`);
    expect(receipt.text).toContain('Forma de pagamento: Cartão de crédito');
    expect(receipt.text).toContain(`http://127.0.0.1:3000/account/receipts/${payment.id}`);
    expect(receipt.html).toContain('href="http://127.0.0.1:3000/account#pagamentos"');
    expect(receipt.headers.has('list-unsubscribe')).toBe(false);
    expect(stable(receipt.text)).toMatchInlineSnapshot(`
      "E-Engenharia

      Recibo de pagamento

      Olá, recibo_cartao. Recebemos o seu pagamento e o acesso já está liberado. Este é o seu recibo.

      Modo de teste: pagamento simulado, sem valor fiscal.

      Vendedor: E-Engenharia Demonstração Ltda. (fictícia)
      CNPJ: 11.222.333/0001-81
      Comprador: recibo_cartao
      CPF: 000.000.000-00
      Item: Plano E-TOOL — 1 mês (30 dias)
      Válido até: DD/MM/AAAA
      Valor: R$ 29,90
      Forma de pagamento: Cartão de crédito
      Data do pagamento: DD/MM/AAAA HH:MM
      Número do pagamento (E-Engenharia): #N
      Referência do pagamento: pi_test_…

      Este recibo também está em Minha Conta: http://127.0.0.1:3000/account/receipts/N

      Você pode pedir o reembolso em até 7 dias, em Minha Conta → Pagamentos.

      Ver meus pagamentos: http://127.0.0.1:3000/account#pagamentos

      --
      Você recebeu este e-mail porque fez um pagamento no E-Engenharia com esta conta."
    `);
  });

  test('the receipt names the payer by the full name, and nobody while the address is unconfirmed (issues 26.3, 27.8)', async () => {
    const named = await createUser({ username: 'recibo_nome', fullName: 'Helena Ribeiro Castro' });
    await payByCard(named);
    const [receipt] = await deliveredTo(named);
    expect(receipt.text).toContain('Olá, Helena Ribeiro Castro. Recebemos o seu pagamento');
    expect(receipt.text).not.toContain('recibo_nome');
    const unconfirmed = await createUser({ username: 'recibo_sem_confirmar', fullName: 'Otávio Lima', emailConfirmed: false });
    await payByCard(unconfirmed);
    const [plain] = await deliveredTo(unconfirmed);
    expect(plain.text).toContain('Olá. Recebemos o seu pagamento');
    expect(plain.text).not.toMatch(/recibo_sem_confirmar|Otávio/);
  });

  test('Pix: its instructions when created (once, though the webhook and the return page both see it), then the receipt says the payment is confirmed', async () => {
    const buyer = await createUser({ username: 'recibo_pix' });
    const sessionId = await payLater(buyer, 'pix');
    expect((await fulfilCheckoutSession(sessionId, buyer)).status).toBe('processing');
    const pending = await deliveredTo(buyer);
    expect(pending.map((mail) => mail.subject)).toEqual(['Seu Pix foi gerado: veja como pagar']);
    expect(pending[0].text).toContain(`Ver QR code do Pix: http://127.0.0.1:3000/test-mode/checkout/${sessionId}`);
    expect(pending[0].text).toMatch(/> 000201\S+br\.gov\.bcb\.pix/);
    expect(stable(pending[0].text)).toMatchInlineSnapshot(`
      "E-Engenharia

      Pague o seu Pix para liberar o acesso

      Olá, recibo_pix. Seu Pix foi gerado. Abra o aplicativo do seu banco e pague com o QR code ou com o código Pix copia e cola abaixo.

      Item: Plano E-TOOL — 1 mês (30 dias)
      Valor: R$ 29,90
      Número do pagamento (E-Engenharia): #N
      Pague até: DD/MM/AAAA HH:MM

      Pix copia e cola:
      > 00020101021226880014br.gov.bcb.pix2566qr.stripe.test/cs_test_…5204000053039865802BR5913E-Engenharia6009SAO PAULO6304TEST

      Assim que o pagamento for confirmado, você recebe o recibo por e-mail e o acesso é liberado. Se o prazo passar sem pagamento, o Pix expira e nada é cobrado.

      Ver QR code do Pix: http://127.0.0.1:3000/test-mode/checkout/cs_test_…

      --
      Você recebeu este e-mail porque gerou um pagamento por Pix no E-Engenharia com esta conta."
    `);

    await markTestPixPaid(buyer, sessionId);
    expect((await fulfilCheckoutSession(sessionId, buyer)).status).toBe('succeeded');
    const mails = await deliveredTo(buyer);
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Seu Pix foi gerado: veja como pagar',
      'Pagamento confirmado — Recibo de pagamento',
    ]);
    expect(mails[1].text).toContain(`Referência do pagamento: ${sessionId}`);
    expect(stable(mails[1].text)).toMatchInlineSnapshot(`
      "E-Engenharia

      Pagamento confirmado

      Olá, recibo_pix. O seu Pix foi compensado e o acesso já está liberado. Este é o seu recibo.

      Modo de teste: pagamento simulado, sem valor fiscal.

      Vendedor: E-Engenharia Demonstração Ltda. (fictícia)
      CNPJ: 11.222.333/0001-81
      Comprador: recibo_pix
      CPF: 000.000.000-00
      Item: Plano E-TOOL — 1 mês (30 dias)
      Válido até: DD/MM/AAAA
      Valor: R$ 29,90
      Forma de pagamento: Pix
      Data do pagamento: DD/MM/AAAA HH:MM
      Número do pagamento (E-Engenharia): #N
      Referência do pagamento: cs_test_…

      Este recibo também está em Minha Conta: http://127.0.0.1:3000/account/receipts/N

      Você pode pedir o reembolso em até 7 dias, em Minha Conta → Pagamentos.

      Ver meus pagamentos: http://127.0.0.1:3000/account#pagamentos

      --
      Você recebeu este e-mail porque fez um pagamento no E-Engenharia com esta conta."
    `);
  });

  test('boleto: the typeable line, the voucher and the due date', async () => {
    const buyer = await createUser({ username: 'boleto_gerado' });
    const sessionId = await payLater(buyer, 'boleto');
    const [mail] = await deliveredTo(buyer);
    expect(mail.subject).toBe('Seu boleto foi gerado: veja como pagar');
    expect(mail.text).toContain(`Abrir o boleto: http://127.0.0.1:3000/test-mode/checkout/${sessionId}`);
    expect(mail.text).toMatch(/Vencimento: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    expect(mail.text).toContain('Linha digitável:\n> 01010.');
  });
});

describe('refund decisions', () => {
  test('approved (card): refunded through Stripe, and the plan days are removed', async () => {
    const admin = await createUser({ role: 'admin' });
    const buyer = await createUser({ username: 'reembolso_ok' });
    const payment = await payByCard(buyer);
    requestRefund(buyer, payment.id);
    await approveRefund(admin, payment.id);
    const refund = (await deliveredTo(buyer)).filter((mail) => mail.subject === 'Reembolso aprovado');
    expect(refund).toHaveLength(1);
    expect(stable(refund[0].text)).toMatchInlineSnapshot(`
      "E-Engenharia

      Seu reembolso foi aprovado

      Olá, reembolso_ok. Seu reembolso de R$ 29,90 foi aprovado e será devolvido pela mesma forma de pagamento.

      Item: Plano E-TOOL — 1 mês (30 dias)
      Valor: R$ 29,90
      Número do pagamento (E-Engenharia): #N

      Com o reembolso, os dias do plano E-TOOL comprados neste pagamento foram removidos da sua conta; outros planos e cursos que você tenha continuam valendo.

      Ver meus pagamentos: http://127.0.0.1:3000/account#pagamentos

      --
      Você recebeu este e-mail porque pediu o reembolso de um pagamento no E-Engenharia."
    `);
  });

  test("approved (boleto): marked for a manual refund, in the notification's words", async () => {
    const admin = await createUser({ role: 'admin' });
    const buyer = await createUser({ username: 'reembolso_boleto' });
    const sessionId = await payLater(buyer, 'boleto');
    await markTestPixPaid(buyer, sessionId);
    const payment = paymentOf(sessionId);
    requestRefund(buyer, payment.id);
    await approveRefund(admin, payment.id);
    const [refund] = (await deliveredTo(buyer)).filter((mail) => mail.subject === 'Reembolso aprovado');
    expect(refund.text).toContain('Como o pagamento foi por boleto, a devolução será feita manualmente; entraremos em contato.');
    expect(refund.text).toContain('foram removidos da sua conta');
  });

  test('refused: the access is kept, with the way to support', async () => {
    const admin = await createUser({ role: 'admin' });
    const buyer = await createUser({ username: 'reembolso_nao' });
    const payment = await payByCard(buyer);
    requestRefund(buyer, payment.id);
    rejectRefund(admin, payment.id);
    const refund = (await deliveredTo(buyer)).filter((mail) => mail.subject === 'Reembolso recusado');
    expect(refund).toHaveLength(1);
    expect(stable(refund[0].text)).toMatchInlineSnapshot(`
      "E-Engenharia

      Seu pedido de reembolso foi recusado

      Olá, reembolso_nao. Seu pedido de reembolso de R$ 29,90 foi recusado. Se tiver dúvidas, fale com o suporte.

      Item: Plano E-TOOL — 1 mês (30 dias)
      Valor: R$ 29,90
      Número do pagamento (E-Engenharia): #N

      Nada muda na sua conta: os dias do plano E-TOOL comprados neste pagamento continuam valendo.

      Falar com o suporte: http://127.0.0.1:3000/chats

      --
      Você recebeu este e-mail porque pediu o reembolso de um pagamento no E-Engenharia."
    `);
  });
});

describe('the daily plan reminders', () => {
  const DAY = 24 * 60 * 60 * 1000;
  const at = (start: Date, days: number) => new Date(start.getTime() + days * DAY);
  const plansOf = async (user: UserRow) => (await deliveredTo(user)).filter((mail) => /plano/.test(mail.subject ?? ''));

  test("'termina em 3 dias' and then 'terminou', each once however often the job runs, with the one-click unsubscribe", async () => {
    const start = new Date();
    const user = await createUser({ username: 'plano_fim', role: 'E-TOOL', days: 30 });
    for (const now of [at(start, 20), at(start, 27.5), at(start, 27.5), at(start, 28), at(start, 29.9)]) sendPlanReminders(now);
    const ending = await plansOf(user);
    expect(ending.map((mail) => mail.subject)).toEqual(['Seu plano termina em 3 dias']);
    expect(ending[0].raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(ending[0].raw).toMatch(/List-Unsubscribe:\s+<http:\/\/127\.0\.0\.1:3000\/email\/unsubscribe\?u=\d+&k=plan-reminder&t=[\w-]+>/);
    expect(stable(ending[0].text)).toMatchInlineSnapshot(`
      "E-Engenharia

      Seu plano E-TOOL termina em 3 dias

      Olá, plano_fim. O seu plano E-TOOL termina em DD/MM/AAAA HH:MM. Depois disso, sua conta volta ao plano E-BASIC.

      Para continuar com as mesmas ferramentas, renove o plano antes dessa data: os novos dias começam quando os atuais terminam.

      Renovar meu plano: http://127.0.0.1:3000/upgrade

      --
      Você recebeu este e-mail porque tem o plano E-TOOL no E-Engenharia e os avisos do plano estão ligados.
      Não quero mais receber este tipo de e-mail: http://127.0.0.1:3000/email/unsubscribe?u=N&k=plan-reminder&t=…"
    `);

    for (const now of [at(start, 30.5), at(start, 31), at(start, 36)]) sendPlanReminders(now);
    const mails = await plansOf(user);
    expect(mails.map((mail) => mail.subject)).toEqual(['Seu plano termina em 3 dias', 'Seu plano terminou']);
    expect(mails[1].text).toContain('Escolher um plano: http://127.0.0.1:3000/upgrade');
    expect(stable(mails[1].text)).toMatchInlineSnapshot(`
      "E-Engenharia

      Seu plano E-TOOL terminou

      Olá, plano_fim. O seu plano E-TOOL terminou em DD/MM/AAAA HH:MM, e sua conta voltou ao plano E-BASIC.

      Seus cálculos salvos continuam no histórico. Para voltar a usar as ferramentas do plano, escolha um novo período.

      Escolher um plano: http://127.0.0.1:3000/upgrade

      --
      Você recebeu este e-mail porque teve o plano E-TOOL no E-Engenharia e os avisos do plano estão ligados.
      Não quero mais receber este tipo de e-mail: http://127.0.0.1:3000/email/unsubscribe?u=N&k=plan-reminder&t=…"
    `);
  });

  test('an ended plan is told about for 7 days, not after', async () => {
    const start = new Date();
    const user = await createUser({ role: 'E-TOOL', days: 30 });
    sendPlanReminders(at(start, 38));
    expect(await plansOf(user)).toHaveLength(0);
  });

  test('a user who switched the plan notices off gets none', async () => {
    const start = new Date();
    const user = await createUser({ role: 'E-MASTER', days: 30 });
    setMailChoice(user.id, 'plan-reminder', false);
    sendPlanReminders(at(start, 28));
    sendPlanReminders(at(start, 31));
    expect(await plansOf(user)).toHaveLength(0);
  });

  test("an extended plan gets no 'terminou', and its new end is told about in its time", async () => {
    const start = new Date();
    const user = await createUser({ role: 'E-TOOL', days: 30 });
    sendPlanReminders(at(start, 27.5));
    grantRole(db, { userId: user.id, role: 'E-TOOL', days: 30, source: 'admin' }, at(start, 29));
    for (const now of [at(start, 31), at(start, 35), at(start, 45)]) sendPlanReminders(now);
    expect((await plansOf(user)).map((mail) => mail.subject)).toEqual(['Seu plano termina em 3 dias']);
    sendPlanReminders(at(start, 57.5));
    await plansOf(user);
    sendPlanReminders(at(start, 61));
    expect((await plansOf(user)).map((mail) => mail.subject)).toEqual([
      'Seu plano termina em 3 dias',
      'Seu plano termina em 3 dias',
      'Seu plano terminou',
    ]);
  });

  test('a plan under a higher one says nothing when it ends; the higher one says it falls back to it', async () => {
    const start = new Date();
    const user = await createUser({ role: 'E-TOOL', days: 60 });
    grantRole(db, { userId: user.id, role: 'E-MASTER', days: 30, source: 'admin' }, start);
    sendPlanReminders(at(start, 27.5));
    const [ending] = await plansOf(user);
    expect(ending.text).toContain('O seu plano E-MASTER termina em');
    expect(ending.text).toContain('sua conta volta ao plano E-TOOL.');
    sendPlanReminders(at(start, 31));
    expect((await plansOf(user)).map((mail) => mail.subject)).toEqual(['Seu plano termina em 3 dias', 'Seu plano terminou']);
  });

  test('a plan whose days waited under a higher one is told about 3 days before its real end, not its stored one (decision 047)', async () => {
    const start = new Date();
    const user = await createUser({ role: 'E-TOOL', days: 30 });
    grantRole(db, { userId: user.id, role: 'E-MASTER', days: 30, source: 'admin' }, start);
    // The stored E-TOOL end (day 30) is under E-MASTER: nothing then.
    sendPlanReminders(at(start, 27.5));
    expect((await plansOf(user)).map((mail) => mail.subject)).toEqual(['Seu plano termina em 3 dias']);
    expect((await plansOf(user))[0].text).toContain('O seu plano E-MASTER termina em');
    // E-TOOL resumed on day 30 with its 30 days: it ends on day 60.
    sendPlanReminders(at(start, 45));
    sendPlanReminders(at(start, 57.5));
    const mails = await plansOf(user);
    expect(mails.map((mail) => mail.subject)).toEqual(['Seu plano termina em 3 dias', 'Seu plano termina em 3 dias']);
    expect(mails[1].text).toContain('O seu plano E-TOOL termina em');
  });

  test("the server's job runs the rule shortly after it starts (what server.js starts)", async () => {
    const user = await createUser({ role: 'E-TOOL', days: 2 });
    startPlanReminderJob(10);
    try {
      await expect
        .poll(
          () =>
            db
              .select()
              .from(mailOutbox)
              .where(and(eq(mailOutbox.userId, user.id), eq(mailOutbox.kind, 'plan-reminder')))
              .all().length,
        )
        .toBe(1);
    } finally {
      stopPlanReminderJob();
    }
    expect((await plansOf(user)).map((mail) => mail.subject)).toEqual(['Seu plano termina em 2 dias']);
  });
});
