import { expect, test, uniqueName } from './fixtures';
import { linkIn, waitForMail } from './mailbox';
import { uniqueCpf } from '../setup/factories';

/**
 * Each mail a form causes arrives at the run's SMTP server (tests/setup/mailbox-server.ts), with
 * JavaScript on and off, and its links work when followed (docs/mail.md).
 */
test.describe('mails caused by forms', () => {
  test('registering sends the welcome mail, whose button opens the dashboard', async ({ page }) => {
    const username = uniqueName('mail');
    const email = `${username}@example.com`;
    await page.goto('/auth?tab=register');
    await page.getByLabel('Nome de usuário').fill(username);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('CPF').fill(uniqueCpf());
    await page.getByLabel('Senha', { exact: true }).fill('senha123');
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    const mail = await waitForMail(email, 'Bem-vindo ao E-Engenharia');
    expect(mail.from).toContain('nao-responda@e-engenharia.test');
    expect(mail.text).toContain(`Olá, ${username}! Sua conta está pronta.`);
    expect(mail.html).toContain('Abrir meu painel');
    await page.goto(linkIn(mail, '/dashboard'));
    await expect(page.getByRole('heading', { name: `Bem-vindo, ${username}!` })).toBeVisible();
  });
});
