import { askForResetLink, expect, expectToast, test, uniqueName } from './fixtures';
import { linkIn, waitForMail } from './mailbox';
import { uniqueCpf } from '../setup/factories';
import { unsubscribeUrl, wantsMail } from '../../app/models/mail/preferences.server';

/**
 * Each mail a form causes arrives at the run's SMTP server (tests/setup/mailbox-server.ts), with
 * JavaScript on and off, and its links work when followed (docs/mail.md).
 */
test.describe('mails caused by forms', () => {
  test('registering sends the welcome mail, which names nobody and whose button confirms the address', async ({ page }) => {
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
    expect(mail.text).toContain('Olá! Sua conta está pronta.');
    expect(mail.text).not.toContain(username);
    await page.goto(linkIn(mail, '/email/confirm'));
    await expect(page.getByText(`Confirmar ${email} como o e-mail da sua conta?`)).toBeVisible();
    await page.getByRole('button', { name: 'Confirmar meu e-mail' }).click();
    await expect(page.getByText(`O e-mail ${email} foi confirmado.`)).toBeVisible();
  });

  test("'Recuperar senha por e-mail' sends a link that leads to a new password, which then logs in", async ({ page, login, context }) => {
    const user = await login('E-BASIC');
    await context.clearCookies();

    await askForResetLink(page, user.email);

    const mail = await waitForMail(user.email, 'Redefinir sua senha do E-Engenharia');
    expect(mail.text).toContain('vale por 30 minutos');
    await page.goto(linkIn(mail, '/auth/reset-link'));
    const reset = page.getByRole('dialog', { name: 'Definir Nova Senha' });
    await expect(reset).toBeVisible();
    await expect(page).not.toHaveURL(/token/);
    await reset.getByLabel('Nova senha', { exact: true }).fill('senha-do-link-1');
    await reset.getByLabel('Confirmar nova senha').fill('senha-do-link-1');
    await reset.getByRole('button', { name: 'Redefinir Senha' }).click();
    await expectToast(page, 'Senha redefinida');

    await page.getByLabel('E-mail').fill(user.email);
    await page.getByLabel('Senha', { exact: true }).fill('senha-do-link-1');
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // The link was spent: following it again says the recovery expired. The dashboard is left first:
    // its live stream would see the session gone and navigate to /auth, racing the goto below.
    await page.goto('about:blank');
    await context.clearCookies();
    await page.goto(linkIn(mail, '/auth/reset-link'));
    await expect(
      page
        .getByRole('dialog', { name: 'Definir Nova Senha' })
        .getByText('Sessão de recuperação expirada. Por favor, inicie o processo novamente.'),
    ).toBeVisible();
  });

  test('the unsubscribe link of a mail works without a login, and Minha Conta shows the choice', async ({ page, login, context }) => {
    const user = await login('E-BASIC');
    await context.clearCookies();
    // The link as an optional mail carries it (the e2e server signs with the same SESSION_SECRET as this process).
    const link = new URL(unsubscribeUrl(user.id, 'support-reply'));
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByText('Deixar de receber os e-mails de')).toContainText('Respostas do suporte');
    await page.getByRole('button', { name: 'Não quero mais receber' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Pronto' })).toContainText('Você não vai mais receber “Respostas do suporte”');
    expect(wantsMail(user.id, 'support-reply')).toBe(false);
  });

  test("'Minha Conta' → 'E-mails' switches a kind off and on", async ({ page, login }) => {
    const user = await login('E-BASIC');
    await page.goto('/account');
    const section = page.getByRole('region', { name: 'E-mails' });
    await section.getByLabel('Avisos do plano').uncheck();
    await section.getByRole('button', { name: 'Salvar preferências de e-mail' }).click();
    await expectToast(page, 'Preferências salvas');
    await expect(page.getByRole('region', { name: 'E-mails' }).getByLabel('Avisos do plano')).not.toBeChecked();
    // The first save's toast may still be showing when the second is sent: ask the database until the write lands.
    await expect.poll(() => wantsMail(user.id, 'plan-reminder')).toBe(false);
    await page.getByRole('region', { name: 'E-mails' }).getByLabel('Avisos do plano').check();
    await page.getByRole('region', { name: 'E-mails' }).getByRole('button', { name: 'Salvar preferências de e-mail' }).click();
    await expect.poll(() => wantsMail(user.id, 'plan-reminder')).toBe(true);
  });
});
