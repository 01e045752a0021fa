import { eq } from 'drizzle-orm';
import { db } from '../../db/client';
import { notifications, payments } from '../../db/schema';
import { createUser } from '../setup/factories';
import { expect, expectToast, test, uniqueName, waitForHydration } from './fixtures';

/** A paid month of E-TOOL whose refund the buyer asked for an hour ago. */
async function requestedRefund() {
  const buyer = await createUser({ role: 'E-TOOL' });
  const paidAt = new Date(Date.now() - 2 * 60 * 60 * 1000);
  const payment = db
    .insert(payments)
    .values({
      userId: buyer.id,
      payerUsername: buyer.username,
      payerEmail: buyer.email,
      stripePaymentIntentId: `pi_${uniqueName('e2e')}`,
      kind: 'plan',
      planType: 'E-TOOL',
      months: 1,
      amountCents: 2990,
      status: 'succeeded',
      method: 'card',
      createdAt: paidAt,
      completedAt: paidAt,
      refundStatus: 'requested',
      refundRequestedAt: new Date(Date.now() - 60 * 60 * 1000),
    })
    .returning()
    .get();
  return { buyer, payment };
}

test('an admin refuses a refund request (the browser asks with JavaScript; a page of its own without), and the buyer is told', async ({
  page,
  login,
  jsEnabled,
}) => {
  const { buyer, payment } = await requestedRefund();
  await login('admin');
  await page.goto('/admin/refunds');
  await waitForHydration(page, jsEnabled);
  const row = page.getByTestId('refund-row').filter({ hasText: buyer.username });
  await expect(row).toContainText('R$ 29,90');

  const message = 'Recusar este reembolso? Nada será devolvido, o acesso continua, e o usuário será avisado por notificação.';
  if (jsEnabled) {
    page.once('dialog', async (dialog) => {
      expect(dialog.message()).toBe(message);
      await dialog.accept();
    });
    await row.getByRole('link', { name: 'Recusar' }).click();
  } else {
    await row.getByRole('link', { name: 'Recusar' }).click();
    await expect(page).toHaveURL(new RegExp(`confirm=reject-refund&payment=${payment.id}`));
    await expect(page.getByText(message)).toBeVisible();
    await page.getByRole('button', { name: 'Recusar reembolso' }).click();
  }

  await expectToast(page, 'Reembolso recusado');
  await expect(page.getByTestId('refund-row').filter({ hasText: buyer.username })).toHaveCount(0);
  expect(db.select().from(payments).where(eq(payments.id, payment.id)).get()?.refundStatus).toBe('rejected');
  expect(
    db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, buyer.id))
      .all()
      .map((row) => row.title),
  ).toContain('Reembolso recusado');
});
