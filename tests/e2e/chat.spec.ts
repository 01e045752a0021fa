import type { Browser, Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { db } from '../../db/client';
import { chatMessages, chatThreads } from '../../db/schema';
import { createThread } from '../../app/models/chat/chat.server';
import { createUser, sessionCookie } from '../setup/factories';
import { expect, expectToast, test, uniqueName, waitForHydration } from './fixtures';

/**
 * The support chat in a browser, with JavaScript on and off (each project runs every
 * test): a user opens a chat, the desk answers from another browser, the user sees the answer
 * after 'Atualizar', closes the ticket, and the admin deletes it. The live updates (JavaScript
 * on, no reload) are tests/e2e/chat-live.spec.ts.
 */

/** A second browser (its own cookies) signed in as a new user of `role`, JavaScript as in this project. */
async function otherBrowser(browser: Browser, baseURL: string, jsEnabled: boolean, role: 'admin' | 'E-BASIC') {
  const user = await createUser({ role });
  const context = await browser.newContext({ javaScriptEnabled: jsEnabled, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const [name, value] = (await sessionCookie(user)).split('=');
  await context.addCookies([{ name, value, url: baseURL, httpOnly: true, sameSite: 'Lax' }]);
  return { user, context, page: await context.newPage() };
}

const messages = (page: Page) => page.getByTestId('chat-message');

test.describe('support chat', () => {
  test("a user opens a chat, the desk answers, the user sees it after 'Atualizar', closes it, and the admin deletes it", async ({
    page,
    login,
    browser,
    baseURL,
    jsEnabled,
  }) => {
    // Two browsers and a dozen round trips: 20-27 s on a quiet machine, too close to the 30 s default.
    test.slow();
    const user = await login('E-BASIC');
    const subject = uniqueName('Queda de tensão ');
    const question = 'O resultado passa de 4 % no circuito do motor. Está certo?';

    await page.goto('/chats');
    await expect(page.getByRole('heading', { name: 'Meus Chats' })).toBeVisible();
    await expect(page.getByText('Nenhum chat encontrado')).toBeVisible();
    await expect(page.getByText('Inicie uma nova conversa com nossa equipe')).toBeVisible();
    await page.getByRole('link', { name: 'Novo Chat' }).click();
    await expect(page).toHaveURL(/\/chat\/new$/);
    await expect(page.getByRole('heading', { name: 'Nova Conversa' })).toBeVisible();

    // The page's own rules first (with JavaScript the browser checks them too).
    await page.getByLabel('Assunto').fill('ab');
    await page.getByPlaceholder('Digite sua mensagem aqui...').fill('oi');
    await page.getByRole('button', { name: 'Enviar' }).click();
    // Beside the fields (without JavaScript the server's refusal also raises 'Erro ao iniciar conversa').
    await expect(page.locator('main').getByText('O assunto deve ter pelo menos 3 caracteres')).toBeVisible();
    await expect(page.locator('main').getByText('A mensagem deve ter pelo menos 5 caracteres')).toBeVisible();
    if (!jsEnabled) await expectToast(page, 'Erro ao iniciar conversa');

    await page.getByLabel('Assunto').fill(subject);
    await page.getByPlaceholder('Digite sua mensagem aqui...').fill(question);
    await page.getByRole('button', { name: 'Enviar' }).click();
    await expect(page).toHaveURL(/\/chat\/\d+(#recentes)?$/);
    await expectToast(page, 'Conversa iniciada');
    await expect(page.getByRole('heading', { name: `Ticket: ${subject}` })).toBeVisible();
    await expect(messages(page)).toHaveCount(1);
    await expect(messages(page).first()).toContainText('Usuário');
    await expect(messages(page).first()).toContainText(question);
    const threadId = Number(/\/chat\/(\d+)/.exec(page.url())![1]);
    expect(db.select().from(chatThreads).where(eq(chatThreads.id, threadId)).get()).toMatchObject({ userId: user.id, isAdminUnread: true });

    // The desk, in another browser: the ticket is unread in its list.
    const desk = await otherBrowser(browser, baseURL!, jsEnabled, 'admin');
    try {
      await desk.page.goto(`/admin/chats?q=${encodeURIComponent(subject)}`);
      // A link clicked before hydration is lost: the router's first history.replaceState cancels its navigation.
      await waitForHydration(desk.page, jsEnabled);
      await expect(desk.page.getByRole('heading', { name: 'Suporte ao Usuário' })).toBeVisible();
      const row = desk.page.getByTestId('chat-row').filter({ hasText: subject });
      await expect(row).toContainText(user.username);
      await expect(row.getByTestId('chat-unread-dot')).toHaveCount(1);
      await row.getByRole('link', { name: /Visualizar/ }).click();
      await expect(desk.page).toHaveURL(new RegExp(`/chat/${threadId}#recentes$`));
      await expect(desk.page.getByTestId('chat-user-name')).toHaveText(user.username);
      const reply = `Sim, o limite da NBR 5410 é 4 %; aumente a seção do condutor. ${Date.now()}`;
      await desk.page.getByPlaceholder('Digite sua mensagem...').fill(reply);
      await desk.page.getByRole('button', { name: 'Enviar' }).click();
      await expect(messages(desk.page).filter({ hasText: reply })).toContainText('Administrador');
      await expect(desk.page.getByPlaceholder('Digite sua mensagem...')).toHaveValue('');

      // The user sees the answer after 'Atualizar' (a reload without JavaScript; with it, a toast).
      await page.getByRole('link', { name: 'Atualizar' }).click();
      if (jsEnabled) await expectToast(page, 'Atualizado');
      const answer = messages(page).filter({ hasText: reply });
      await expect(answer).toBeVisible();
      await expect(answer).toContainText('Administrador');
      await expect(messages(page)).toHaveCount(2);

      // The user ends the ticket: no more messages.
      await page.getByRole('button', { name: 'Finalizar Ticket' }).click();
      await expectToast(page, 'Ticket encerrado');
      await expect(page.getByText('Este ticket foi encerrado e não aceita mais mensagens')).toBeVisible();
      await expect(page.getByPlaceholder('Digite sua mensagem...')).toHaveCount(0);
      await expect(page.getByTestId('chat-status')).toHaveText('Fechado');

      // The admin deletes it: the browser's confirm with JavaScript, a page of its own without.
      await desk.page.goto(`/chat/${threadId}`);
      if (jsEnabled) {
        desk.page.once('dialog', (dialog) => {
          expect(dialog.message()).toBe('Tem certeza que deseja excluir este ticket? Esta ação não pode ser desfeita.');
          void dialog.accept();
        });
        await desk.page.getByRole('link', { name: 'Excluir' }).click();
      } else {
        await desk.page.getByRole('link', { name: 'Excluir' }).click();
        await expect(desk.page.getByText('Tem certeza que deseja excluir este ticket? Esta ação não pode ser desfeita.')).toBeVisible();
        await desk.page.getByRole('button', { name: 'Excluir' }).click();
      }
      await expect(desk.page).toHaveURL(/\/admin\/chats$/);
      await expectToast(desk.page, 'Ticket excluído');
      expect(db.select().from(chatThreads).where(eq(chatThreads.id, threadId)).get()).toBeUndefined();
    } finally {
      await desk.context.close();
    }
  });

  test('Enter sends and Shift+Enter makes a new line (JavaScript); without it the box is a plain form', async ({
    page,
    login,
    jsEnabled,
  }) => {
    const user = await login('E-TOOL');
    const thread = await createThread(user, { subject: uniqueName('Teclado '), message: 'Primeira mensagem.' });
    await page.goto(`/chat/${thread.id}`);
    const box = page.getByPlaceholder('Digite sua mensagem...');
    const send = page.getByRole('button', { name: 'Enviar' });
    if (jsEnabled) {
      await expect(send).toBeDisabled();
      await box.fill('   ');
      await expect(send).toBeDisabled();
      await box.fill('Linha um');
      await box.press('Shift+Enter');
      await box.pressSequentially('Linha dois');
      await expect(box).toHaveValue('Linha um\nLinha dois');
      await box.press('Enter');
      await expect(messages(page)).toHaveCount(2);
      await expect(messages(page).last()).toContainText('Linha um\nLinha dois');
      await expect(box).toHaveValue('');
    } else {
      await expect(send).toBeEnabled();
      await box.fill('Enviada sem JavaScript');
      await send.click();
      await expect(messages(page).last()).toContainText('Enviada sem JavaScript');
    }
  });

  test('on a phone, the message just sent is in view after the send, the reply box under it', async ({ page, login, jsEnabled }) => {
    const user = await login('E-TOOL');
    const thread = await createThread(user, { subject: uniqueName('Celular '), message: 'Primeira mensagem.' });
    // A ticket longer than the screen: the page must scroll to the new message, not to the reply box.
    const earlier = Array.from({ length: 8 }, (_, index) => ({
      threadId: thread.id,
      userId: user.id,
      message: `Mensagem anterior ${index + 1}, com texto bastante para ocupar algumas linhas na tela de um celular.`,
    }));
    db.insert(chatMessages).values(earlier).run();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/chat/${thread.id}`);
    await waitForHydration(page, jsEnabled);
    await page.getByPlaceholder('Digite sua mensagem...').fill('Enviada do celular, umapalavramuitolongasemespacosquedevequebrarnatela');
    await page.getByRole('button', { name: 'Enviar' }).click();
    const sent = messages(page).last();
    await expect(sent).toContainText('Enviada do celular');
    await expect(page).toHaveURL(/#recentes$/);
    await expect(sent).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test("someone else's ticket sends the user to / with 'Acesso negado'", async ({ page, login }) => {
    await login('E-BASIC');
    const owner = await createUser();
    const thread = await createThread(owner, { subject: 'Particular', message: 'Só meu.' });
    await page.goto(`/chat/${thread.id}`);
    await expect(page).toHaveURL(/\/$/);
    await expectToast(page, 'Acesso negado', 'Você não tem permissão para acessar este ticket');
  });
});
