import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { createUser } from '../setup/factories';
import { expect, test, waitForHydration } from './fixtures';
import { mailsTo, waitForMail } from './mailbox';

const SUBJECT = 'Novo acesso à sua conta';

async function signIn(page: Page, jsEnabled: boolean, email: string) {
  await page.goto('/auth');
  await waitForHydration(page, jsEnabled);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill('senha123');
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

const alertsTo = async (email: string) => (await mailsTo(email)).filter((mail) => mail.subject === SUBJECT);

/**
 * Issue 30, item 6 (decision 068): a sign-in from a browser the account has not used mails 'Novo
 * acesso à sua conta' through the real outbox and SMTP; the same browser again does not; 'Minha
 * Conta' → 'Últimos acessos' lists them, marking this browser. With JavaScript on and off.
 */
test('a new browser is told by mail, a known one is not, and Segurança lists the sign-ins', async ({
  page,
  context,
  browser,
  jsEnabled,
  baseURL,
}) => {
  const user = await createUser({ fullName: 'Ana Lima' });

  await signIn(page, jsEnabled, user.email);
  const alert = await waitForMail(user.email, SUBJECT);
  expect(alert.text).toContain('Olá, Ana Lima.');
  expect(alert.text).toMatch(/Quando: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} \(horário de Brasília\)/);
  expect(alert.text).toMatch(/Navegador: Chrome \d+ no Linux/);
  expect(alert.text).toMatch(/Endereço IP: \S+/);

  // Signed out (the browser keeps its device cookie, as after 'Sair') and in again: no mail. The page is left
  // first: the dashboard's live stream would see the session end and go to /auth as the next goto starts.
  await page.goto('about:blank');
  await context.clearCookies({ name: 'en_session' });
  await signIn(page, jsEnabled, user.email);

  // Another browser: a second mail. The outbox sends in order, so a mail for the second sign-in above would have come first.
  const other = await browser.newContext({ baseURL, javaScriptEnabled: jsEnabled, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const otherPage = await other.newPage();
  await signIn(otherPage, jsEnabled, user.email);
  await expect.poll(async () => (await alertsTo(user.email)).length, { timeout: 15_000 }).toBe(2);

  await otherPage.goto('/account#ultimos-acessos');
  await waitForHydration(otherPage, jsEnabled);
  const section = otherPage.getByRole('region', { name: 'Últimos acessos' });
  const rows = section.getByTestId('sign-in-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('este navegador');
  await expect(rows.nth(1)).not.toContainText('este navegador');
  await expect(rows.nth(0)).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  await expect(rows.nth(0)).toContainText(/Chrome \d+ no Linux/);
  expect((await alertsTo(user.email)).length).toBe(2);
  await other.close();
});

test('Últimos acessos: its empty state, axe and a 390 px phone', async ({ page, login, jsEnabled }) => {
  await login('E-BASIC');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/account#ultimos-acessos');
  await waitForHydration(page, jsEnabled);
  const section = page.getByRole('region', { name: 'Últimos acessos' });
  // The fixture's session was made in the database, not by a sign-in: nothing recorded yet.
  await expect(section.getByText('Nenhum acesso registrado ainda.')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  if (jsEnabled) {
    const { violations } = await new AxeBuilder({ page })
      .include('#ultimos-acessos')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(
      violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id),
    ).toEqual([]);
  }
});

test('Últimos acessos with sign-ins fits a 390 px phone and passes axe', async ({ page, jsEnabled }) => {
  const user = await createUser();
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, jsEnabled, user.email);
  await page.goto('/account#ultimos-acessos');
  await waitForHydration(page, jsEnabled);
  const section = page.getByRole('region', { name: 'Últimos acessos' });
  await expect(section.getByTestId('sign-in-row')).toHaveCount(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // On a phone each cell is 'label | value': the marker stays in the value's column, beside the browser, not under the label.
  const cell = section.getByTestId('sign-in-row').locator('td').nth(1);
  const [cellBox, markerBox] = [await cell.boundingBox(), await cell.getByText('este navegador').boundingBox()];
  expect(markerBox!.x - cellBox!.x).toBeGreaterThan(cellBox!.width * 0.3);
  if (jsEnabled) {
    const { violations } = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(
      violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id),
    ).toEqual([]);
    await section.screenshot({ path: 'test-results/sign-ins-390.png' });
  }
});
