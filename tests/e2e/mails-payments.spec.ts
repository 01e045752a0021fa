import { eq } from 'drizzle-orm';
import { db } from '../../db/client';
import { payments } from '../../db/schema';
import { createUser } from '../setup/factories';
import { DAY_MS } from '../../app/models/accounts/role-arithmetic';
import { formatCpf } from '../../app/utils/cpf';
import { formatShortDate } from '../../app/utils/format';
import { expect, expectToast, test, uniqueName, waitForHydration } from './fixtures';
import { linkIn, waitForMail } from './mailbox';

/**
 * The payment mails a form causes arrive at the run's SMTP server (docs/mail.md): paying a plan
 * through the test mode (the card form with JavaScript, the Checkout page without) sends the
 * receipt, whose button opens 'Minha Conta' → 'Pagamentos'; a Pix sends how to pay it, and its
 * confirmation once paid; an admin's refusal of a refund sends
 * its answer, whose button leads to support.
 */
test.describe('payment mails caused by forms', () => {
  test('paying E-TOOL sends the receipt, whose button opens the payments of Minha Conta', async ({ page, login, jsEnabled }) => {
    const user = await login('E-BASIC');
    await page.goto('/upgrade');
    await waitForHydration(page, jsEnabled);
    await page.getByTestId('plan-card-E-TOOL').getByRole('button', { name: 'Fazer upgrade' }).click();
    await expect(page).toHaveURL(/step=pay/);
    if (jsEnabled) {
      // The test mode's card form, answered by the stand-in through the real SDK.
      await page.getByLabel('Número do cartão').fill('4242 4242 4242 4242');
      await page.getByLabel('Validade (MM/AA)').fill('12/34');
      await page.getByLabel('CVC').fill('123');
      await page.getByRole('button', { name: 'Finalizar pagamento' }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
    } else {
      // A 303 to the test mode's Checkout page, paid there by card.
      await page.getByRole('button', { name: 'Finalizar pagamento' }).click();
      await expect(page).toHaveURL(/\/test-mode\/checkout\/cs_/);
      await page.getByLabel('Número do cartão').fill('4242 4242 4242 4242');
      await page.getByRole('button', { name: 'Pagar' }).click();
      await expect(page).toHaveURL(/\/upgrade\/return\?session_id=cs_/);
    }

    const mail = await waitForMail(user.email, 'Recibo de pagamento');
    expect(mail.text).toContain('Item: Plano E-TOOL — 1 mês (30 dias)');
    expect(mail.text).toContain('Valor: R$ 29,90');
    expect(mail.text).toContain('Forma de pagamento: Cartão de crédito');
    expect(mail.text).toMatch(/Data do pagamento: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    expect(mail.text).toMatch(jsEnabled ? /Referência do pagamento: pi_/ : /Referência do pagamento: cs_/);
    expect(mail.text).not.toContain('PaymentIntent');
    // What a Brazilian accountant reads (issue 27.9): seller and CNPJ, payer and CPF, the period bought.
    const paid = db.select().from(payments).where(eq(payments.userId, user.id)).get()!;
    const validUntil = formatShortDate(new Date(paid.completedAt!.getTime() + 30 * DAY_MS));
    const cpf = formatCpf(user.cpf!);
    for (const line of [
      'Vendedor: E-Engenharia Demonstração Ltda. (fictícia)',
      'CNPJ: 11.222.333/0001-81',
      `CPF: ${cpf}`,
      `Válido até: ${validUntil}`,
      'Modo de teste',
    ]) {
      expect(mail.text).toContain(line);
    }
    // The same receipt in 'Minha Conta', from the mail's link.
    await page.goto(linkIn(mail, '/account/receipts/'));
    const receipt = page.getByTestId('receipt');
    await expect(receipt.getByRole('heading', { name: 'Recibo de pagamento' })).toBeVisible();
    await expect(receipt).toContainText('CNPJ11.222.333/0001-81');
    await expect(receipt).toContainText(`CPF${cpf}`);
    await expect(receipt).toContainText(`Válido até${validUntil}`);
    await expect(receipt).toContainText('Forma de pagamentoCartão de crédito');
    await expect(receipt).toContainText('Modo de teste: pagamento simulado, sem valor fiscal.');
    // The button ('Ver meus pagamentos'), not the receipt's own link above it.
    await page.goto(linkIn(mail, '/account#pagamentos'));
    const row = page.getByRole('table', { name: 'Pagamentos' }).getByTestId('payment-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Plano E-TOOL');
    await expect(row).toContainText('Pago');
  });

  test("a Pix sends how to pay it; its mail's button opens the Pix, and once paid the receipt says 'Pagamento confirmado'", async ({
    page,
    login,
    jsEnabled,
  }) => {
    const user = await login('E-BASIC');
    await page.goto('/upgrade');
    await waitForHydration(page, jsEnabled);
    await page.getByTestId('plan-card-E-TOOL').getByRole('button', { name: 'Fazer upgrade' }).click();
    await expect(page).toHaveURL(/step=pay/);
    // With JavaScript the card form is first and Checkout is the Pix/boleto choice; without, Checkout is the form.
    await page.getByRole('button', { name: jsEnabled ? 'Pagar com Pix ou boleto' : 'Finalizar pagamento' }).click();
    await expect(page).toHaveURL(/\/test-mode\/checkout\/cs_/);
    await page.getByRole('link', { name: 'Pix' }).click();
    await expect(page).toHaveURL(/method=pix/);
    await page.getByRole('button', { name: 'Gerar Pix' }).click();
    await expect(page).toHaveURL(/\/upgrade\/return\?session_id=cs_/);

    const instructions = await waitForMail(user.email, 'Seu Pix foi gerado: veja como pagar');
    expect(instructions.text).toContain('Item: Plano E-TOOL — 1 mês (30 dias)');
    expect(instructions.text).toMatch(/Pague até: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    expect(instructions.text).toMatch(/Pix copia e cola:\n> 000201/);
    await page.goto(linkIn(instructions, '/test-mode/checkout/'));
    await expect(page.getByRole('heading', { name: 'Pix: aguardando pagamento' })).toBeVisible();
    await page.getByRole('button', { name: 'Simular Pix pago' }).click();
    await expect(page.getByRole('heading', { name: 'Upgrade Concluído!' })).toBeVisible();

    const receipt = await waitForMail(user.email, 'Pagamento confirmado — Recibo de pagamento');
    expect(receipt.text).toContain('Forma de pagamento: Pix');
    expect(receipt.text).toContain('O seu Pix foi compensado e o acesso já está liberado.');
  });

  test("an admin's refusal of a refund sends its answer to the buyer, whose button leads to support", async ({
    page,
    login,
    jsEnabled,
  }) => {
    const buyer = await createUser({ role: 'E-TOOL' });
    const paidAt = new Date(Date.now() - 60 * 60 * 1000);
    const payment = db
      .insert(payments)
      .values({
        userId: buyer.id,
        payerUsername: buyer.username,
        payerEmail: buyer.email,
        stripePaymentIntentId: `pi_${uniqueName('mail')}`,
        kind: 'plan',
        planType: 'E-TOOL',
        months: 1,
        amountCents: 2990,
        status: 'succeeded',
        method: 'card',
        createdAt: paidAt,
        completedAt: paidAt,
        refundStatus: 'requested',
        refundRequestedAt: new Date(),
      })
      .returning()
      .get();
    await login('admin');
    await page.goto('/admin/refunds');
    await waitForHydration(page, jsEnabled);
    const row = page.getByTestId('refund-row').filter({ hasText: buyer.username });
    if (jsEnabled) {
      page.once('dialog', (dialog) => void dialog.accept());
      await row.getByRole('link', { name: 'Recusar' }).click();
    } else {
      await row.getByRole('link', { name: 'Recusar' }).click();
      await expect(page).toHaveURL(new RegExp(`confirm=reject-refund&payment=${payment.id}`));
      await page.getByRole('button', { name: 'Recusar reembolso' }).click();
    }
    await expectToast(page, 'Reembolso recusado');

    const mail = await waitForMail(buyer.email, 'Reembolso recusado');
    expect(mail.text).toContain('Seu pedido de reembolso de R$ 29,90 foi recusado. Se tiver dúvidas, fale com o suporte.');
    expect(mail.text).toContain(`Número do pagamento (E-Engenharia): #${payment.id}`);
    expect(mail.text).toContain('Nada muda na sua conta');
    expect(linkIn(mail, '/chats')).toMatch(/\/chats$/);
  });
});
