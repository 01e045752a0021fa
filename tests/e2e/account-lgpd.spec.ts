import { readFile } from 'node:fs/promises';
import { expect, expectToast, test, waitForHydration } from './fixtures';

test.describe("LGPD rights on 'Minha Conta'", () => {
  test('downloads all of the signed-in user’s data as JSON', async ({ page, login }) => {
    const user = await login('E-TOOL');
    await page.goto('/account');
    await expect(page.getByRole('heading', { name: 'Seus dados' })).toBeVisible();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Baixar meus dados (JSON)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^e-engenharia-meus-dados-${user.id}-\\d{4}-\\d{2}-\\d{2}\\.json$`));
    const text = await readFile((await download.path())!, 'utf8');
    expect(text).not.toContain('$argon2');
    const data = JSON.parse(text);
    expect(data.profile).toMatchObject({ id: user.id, username: user.username, email: user.email, cpf: user.cpf, role: 'E-TOOL' });
    expect(data.roleGrants).toEqual([expect.objectContaining({ role: 'E-TOOL' })]);
    expect(data.sessions).toHaveLength(1);
    expect(Object.keys(data.sessions[0]).sort()).toEqual(['createdAt', 'expiresAt', 'ipAddress', 'lastSeenAt', 'userAgent']);
    for (const part of ['payments', 'ratings', 'chats', 'lessonProgress', 'notifications', 'calculations', 'courseGrants'])
      expect(data[part]).toEqual(expect.any(Array));
  });

  test('deleting the account: a wrong password changes nothing, the right one signs out for good', async ({ page, login, jsEnabled }) => {
    const user = await login('E-BASIC');
    await page.goto('/account');
    await waitForHydration(page, jsEnabled);
    const section = page.getByRole('region', { name: 'Excluir conta' });
    await expect(section).toContainText('Esta ação é permanente e não pode ser desfeita.');
    const password = section.getByLabel('Confirme com sua senha atual');

    await password.fill('nao-e-a-senha');
    await section.getByRole('button', { name: 'Excluir minha conta' }).click();
    await expect(section.getByText('Senha incorreta. Sua conta não foi excluída.')).toBeVisible();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { name: 'Minha Conta' })).toBeVisible();

    await password.fill(user.plainPassword);
    await section.getByRole('button', { name: 'Excluir minha conta' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expectToast(page, 'Conta excluída');

    // Signed out: the account page sends visitors to /auth.
    await page.goto('/account');
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Faccount/);

    // And the account is gone: logging in again fails.
    await waitForHydration(page, jsEnabled);
    await page.getByLabel('E-mail').fill(user.email);
    await page.getByLabel('Senha', { exact: true }).fill(user.plainPassword);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Falha no login' })).toContainText('E-mail ou senha incorretos.');
  });
});
