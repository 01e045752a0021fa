import { expect, test } from '@playwright/test';
import { mkdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { addVirtualAuthenticator } from '../e2e/virtual-authenticator';
import { freePort, launch, prepareDatabase, productionEnv } from './production-server';

/**
 * A passkey counts as both factors (decision 067), on a server of its own where admins must use
 * two-step sign-in (ADMIN_TWO_FACTOR=required): an admin who registers a passkey on the setup
 * page then reaches the panel, signs in with the passkey alone and is not sent to the setup; the
 * password alone no longer opens the account. The origin is `localhost` (a WebAuthn RP ID cannot
 * be an IP address), a secure context like 127.0.0.1.
 */
test('an admin with only a passkey is not sent to the two-step setup page, and signs in with it alone', async ({ page, context }) => {
  test.setTimeout(120_000);
  const dir = resolve('tests/.production', 'passkey-admin');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const dbPath = resolve(dir, 'app.db');
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  // Seeded where two-step sign-in is optional, the demo admin has none; the server then requires it.
  prepareDatabase(productionEnv(dbPath, port), true);
  const server = await launch(dir, dbPath, port, productionEnv(dbPath, port, { ADMIN_TWO_FACTOR: 'required', PUBLIC_ORIGIN: origin }));
  try {
    await addVirtualAuthenticator(page);
    const signInWithPassword = async () => {
      await page.goto(`${origin}/auth`);
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      await page.getByLabel('E-mail').fill('admin@example.com');
      await page.getByLabel('Senha', { exact: true }).fill('admin123');
      await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    };
    await signInWithPassword();
    // No second factor yet: only the setup.
    await expect(page).toHaveURL(`${origin}/account#seguranca`);
    await page.goto(`${origin}/admin`);
    await expect(page).toHaveURL(`${origin}/account#seguranca`);

    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    const section = page.getByRole('region', { name: 'Passkeys' });
    await section.getByLabel('Nome da passkey').fill('Chave do admin');
    await section.getByRole('button', { name: 'Adicionar passkey' }).click();
    await expect(section.getByTestId('passkeys-list').getByText('Chave do admin')).toBeVisible();
    await page.goto(`${origin}/admin`);
    await expect(page.getByText('Painel de Administração').first()).toBeVisible();

    await page.goto('about:blank');
    await context.clearCookies();
    // The password alone no longer signs this admin in: the passkey does, and the panel opens.
    await signInWithPassword();
    await expect(page.getByText('Sua conta de administrador entra com a passkey')).toBeVisible();
    await expect(page).toHaveURL(/\/auth/);
    await page.getByRole('button', { name: 'Entrar com passkey' }).click();
    await expect(page).toHaveURL(`${origin}/dashboard`);
    await page.goto(`${origin}/admin`);
    await expect(page).toHaveURL(`${origin}/admin/users`);
    await expect(page.getByText('Painel de Administração').first()).toBeVisible();
  } finally {
    await server.stop();
  }
});
