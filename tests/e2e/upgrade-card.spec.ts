import type { Page } from '@playwright/test';
import { and, eq } from 'drizzle-orm';
import { db } from '../../db/client';
import { payments, users } from '../../db/schema';
import { expect, expectToast, test } from './fixtures';

/**
 * With JavaScript on (the `js` project only): the test mode's simulated card form on
 * /upgrade, answered by Stripe's test cards through the real SDK and the offline stand-in.
 */

const roleOf = (id: number) => db.select({ role: users.role }).from(users).where(eq(users.id, id)).get()?.role;
const succeededPayments = (id: number) =>
  db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, id), eq(payments.status, 'succeeded')))
    .all();

async function openEToolPaymentStep(page: Page) {
  await page.goto('/upgrade');
  await expect(page.getByRole('heading', { name: 'Upgrade de Plano' })).toBeVisible();
  const card = page.getByTestId('plan-card-E-TOOL');
  // With JavaScript the month selector updates the URL by itself.
  await card.getByLabel('Duração').selectOption('3');
  await expect(page).toHaveURL(/months=3/);
  await expect(card.getByText('Acesso por 90 dias')).toBeVisible();
  await card.getByRole('button', { name: 'Fazer upgrade' }).click();
  await expect(page).toHaveURL(/step=pay/);
  const summary = page.getByTestId('payment-summary');
  await expect(summary).toContainText('E-TOOL');
  await expect(summary).toContainText('3 meses');
  await expect(page.getByTestId('test-mode').first()).toBeVisible();
}

async function payWithCard(page: Page, number: string) {
  await page.getByLabel('Número do cartão').fill(number);
  await page.getByLabel('Validade (MM/AA)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Finalizar pagamento' }).click();
}

test.describe('upgrade by card (JavaScript on, test mode)', () => {
  test('an E-BASIC user upgrades to E-TOOL for 3 months with 4242 4242 4242 4242', async ({ page, login }) => {
    const user = await login('E-BASIC');
    await openEToolPaymentStep(page);
    await payWithCard(page, '4242 4242 4242 4242');

    await expect(page).toHaveURL(/\/dashboard$/);
    await expectToast(page, 'Pagamento processado com sucesso!');
    await expect(page.getByTestId('role-badge').first()).toContainText('E-TOOL');
    expect(roleOf(user.id)).toBe('E-TOOL');
    const paid = succeededPayments(user.id);
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ kind: 'plan', planType: 'E-TOOL', months: 3 });
  });

  test('a declined card (4000 0000 0000 0002) shows the error and grants nothing', async ({ page, login }) => {
    const user = await login('E-BASIC');
    await openEToolPaymentStep(page);
    await payWithCard(page, '4000 0000 0000 0002');

    await expectToast(page, 'Erro no pagamento');
    await expect(page).toHaveURL(/\/upgrade\?.*step=pay/);
    await expect(page.locator('form').getByText('Erro no pagamento')).toBeVisible();
    expect(roleOf(user.id)).toBe('E-BASIC');
    expect(succeededPayments(user.id)).toHaveLength(0);

    await page.goto('/dashboard');
    await expect(page.getByTestId('role-badge').first()).toContainText('E-BASIC');
  });
});
