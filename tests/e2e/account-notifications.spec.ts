import { eq } from 'drizzle-orm';
import { db } from '../../db/client';
import { notifications, promoCodes } from '../../db/schema';
import { expect, expectToast, test, uniqueName } from './fixtures';

test.describe('Minha Conta', () => {
  test('profile, promo activation and the recovery toggle work with and without JavaScript', async ({ page, login }) => {
    const user = await login('E-BASIC');
    const code = uniqueName('CONTA').toUpperCase();
    db.insert(promoCodes).values({ code, codeKey: code.toLowerCase(), days: 30, maxUses: 5, targetRole: 'E-TOOL' }).run();

    await page.goto('/account');
    await expect(page.getByRole('heading', { name: 'Minha Conta' })).toBeVisible();
    await expect(page.getByTestId('account-status')).toHaveText('Básico');

    const username = uniqueName('perfil');
    await page.getByLabel('Nome de usuário').fill(username);
    await page.getByRole('button', { name: 'Salvar perfil' }).click();
    await expectToast(page, 'Perfil atualizado');
    await expect(page.getByLabel('Nome de usuário')).toHaveValue(username);

    await page.getByRole('button', { name: 'Ativar código' }).click();
    await expect(page.locator('p.text-red-600', { hasText: 'Por favor, insira um código promocional.' })).toBeVisible();
    await expectToast(page, 'Código Promocional');

    await page.getByRole('textbox', { name: 'Código promocional' }).fill(`  ${code.toLowerCase()}  `);
    await page.getByRole('button', { name: 'Ativar código' }).click();
    const success = page.getByRole('status').filter({ hasText: 'Código ativado! Você recebeu 30 dias de acesso E-TOOL.' }).first();
    await expect(success).toBeVisible();
    await expectToast(page, 'Código promocional ativado');
    await expect(page.getByTestId('account-status')).toHaveText(/^Pro até \d{2} de [a-zç]+ de \d{4}$/);

    await page.getByRole('textbox', { name: 'Código promocional' }).fill(code);
    await page.getByRole('button', { name: 'Ativar código' }).click();
    await expect(page.locator('p.text-red-600', { hasText: 'Você já utilizou este código promocional.' })).toBeVisible();
    await expectToast(page, 'Falha ao ativar código');

    await expect(page.getByTestId('recovery-state')).toHaveText('Ativada');
    await page.getByRole('switch', { name: 'Desativar recuperação de senha' }).click();
    await expect(page.getByTestId('recovery-state')).toHaveText('Desativada');
    await expectToast(page, 'Configuração atualizada');
    expect(user.id).toBeGreaterThan(0);
  });
});

test.describe('notifications', () => {
  test('the bell leads to the grouped list, and mark-as-read dims the item for this user', async ({ page, login, jsEnabled }) => {
    const user = await login('E-TOOL');
    const title = uniqueName('Aviso ');
    db.insert(notifications).values({ title, message: 'Sua assinatura vence em breve.', type: 'warning', userId: user.id }).run();

    await page.goto('/dashboard');
    const bell = page.getByRole(jsEnabled ? 'button' : 'link', { name: /^Notificações/ });
    const before = Number((await page.getByTestId('notifications-badge').textContent()) ?? '0');
    expect(before).toBeGreaterThan(0);
    await bell.click();

    if (jsEnabled) {
      const drawer = page.getByRole('dialog', { name: 'Notificações' });
      await expect(drawer).toBeVisible();
      await expect(drawer.getByRole('heading', { name: 'Avisos' })).toBeVisible();
      const item = drawer.getByTestId('notification-item').filter({ hasText: title });
      await item.getByRole('button', { name: 'Marcar como lida' }).click();
      await expect(item).toHaveAttribute('data-read', 'true');
      await expect(item.getByRole('button', { name: 'Marcar como lida' })).toHaveCount(0);
      await expect(drawer).toBeVisible();
    } else {
      await expect(page).toHaveURL(/\/notifications$/);
      await expect(page.getByRole('heading', { name: 'Avisos' })).toBeVisible();
      const item = page.getByTestId('notification-item').filter({ hasText: title });
      await item.getByRole('button', { name: 'Marcar como lida' }).click();
      await expect(page.getByTestId('notification-item').filter({ hasText: title })).toHaveAttribute('data-read', 'true');
    }
    const after = page.getByTestId('notifications-badge');
    if (before === 1) await expect(after).toHaveCount(0);
    else await expect(after).toHaveText(String(before - 1));
    expect(db.select().from(notifications).where(eq(notifications.title, title)).get()!.isRead).toBe(true);
  });
});
