import AxeBuilder from '@axe-core/playwright';
import { and, eq } from 'drizzle-orm';
import { db } from '../../db/client';
import { roleGrants } from '../../db/schema';
import { DAY_MS } from '../../app/models/accounts/role-arithmetic';
import { formatShortDate } from '../../app/utils/format';
import { expect, test, waitForHydration } from './fixtures';

/**
 * Issue 27.10: an upgrade does not swallow the days already paid for. An E-TOOL user with 30 days
 * buys a month of E-MASTER: the E-TOOL days wait while E-MASTER runs and resume when it ends
 * (decision 047). /upgrade says so before paying, 'Minha Conta' and the receipt after.
 */
test('E-TOOL buys a month of E-MASTER: /upgrade, Minha Conta and the receipt say the E-TOOL days follow', async ({
  page,
  login,
  jsEnabled,
}) => {
  test.slow();
  const user = await login('E-TOOL');
  const tool = db
    .select()
    .from(roleGrants)
    .where(and(eq(roleGrants.userId, user.id), eq(roleGrants.role, 'E-TOOL')))
    .get()!;
  // The 30 E-TOOL days, minus those used before the upgrade, after 30 of E-MASTER: 60 days from the E-TOOL's start.
  const after = `Depois: E-TOOL até ${formatShortDate(new Date(tool.startsAt.getTime() + 60 * DAY_MS))}`;

  await page.goto('/upgrade?plan=E-MASTER&months=1&step=pay');
  await waitForHydration(page, jsEnabled);
  await expect(page.getByTestId('payment-after')).toHaveText(after);
  if (jsEnabled) {
    await page.getByLabel('Número do cartão').fill('4242 4242 4242 4242');
    await page.getByLabel('Validade (MM/AA)').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Finalizar pagamento' }).click();
    await expect(page).toHaveURL(/\/dashboard/);
  } else {
    await page.getByRole('button', { name: 'Finalizar pagamento' }).click();
    await expect(page).toHaveURL(/\/test-mode\/checkout\/cs_/);
    await page.getByLabel('Número do cartão').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pagar' }).click();
    await expect(page).toHaveURL(/\/upgrade\/return\?session_id=cs_/);
  }

  const master = db
    .select()
    .from(roleGrants)
    .where(and(eq(roleGrants.userId, user.id), eq(roleGrants.role, 'E-MASTER')))
    .get()!;
  await page.goto('/account');
  await expect(page.getByText('Plano atual: E-MASTER')).toBeVisible();
  await expect(page.getByTestId('plan-after')).toHaveText(after);

  await page
    .getByRole('table', { name: 'Pagamentos' })
    .getByRole('link', { name: /^Recibo/ })
    .click();
  const receipt = page.getByTestId('receipt');
  await expect(receipt).toContainText(`Válido até${formatShortDate(master.endsAt!)}`);
  await expect(receipt).toContainText(`Depois${after.replace('Depois: ', '')}`);

  // The receipt page passes axe (scripts run in the page: the js project) and fits a 390 px phone.
  if (jsEnabled) {
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(
      violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id),
    ).toEqual([]);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(receipt).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
