import type { Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { db } from '../../db/client';
import { users } from '../../db/schema';
import { DAY_MS } from '../../app/models/accounts/role-arithmetic';
import { getUserById, verifyCredentials } from '../../app/models/accounts/user.server';
import { formatShortDate } from '../../app/utils/format';
import { createUser } from '../setup/factories';
import { expect, expectToast, test, uniqueName } from './fixtures';

/**
 * The Users tab, with JavaScript on and off (each project runs every test): create a
 * user with 30 Pro days, add 10 more, reset their password, run the expiry check, delete a user.
 */

const userRow = (page: Page, username: string) => page.getByTestId('user-row').filter({ hasText: username });

test.describe('admin users tab', () => {
  test('creates an E-TOOL user with 30 Pro days, adds 10 more, resets the password and runs the expiry check', async ({
    page,
    login,
    jsEnabled,
  }) => {
    await login('admin');
    const username = uniqueName('pro');
    const email = `${username}@example.com`;

    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { name: 'Painel de Administração' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Seções do painel' }).getByRole('link', { name: 'Usuários' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    // The Pro days field: with JavaScript only for E-TOOL and E-MASTER; without it always, with its note.
    const days = page.getByRole('spinbutton', { name: 'Dias Pro' });
    await expect(days).toHaveCount(jsEnabled ? 0 : 1);
    if (!jsEnabled) await expect(page.getByText('(usado apenas para E-TOOL e E-MASTER)')).toBeVisible();

    await page.getByRole('textbox', { name: 'Nome de usuário' }).fill(username);
    await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await page.getByLabel('Senha', { exact: true }).fill('primeira1');
    await page.getByRole('combobox', { name: 'Cargo' }).selectOption('E-TOOL');
    await expect(days).toHaveValue('30');
    await page.getByRole('button', { name: 'Adicionar usuário' }).click();
    await expectToast(page, 'Usuário criado');

    const created = db.select().from(users).where(eq(users.email, email)).get()!;
    const firstEnd = getUserById(created.id)!.roleExpiryDate!;
    expect((firstEnd.getTime() - Date.now()) / DAY_MS).toBeCloseTo(30, 1);

    // Find them with the search box.
    await page.getByRole('searchbox', { name: 'Buscar por nome de usuário ou e-mail' }).fill(username.toUpperCase());
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    await expect(page.getByTestId('user-row')).toHaveCount(1);
    await expect(userRow(page, username).getByRole('cell').nth(4)).toHaveText(formatShortDate(firstEnd));

    // Edit: the dialog's Pro days start at 0; 10 more days move the expiry by 10 days.
    await userRow(page, username)
      .getByRole('link', { name: `Editar ${username}` })
      .click();
    const editDialog = page.getByRole('dialog', { name: 'Editar usuário' });
    await expect(editDialog).toBeVisible();
    await expect(editDialog.getByRole('spinbutton', { name: 'Dias Pro' })).toHaveValue('0');
    await editDialog.getByRole('spinbutton', { name: 'Dias Pro' }).fill('10');
    await editDialog.getByRole('button', { name: 'Salvar' }).click();
    await expectToast(page, 'Usuário atualizado');
    await expect(editDialog).toHaveCount(0);
    const secondEnd = getUserById(created.id)!.roleExpiryDate!;
    expect(secondEnd.getTime() - firstEnd.getTime()).toBe(10 * DAY_MS);
    await expect(userRow(page, username).getByRole('cell').nth(4)).toHaveText(formatShortDate(secondEnd));

    // Reset the password.
    await userRow(page, username)
      .getByRole('link', { name: `Redefinir senha de ${username}` })
      .click();
    const resetDialog = page.getByRole('dialog', { name: `Redefinir senha de ${username}` });
    await resetDialog.getByLabel('Nova senha').fill('segunda22');
    await resetDialog.getByRole('button', { name: 'Redefinir senha' }).click();
    await expectToast(page, 'Senha redefinida');
    await expect(resetDialog).toHaveCount(0);
    expect(await verifyCredentials(email, 'segunda22')).not.toBeNull();
    expect(await verifyCredentials(email, 'primeira1')).toBeNull();

    // The forced expiry check.
    await page.getByRole('button', { name: 'Verificar Planos Expirados' }).click();
    await expectToast(page, 'Verificação concluída');
    expect(getUserById(created.id)).toMatchObject({ role: 'E-TOOL' });
  });

  test('deletes a user after confirming (the browser asks with JavaScript; a page of its own without)', async ({
    page,
    login,
    jsEnabled,
  }) => {
    await login('admin');
    const victim = await createUser({ username: uniqueName('sai') });
    await page.goto(`/admin/users?q=${victim.username}`);
    await expect(userRow(page, victim.username)).toBeVisible();

    if (jsEnabled) {
      page.once('dialog', (dialog) => {
        expect(dialog.message()).toContain(`excluir o usuário ${victim.username}`);
        void dialog.accept();
      });
      await userRow(page, victim.username)
        .getByRole('link', { name: `Excluir ${victim.username}` })
        .click();
    } else {
      await userRow(page, victim.username)
        .getByRole('link', { name: `Excluir ${victim.username}` })
        .click();
      await expect(page.getByRole('heading', { name: 'Excluir usuário' })).toBeVisible();
      await expect(page.getByText(`Tem certeza que deseja excluir o usuário ${victim.username}?`)).toBeVisible();
      await page.getByRole('button', { name: 'Excluir' }).click();
    }
    await expectToast(page, 'Usuário excluído');
    await expect(page.getByText('Nenhum usuário encontrado')).toBeVisible();
    expect(getUserById(victim.id)).toBeUndefined();
  });
});
