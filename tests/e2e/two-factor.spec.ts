import { createHmac } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test, waitForHydration } from './fixtures';

/** What an authenticator app shows for a base32 secret at `time` (RFC 6238: 30 s, 6 digits, SHA-1). */
function totp(secret: string, time = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secret.replace(/=+$/, '')) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(time / 1000 / 30)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1] & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

async function signIn(page: Page, jsEnabled: boolean, email: string, password: string) {
  await page.goto('/auth');
  await waitForHydration(page, jsEnabled);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(/\/auth\?step=code/);
  await waitForHydration(page, jsEnabled);
}

async function enterCode(page: Page, code: string) {
  await page.getByLabel('Código de verificação').fill(code);
  await page.getByRole('button', { name: 'Verificar' }).click();
}

test.describe('two-step sign-in', () => {
  test('activation by QR code, sign-in with a code, a replayed code refused, a recovery code once', async ({
    page,
    context,
    login,
    jsEnabled,
  }) => {
    const user = await login('E-BASIC');
    await page.goto('/account');
    await waitForHydration(page, jsEnabled);
    const section = page.getByRole('region', { name: 'Segurança' });
    await section.getByRole('button', { name: 'Ativar verificação em duas etapas' }).click();
    await expect(section.getByRole('img', { name: 'Código QR para o aplicativo autenticador' })).toBeVisible();
    const secret = (await section.getByTestId('two-factor-secret').textContent())!.trim();
    expect(await section.getByTestId('two-factor-qr').getAttribute('data-uri')).toContain(`secret=${secret}`);
    await waitForHydration(page, jsEnabled);
    await section.getByLabel('Código do aplicativo').fill(totp(secret));
    await section.getByRole('button', { name: 'Confirmar e ativar' }).click();
    const codes = page.getByTestId('recovery-codes').getByRole('listitem');
    await expect(codes).toHaveCount(10);
    const recoveryCode = (await codes.nth(0).textContent())!.trim();
    await expect(page.getByTestId('two-factor-state')).toHaveText('Ativada');

    // Signed out, the password alone does not open the account: the code does (the next step's, as the activation used this one).
    await context.clearCookies();
    await signIn(page, jsEnabled, user.email, user.plainPassword);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fdashboard/);
    await signIn(page, jsEnabled, user.email, user.plainPassword);
    const code = totp(secret, Date.now() + 30_000);
    await enterCode(page, code);
    await expect(page).toHaveURL(/\/dashboard/);

    // The same code again: refused. The dashboard is left first: its live stream would see the
    // session gone and navigate to /auth, racing the sign-in's own navigation.
    await page.goto('about:blank');
    await context.clearCookies();
    await signIn(page, jsEnabled, user.email, user.plainPassword);
    await enterCode(page, code);
    await expect(page.getByText('Código inválido ou já utilizado.')).toBeVisible();

    // A recovery code works once.
    await waitForHydration(page, jsEnabled);
    await enterCode(page, recoveryCode);
    await expect(page).toHaveURL(/\/dashboard/);
    await page.goto('about:blank');
    await context.clearCookies();
    await signIn(page, jsEnabled, user.email, user.plainPassword);
    await enterCode(page, recoveryCode);
    await expect(page.getByText('Código inválido ou já utilizado.')).toBeVisible();
  });
});
