import { askForResetLink, expect, expectToast, test, uniqueName } from './fixtures';
import { linkIn, mailsTo, waitForMail } from './mailbox';

/**
 * Issue 26, item 3 and issue 27, item 8, in the browser with JavaScript on and off: changing the
 * e-mail in 'Minha Conta' (the old address is told, with 'Não fui eu'; the new one confirms), and
 * 'Nome completo', which the mails, the memorial and the certificate then carry.
 */
test.describe('the e-mail change', () => {
  test('the new address confirms through its link; until then Minha Conta shows it pending', async ({ page, login }) => {
    const user = await login('E-BASIC');
    const newEmail = `${uniqueName('novo')}@example.com`;
    await page.goto('/account');
    await expect(page.getByTestId('email-pending')).toHaveCount(0);
    await page.getByLabel('E-mail').first().fill(newEmail);
    await page.getByRole('button', { name: 'Salvar perfil' }).click();
    await expectToast(page, 'Perfil atualizado', `Enviamos um link para confirmar ${newEmail}.`);
    await expect(page.getByTestId('email-pending')).toContainText(newEmail);

    const notice = await waitForMail(user.email, 'O e-mail da sua conta no E-Engenharia foi alterado');
    expect(notice.text).toContain(newEmail);
    expect(notice.text).toContain('Não fui eu');
    const confirmation = await waitForMail(newEmail, 'Confirme seu e-mail no E-Engenharia');
    expect(confirmation.text).not.toContain(user.username);

    await page.goto(linkIn(confirmation, '/email/confirm'));
    await page.getByRole('button', { name: 'Confirmar meu e-mail' }).click();
    await expect(page.getByText(`O e-mail ${newEmail} foi confirmado.`)).toBeVisible();
    await page.goto('/account');
    await expect(page.getByTestId('email-pending')).toHaveCount(0);
  });

  test("'Não fui eu' puts the old address back and ends the session", async ({ page, login }) => {
    const user = await login('E-BASIC');
    const intruder = `${uniqueName('intruso')}@example.com`;
    await page.goto('/account');
    await page.getByLabel('E-mail').first().fill(intruder);
    await page.getByRole('button', { name: 'Salvar perfil' }).click();
    await expectToast(page, 'Perfil atualizado');

    const notice = await waitForMail(user.email, 'O e-mail da sua conta no E-Engenharia foi alterado');
    await page.goto(linkIn(notice, '/email/revert'));
    await expect(page.getByText(user.email)).toBeVisible();
    await page.getByRole('button', { name: 'Restaurar meu e-mail e encerrar as sessões' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expectToast(page, 'E-mail restaurado', `O e-mail ${user.email} voltou a ser o da conta e todas as sessões foram encerradas.`);
    // The same link works once.
    await page.goto(linkIn(notice, '/email/revert'));
    await expect(page.getByText('Este link não é válido ou já expirou.')).toBeVisible();

    await page.goto('/account');
    await expect(page).toHaveURL(/\/auth/);
    await page.getByLabel('E-mail').fill(user.email);
    await page.getByLabel('Senha', { exact: true }).fill(user.plainPassword);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(page).toHaveURL(/\/(dashboard|account)/);
    // Nothing the account wrote reached the address that was never confirmed.
    expect((await mailsTo(intruder)).every((mail) => !mail.text.includes(user.username))).toBe(true);
  });
});

test.describe("'Nome completo'", () => {
  test('saved in Minha Conta, it signs the memorial and greets in the mails', async ({ page, login, context }) => {
    const user = await login('E-BASIC');
    await page.goto('/account');
    const section = page.locator('#nome-completo');
    await section.getByLabel('Nome completo').fill('Ana\u202E avliS');
    await section.getByRole('button', { name: 'Salvar nome completo' }).click();
    await expect(section.getByText('Use apenas letras, espaços, apóstrofos e hífens no nome completo.')).toBeVisible();
    await section.getByLabel('Nome completo').fill("Ana Luísa D'Ávila");
    await section.getByRole('button', { name: 'Salvar nome completo' }).click();
    await expectToast(page, 'Nome completo salvo');
    await expect(page.locator('#nome-completo').getByLabel('Nome completo')).toHaveValue("Ana Luísa D'Ávila");

    await page.goto('/calculators/torque-eixo/report?power=2%2C5&power_unit=kW&speed=1750&allowableShear=40&bendingMoment=0&keyway=yes');
    await expect(page.getByTestId('report-user')).toHaveText("Ana Luísa D'Ávila");

    // Off the signed-in page first, so its live stream does not see the session end and navigate meanwhile.
    await page.goto('about:blank');
    await context.clearCookies();
    await askForResetLink(page, user.email);
    const mail = await waitForMail(user.email, 'Redefinir sua senha do E-Engenharia');
    expect(mail.text).toContain("Olá, Ana Luísa D'Ávila. Vamos redefinir sua senha?");
  });
});
