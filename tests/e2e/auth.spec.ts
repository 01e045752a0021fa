import { expect, expectToast, test, uniqueName, waitForHydration } from './fixtures';
import { uniqueCpf } from '../setup/factories';

const masked = (cpf: string) => `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;

test.describe('accounts', () => {
  test('registration with a valid CPF, then logout and login again', async ({ page, jsEnabled }) => {
    const username = uniqueName('eng');
    const email = `${username}@example.com`;
    const cpf = uniqueCpf();

    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Criar conta' }).click();
    await expect(page).toHaveURL(/tab=register/);
    await page.getByLabel('Nome de usuário').fill(username);
    await page.getByLabel('E-mail').fill(email);
    // With JavaScript the mask formats the digits; without it the server strips the punctuation.
    await page.getByLabel('CPF').fill(jsEnabled ? cpf : masked(cpf));
    if (jsEnabled) await expect(page.getByLabel('CPF')).toHaveValue(masked(cpf));
    await page.getByLabel('Senha', { exact: true }).fill('senha123');
    await page.getByRole('button', { name: 'Criar conta' }).click();

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: `Bem-vindo, ${username}!` })).toBeVisible();
    await expectToast(page, 'Registro bem-sucedido');

    await page.getByRole('button', { name: 'Sair' }).first().click({ force: true });
    await expect(page).toHaveURL(/\/$/);
    await expectToast(page, 'Logout bem-sucedido');

    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fdashboard/);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Senha', { exact: true }).fill('senha123');
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expectToast(page, 'Login bem-sucedido', `Bem-vindo, ${username}!`);
  });

  test('registration refuses a CPF with wrong check digits', async ({ page }) => {
    await page.goto('/auth?tab=register');
    const username = uniqueName('cpf');
    await page.getByLabel('Nome de usuário').fill(username);
    await page.getByLabel('E-mail').fill(`${username}@example.com`);
    await page.getByLabel('CPF').fill('529.982.247-24');
    await page.getByLabel('Senha', { exact: true }).fill('senha123');
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await expect(page.getByText('CPF inválido')).toBeVisible();
    await expect(page).toHaveURL(/\/auth/);
  });

  test('wrong password shows the failure, demo account logs in', async ({ page }) => {
    await page.goto('/auth');
    await page.getByLabel('E-mail').fill('master@example.com');
    await page.getByLabel('Senha', { exact: true }).fill('errada123');
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Falha no login' })).toContainText('E-mail ou senha incorretos.');

    await page.getByLabel('E-mail').fill('master@example.com');
    await page.getByLabel('Senha', { exact: true }).fill('senha123');
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('role-badge')).toContainText('E-MASTER até');
  });

  test('password recovery in two steps, then login with the new password', async ({ page, login, context }) => {
    const user = await login('E-BASIC');
    await context.clearCookies();

    await page.goto('/auth');
    await page.getByRole('link', { name: 'Esqueceu sua senha?' }).click();
    const step1 = page.getByRole('dialog', { name: 'Recuperação de Senha' });
    await expect(step1).toBeVisible();
    await step1.getByLabel('E-mail ou nome de usuário').fill(user.username);
    await step1.getByLabel('CPF').fill(masked(user.cpf!));
    await step1.getByRole('button', { name: 'Verificar' }).click();

    const step2 = page.getByRole('dialog', { name: 'Definir Nova Senha' });
    await expect(step2).toBeVisible();
    await expect(page).not.toHaveURL(/token/);
    await step2.getByLabel('Nova senha', { exact: true }).fill('novasenha1');
    await step2.getByLabel('Confirmar nova senha').fill('novasenha2');
    await step2.getByRole('button', { name: 'Redefinir Senha' }).click();
    await expect(page.getByText('As senhas não coincidem')).toBeVisible();

    await page.getByLabel('Nova senha', { exact: true }).fill('novasenha1');
    await page.getByLabel('Confirmar nova senha').fill('novasenha1');
    await page.getByRole('button', { name: 'Redefinir Senha' }).click();
    await expectToast(page, 'Senha redefinida');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.getByLabel('E-mail').fill(user.email);
    await page.getByLabel('Senha', { exact: true }).fill('novasenha1');
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('recovery with a wrong CPF reveals nothing', async ({ page, jsEnabled }) => {
    await page.goto('/auth?dialog=recover');
    await waitForHydration(page, jsEnabled);
    const dialog = page.getByRole('dialog', { name: 'Recuperação de Senha' });
    await dialog.getByLabel('E-mail ou nome de usuário').fill('basic@example.com');
    await dialog.getByLabel('CPF').fill(masked(uniqueCpf()));
    await dialog.getByRole('button', { name: 'Verificar' }).click();
    await expect(page.getByText('Não foi possível verificar sua identidade. Verifique os dados informados.')).toBeVisible();
  });
});
