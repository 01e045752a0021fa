import AxeBuilder from '@axe-core/playwright';
import { eq } from 'drizzle-orm';
import type { Page } from '@playwright/test';
import { db } from '../../db/client';
import { activeSessions } from '../../db/schema';
import { createUser } from '../setup/factories';
import { expect, expectToast, test, waitForHydration } from './fixtures';

/**
 * The fresh check before dangerous actions (decision 060), with JavaScript on and off: past 10
 * minutes since the sign-in, deleting a user asks for the password in a step that carries the
 * deletion, and a download goes through the step's own page.
 */

/** The session's last proof, 11 minutes ago (the test cannot wait them out). */
const staleSession = (userId: number) =>
  db
    .update(activeSessions)
    .set({ freshCheckAt: new Date(Date.now() - 11 * 60_000) })
    .where(eq(activeSessions.userId, userId))
    .run();

async function expectNoSeriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => violation.id)).toEqual([]);
}

test.describe('the fresh check', () => {
  test('deleting a user past the window asks for the password first, then deletes', async ({ page, login, jsEnabled }) => {
    const admin = await login('admin');
    const target = await createUser();
    staleSession(admin.id);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/admin/users?confirm=delete-user&user=${target.id}`);
    await waitForHydration(page, jsEnabled);
    await page.getByRole('button', { name: 'Excluir' }).click();

    const step = page.getByRole('region', { name: 'Confirme que é você' });
    await expect(step).toBeVisible();
    await expect(step.getByText('Digite sua senha.')).toBeVisible();
    if (jsEnabled) await expectNoSeriousViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `test-results/fresh-check-step-${jsEnabled ? 'js' : 'no-js'}.png` });

    await waitForHydration(page, jsEnabled);
    await step.getByLabel('Sua senha').fill('errada');
    await step.getByRole('button', { name: 'Confirmar e continuar' }).click();
    await expect(step.getByText('Senha incorreta.')).toBeVisible();
    await waitForHydration(page, jsEnabled);
    await step.getByLabel('Sua senha').fill(admin.plainPassword);
    await step.getByRole('button', { name: 'Confirmar e continuar' }).click();
    await expectToast(page, 'Usuário excluído');
    await page.goto(`/admin/users?q=${encodeURIComponent(target.email)}`);
    await expect(page.getByText(target.email)).toHaveCount(0);
  });

  test("'Baixar meus dados' past the window goes through the step's page, then downloads", async ({ page, login, jsEnabled }) => {
    const user = await login('E-BASIC');
    staleSession(user.id);
    await page.goto('/account');
    await waitForHydration(page, jsEnabled);
    await page.getByRole('link', { name: 'Baixar meus dados (JSON)' }).click();
    await expect(page).toHaveURL(/\/account\/fresh-check\?redirectTo=%2Faccount%2Fexport$/);
    await expect(page.getByRole('heading', { name: 'Confirme que é você' })).toBeVisible();
    if (jsEnabled) await expectNoSeriousViolations(page);
    await waitForHydration(page, jsEnabled);
    await page.getByLabel('Sua senha').fill(user.plainPassword);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Confirmar e continuar' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^e-engenharia-meus-dados-${user.id}-`));
  });
});
