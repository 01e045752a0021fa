import { eq } from 'drizzle-orm';
import { db } from '../../db/client';
import { contactMessages, courses, notifications, planPrices, promoCodes } from '../../db/schema';
import { foldKey } from '../../app/utils/fold';
import { createCourse } from '../setup/factories';
import { expect, expectToast, test, uniqueName } from './fixtures';

/**
 * The admin's content tabs, with JavaScript on and off (each project runs every test):
 * a role promo code, a notification, a plan price typed with a comma, a course price removed and
 * a course hidden.
 */

function insertCourse(title: string, values: Partial<typeof courses.$inferInsert> = {}) {
  return createCourse({
    title,
    description: 'Um curso criado pelo teste de ponta a ponta.',
    instructor: 'Eng. Teste',
    duration: '6 horas',
    ...values,
  });
}

test.describe('admin content tabs', () => {
  test('creates a role promo code with the form defaults', async ({ page, login, jsEnabled }) => {
    await login('admin');
    const code = uniqueName('CARGO').toUpperCase();
    await page.goto('/admin/promocodes');
    await expect(page.getByRole('heading', { name: 'Painel de Administração' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Criar código promocional' })).toBeVisible();

    // The course field is there only without JavaScript (with a note); with it, only the role field shows for a role code.
    await expect(page.getByRole('combobox', { name: 'Curso', exact: true })).toHaveCount(jsEnabled ? 0 : 1);
    await expect(page.getByTestId('promo-type-note')).toHaveCount(jsEnabled ? 0 : 1);
    await expect(page.getByRole('spinbutton', { name: 'Dias' })).toHaveValue('30');
    await expect(page.getByRole('spinbutton', { name: 'Máximo de usos' })).toHaveValue('10');
    await expect(page.getByRole('combobox', { name: 'Cargo alvo' })).toHaveValue('E-TOOL');

    if (jsEnabled) {
      await page.getByRole('combobox', { name: 'Tipo' }).selectOption('course');
      await expect(page.getByRole('combobox', { name: 'Curso', exact: true })).toBeVisible();
      await expect(page.getByRole('combobox', { name: 'Cargo alvo' })).toHaveCount(0);
      await page.getByRole('combobox', { name: 'Tipo' }).selectOption('role');
    }
    await page.getByRole('textbox', { name: 'Código', exact: true }).fill(code);
    await page.getByRole('combobox', { name: 'Cargo alvo' }).selectOption('E-MASTER');
    await page.getByRole('button', { name: 'Criar código' }).click();

    await expectToast(page, 'Código promocional criado');
    const row = page.getByTestId('promo-row').filter({ hasText: code });
    await expect(row).toBeVisible();
    await expect(row.getByRole('cell')).toHaveText([code, 'Cargo', 'E-MASTER', '30', '0/10', '-', /Excluir/]);
    expect(db.select().from(promoCodes).where(eq(promoCodes.code, code)).get()).toMatchObject({
      promoType: 'role',
      targetRole: 'E-MASTER',
      days: 30,
      maxUses: 10,
    });
  });

  test('refuses a code that already exists beside its field, with the toast, keeping what was typed', async ({ page, login }) => {
    await login('admin');
    const code = uniqueName('DUPLO').toUpperCase();
    db.insert(promoCodes)
      .values({ code, codeKey: foldKey(code) })
      .run();
    await page.goto('/admin/promocodes');
    await page.getByRole('textbox', { name: 'Código', exact: true }).fill(code.toLowerCase());
    await page.getByRole('spinbutton', { name: 'Dias' }).fill('45');
    await page.getByRole('button', { name: 'Criar código' }).click();
    await expect(page.locator('.field-error', { hasText: 'Já existe um código promocional com este código.' })).toBeVisible();
    await expectToast(page, 'Erro ao criar código promocional');
    await expect(page.getByRole('textbox', { name: 'Código', exact: true })).toHaveValue(code.toLowerCase());
    await expect(page.getByRole('spinbutton', { name: 'Dias' })).toHaveValue('45');
  });

  test('sends a notification to one role, listed in the history with its date', async ({ page, login }) => {
    await login('admin');
    const title = uniqueName('Aviso ');
    await page.goto('/admin/notifications');
    await page.getByRole('textbox', { name: 'Título' }).fill(title);
    await page.getByRole('textbox', { name: 'Mensagem' }).fill('Curta');
    await page.getByRole('button', { name: 'Enviar notificação' }).click();
    await expect(page.locator('.field-error', { hasText: 'A mensagem deve ter pelo menos 10 caracteres' })).toBeVisible();
    expect(db.select().from(notifications).where(eq(notifications.title, title)).get()).toBeUndefined();

    await page.getByRole('textbox', { name: 'Mensagem' }).fill('A ferramenta de torque ganhou novas unidades.');
    await page.getByRole('combobox', { name: 'Destinatários' }).selectOption('E-TOOL');
    await page.getByRole('button', { name: 'Enviar notificação' }).click();

    await expectToast(page, 'Notificação enviada');
    const row = page.getByTestId('notification-row').filter({ hasText: title });
    await expect(row.getByRole('cell')).toHaveText([
      title,
      'Informação',
      'Usuários E-TOOL',
      /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/,
      /Excluir/,
    ]);
    expect(db.select().from(notifications).where(eq(notifications.title, title)).get()).toMatchObject({
      type: 'info',
      targetRole: 'E-TOOL',
    });
  });

  test("sets a plan price written '29,90' (R$ 29,90), refusing zero", async ({ page, login, jsEnabled }) => {
    await login('admin');
    await page.goto('/admin/prices');
    const plans = page.getByRole('region', { name: 'Preço mensal dos planos' });
    await expect(plans.getByRole('combobox', { name: 'Plano' })).toHaveValue('E-TOOL');
    await expect(plans.getByRole('textbox', { name: 'Preço mensal (R$)' })).toHaveValue('49.90');

    await plans.getByRole('textbox', { name: 'Preço mensal (R$)' }).fill('0');
    await plans.getByRole('button', { name: 'Salvar preço' }).click();
    await expect(plans.locator('.field-error', { hasText: 'Preço deve ser um número positivo' })).toBeVisible();

    // With JavaScript the field keeps only digits, dots and commas as it is typed; without, the server does the same.
    await plans.getByRole('textbox', { name: 'Preço mensal (R$)' }).fill('R$ 29,90');
    if (jsEnabled) await expect(plans.getByRole('textbox', { name: 'Preço mensal (R$)' })).toHaveValue('29,90');
    await plans.getByRole('button', { name: 'Salvar preço' }).click();

    await expectToast(page, 'Preço atualizado');
    await expect(page.getByTestId('plan-price-row').filter({ hasText: 'E-TOOL' }).getByRole('cell').nth(1)).toHaveText('R$ 29,90');
    expect(db.select().from(planPrices).where(eq(planPrices.planType, 'E-TOOL')).get()?.monthlyPriceCents).toBe(2990);
  });

  test("removes a course's price: the table then says 'Não definido'", async ({ page, login }) => {
    await login('admin');
    const title = uniqueName('Curso à venda ');
    const course = insertCourse(title, { priceCents: 12990 });
    await page.goto('/admin/prices');
    const row = page.getByTestId('course-price-row').filter({ hasText: title });
    await expect(row.getByRole('cell').nth(1)).toHaveText('R$ 129,90');
    await row.getByRole('button', { name: /^Remover preço/ }).click();

    await expectToast(page, 'Preço removido');
    await expect(row.getByRole('cell').nth(1)).toHaveText('Não definido');
    await expect(row.getByRole('button', { name: /^Remover preço/ })).toHaveCount(0);
    expect(db.select({ cents: courses.priceCents }).from(courses).where(eq(courses.id, course.id)).get()?.cents).toBeNull();
  });

  test('hides a course: Visível becomes Oculto and the button offers Mostrar', async ({ page, login }) => {
    await login('admin');
    const title = uniqueName('Curso visível ');
    const course = insertCourse(title);
    await page.goto(`/admin/courses?q=${encodeURIComponent(title)}`);
    const row = page.getByTestId('course-row').filter({ hasText: title });
    await expect(row.getByTestId('course-visibility')).toHaveText('Visível');
    await expect(row.getByRole('link', { name: /^Ver/ })).toHaveAttribute('href', `/courses/${course.id}`);
    await expect(row.getByRole('link', { name: /^Ver/ })).toHaveAttribute('target', '_blank');
    await row.getByRole('button', { name: /^Ocultar/ }).click();

    await expectToast(page, 'Visibilidade atualizada');
    await expect(row.getByTestId('course-visibility')).toHaveText('Oculto');
    await expect(row.getByRole('button', { name: /^Mostrar/ })).toBeVisible();
    expect(db.select({ isHidden: courses.isHidden }).from(courses).where(eq(courses.id, course.id)).get()?.isHidden).toBe(true);
  });

  test('deletes a promo code after the confirmation (the browser dialog with JavaScript, a confirmation page without)', async ({
    page,
    login,
    jsEnabled,
  }) => {
    await login('admin');
    const code = uniqueName('APAGAR').toUpperCase();
    db.insert(promoCodes)
      .values({ code, codeKey: foldKey(code) })
      .run();
    await page.goto(`/admin/promocodes?q=${code}`);
    const row = page.getByTestId('promo-row').filter({ hasText: code });
    if (jsEnabled) {
      page.once('dialog', (dialog) => {
        expect(dialog.message()).toBe('Tem certeza que deseja excluir este código promocional? Esta ação não pode ser desfeita.');
        void dialog.accept();
      });
      await row.getByRole('link', { name: /^Excluir/ }).click();
    } else {
      await row.getByRole('link', { name: /^Excluir/ }).click();
      await expect(page.getByRole('heading', { name: `Excluir o código ${code}` })).toBeVisible();
      await expect(
        page.getByText('Tem certeza que deseja excluir este código promocional? Esta ação não pode ser desfeita.'),
      ).toBeVisible();
      await page.getByRole('button', { name: 'Excluir' }).click();
    }
    await expectToast(page, 'Código promocional excluído');
    await expect(page.getByText('Nenhum código promocional encontrado')).toBeVisible();
    expect(db.select().from(promoCodes).where(eq(promoCodes.code, code)).get()).toBeUndefined();
  });

  test('opens a contact message from the inbox, which marks it read, then archives it', async ({ page, login }) => {
    await login('admin');
    const subject = uniqueName('Orçamento ');
    db.insert(contactMessages)
      .values({
        name: 'Visitante Teste',
        email: 'visitante@example.com',
        subject,
        message: 'Gostaria de um orçamento\npara a minha equipe.',
      })
      .run();
    await page.goto(`/admin/inbox?filter=unread&q=${encodeURIComponent(subject)}`);
    await page.getByRole('button', { name: new RegExp(`^${subject}`) }).click();

    const dialog = page.getByRole('dialog', { name: subject });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('inbox-message-text')).toHaveText('Gostaria de um orçamento\npara a minha equipe.');
    await expect(dialog.getByTestId('inbox-message-state')).toHaveText('Lida');
    await expect(page.getByText('Nenhuma mensagem não lida encontrada')).toBeAttached();
    await dialog.getByRole('button', { name: 'Arquivar' }).click();

    await expectToast(page, 'Mensagem arquivada');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(db.select().from(contactMessages).where(eq(contactMessages.subject, subject)).get()).toMatchObject({
      readAt: expect.any(Date),
      archivedAt: expect.any(Date),
    });
  });
});
