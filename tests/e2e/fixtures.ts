import { test as base, expect, type Page } from '@playwright/test';
import type { GrantableRole } from '../../db/schema';
import { createUser, sessionCookie } from '../setup/factories';

type Role = GrantableRole | 'E-BASIC';
type SignedInUser = Awaited<ReturnType<typeof createUser>>;

/**
 * `login(role)` creates a user and a live session directly in the database and puts the
 * session cookie in the browser, so tests other than the login tests skip the login form.
 */
export const test = base.extend<{
  login: (role?: Role, options?: { cpf?: string | null; fullName?: string | null }) => Promise<SignedInUser>;
  jsEnabled: boolean;
}>({
  jsEnabled: async ({ javaScriptEnabled }, provide) => provide(javaScriptEnabled !== false),
  login: async ({ context, baseURL }, provide) => {
    await provide(async (role = 'E-BASIC', options = {}) => {
      const user = await createUser({ role, ...options });
      const [name, value] = (await sessionCookie(user)).split('=');
      await context.addCookies([{ name, value, url: baseURL!, httpOnly: true, sameSite: 'Lax' }]);
      return user;
    });
  },
});

export { expect };

/**
 * Waits for the toast titled `title` (with `description` in it, if given), not for whichever toast is
 * on screen: the one before may still be showing its 5 s when this one is due. Attached rather than
 * visible, as without JavaScript the toast fades by CSS alone.
 */
export async function expectToast(page: Page, title: string, description?: string) {
  let shown = page.getByTestId('toast').filter({ has: page.getByText(title, { exact: true }) });
  if (description) shown = shown.filter({ hasText: description });
  await expect(shown).toBeAttached();
}

/** From the login page, 'Esqueceu sua senha?' → 'Recuperar senha por e-mail' for `email`, up to its toast. */
export async function askForResetLink(page: Page, email: string) {
  await page.goto('/auth');
  await page.getByRole('link', { name: 'Esqueceu sua senha?' }).click();
  await page.getByRole('dialog', { name: 'Recuperação de Senha' }).getByRole('link', { name: 'Recuperar senha por e-mail' }).click();
  const ask = page.getByRole('dialog', { name: 'Recuperar senha por e-mail' });
  await ask.getByLabel('E-mail').fill(email);
  await ask.getByRole('button', { name: 'Enviar link' }).click();
  await expectToast(page, 'Verifique seu e-mail');
}

/** A unique, valid-looking identity for sign-up tests. */
export function uniqueName(prefix: string) {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** With JavaScript, waits until React has hydrated the page (root.tsx marks <html data-hydrated>); without it, nothing to wait for. */
export async function waitForHydration(page: Page, jsEnabled: boolean) {
  if (jsEnabled) await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

/**
 * The React errors the page reports from now on: a hydration mismatch is a recoverable error on the
 * console (minified in production: #418, #423, #425), a throw a page error. Expect it to stay empty.
 */
export function collectReactErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Minified React error|[Hh]ydrat/.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * Marks the window, which only a full document load can clear: the returned check says whether the
 * page is still the same document (a link the client router followed) after a navigation.
 */
export async function markDocument(page: Page): Promise<() => Promise<boolean>> {
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
  return () => page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);
}
