import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { db } from '../../db/client';
import { activeSessions } from '../../db/schema';
import { expect, test, waitForHydration } from './fixtures';
import { addVirtualAuthenticator } from './virtual-authenticator';

/** No serious or critical axe violation in the page's main content. */
async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')).toEqual([]);
}

/** Passkeys need the browser's WebAuthn API, so JavaScript (the js project only; passkeys-no-js.spec.ts shows the page without). */
test.describe('passkeys', () => {
  test('a passkey registered in Segurança signs in from /auth without the password, and is listed with its dates', async ({
    page,
    context,
    login,
  }) => {
    const authenticator = await addVirtualAuthenticator(page);
    const user = await login('E-BASIC');
    await page.goto('/account#passkeys');
    await waitForHydration(page, true);
    const section = page.getByRole('region', { name: 'Passkeys' });
    await expect(section.getByTestId('passkeys-empty')).toHaveText('Nenhuma passkey cadastrada.');
    await section.getByRole('button', { name: 'Adicionar passkey' }).click();
    await expect(section.getByText('Dê um nome à passkey (ex.: Celular, Notebook).')).toBeVisible();
    await section.getByLabel('Nome da passkey').fill('Notebook de teste');
    await section.getByRole('button', { name: 'Adicionar passkey' }).click();
    await expect(section.getByRole('status')).toHaveText('Passkey adicionada.');
    const list = section.getByTestId('passkeys-list');
    await expect(list.getByText('Notebook de teste')).toBeVisible();
    await expect(list.getByText(/Adicionada em .* · Ainda não usada/)).toBeVisible();
    expect(await authenticator.credentials()).toHaveLength(1);

    // Signed out, the passkey alone signs in: no e-mail, no password.
    await page.goto('about:blank');
    await context.clearCookies();
    await page.goto('/auth?redirectTo=%2Faccount');
    await waitForHydration(page, true);
    await page.getByRole('button', { name: 'Entrar com passkey' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByText(`Bem-vindo, ${user.username}!`)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Passkeys' }).getByText(/Último uso em/)).toBeVisible();
  });

  test('removing a passkey past the 10 minutes asks the fresh check, which the passkey itself answers', async ({ page, login }) => {
    await addVirtualAuthenticator(page);
    const user = await login('E-BASIC');
    await page.goto('/account#passkeys');
    await waitForHydration(page, true);
    const section = page.getByRole('region', { name: 'Passkeys' });
    await section.getByLabel('Nome da passkey').fill('Celular');
    await section.getByRole('button', { name: 'Adicionar passkey' }).click();
    await expect(section.getByTestId('passkeys-list').getByText('Celular')).toBeVisible();
    // The session's last proof is 11 minutes old.
    db.update(activeSessions)
      .set({ freshCheckAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(activeSessions.userId, user.id))
      .run();
    await section.getByRole('button', { name: 'Remover a passkey Celular' }).click();
    await expect(page.getByRole('heading', { name: 'Confirme que é você' })).toBeVisible();
    await waitForHydration(page, true);
    await page.getByRole('button', { name: 'Confirmar com passkey' }).click();
    await expect(page.getByRole('region', { name: 'Passkeys' }).getByTestId('passkeys-empty')).toBeVisible();
    await expect(page.getByText('Passkey removida', { exact: true })).toBeVisible();
  });

  test('a sign-in with a passkey this site does not know is refused with a message', async ({ page }) => {
    await addVirtualAuthenticator(page);
    await page.goto('/auth');
    await waitForHydration(page, true);
    // The virtual authenticator holds no passkey of this site: the browser finds none and gives up.
    await page.getByRole('button', { name: 'Entrar com passkey' }).click();
    await expect(page.getByText('A passkey não foi usada (a operação foi cancelada ou expirou).')).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveURL(/\/auth/);
  });

  test('at 390 px the Passkeys section and the passkey button fit the screen and pass axe', async ({ page, context, login }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await addVirtualAuthenticator(page);
    await login('E-BASIC');
    await page.goto('/account#passkeys');
    await waitForHydration(page, true);
    const section = page.getByRole('region', { name: 'Passkeys' });
    await section.getByLabel('Nome da passkey').fill('Notebook do escritório de engenharia');
    await section.getByRole('button', { name: 'Adicionar passkey' }).click();
    await expect(section.getByTestId('passkeys-list').getByText('Notebook do escritório de engenharia')).toBeVisible();
    await expectAccessible(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await section.screenshot({ path: test.info().outputPath('passkeys-390.png') });

    await page.goto('about:blank');
    await context.clearCookies();
    await page.goto('/auth');
    await waitForHydration(page, true);
    await expect(page.getByRole('button', { name: 'Entrar com passkey' })).toBeVisible();
    await expectAccessible(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: test.info().outputPath('auth-390.png'), fullPage: true });
  });
});
