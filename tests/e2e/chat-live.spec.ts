import type { Browser, BrowserContext, Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { db } from '../../db/client';
import { chatThreads } from '../../db/schema';
import { createThread } from '../../app/models/chat/chat.server';
import { countAdminUnreadThreads } from '../../app/models/chat/thread-lists.server';
import { createUser, sessionCookie } from '../setup/factories';
import { expect, expectToast, test } from './fixtures';

/**
 * The live layer in a browser (JavaScript on only: playwright.config.ts keeps this file out of
 * the no-js project; without JavaScript 'Atualizar' reloads, which the chat's own tests cover).
 */

async function signedInContext(browser: Browser, baseURL: string, role: 'admin' | 'E-BASIC' = 'E-BASIC') {
  const user = await createUser({ role });
  const context = await browser.newContext();
  const [name, value] = (await sessionCookie(user)).split('=');
  await context.addCookies([{ name, value, url: baseURL, httpOnly: true, sameSite: 'Lax' }]);
  return { user, context };
}

/** Opens `path` and waits for the tab's event stream to be answered (it opens after hydration). */
async function openWithStream(page: Page, path: string) {
  const stream = page.waitForResponse((response) => response.url().includes('/resources/live') && response.status() === 200);
  await page.goto(path);
  await stream;
}

/** A mark on the window: still there later means the page was never reloaded. */
async function markPage(page: Page) {
  await page.evaluate(() => ((window as unknown as { liveMark: string }).liveMark = 'unchanged'));
}
const pageMark = (page: Page) => page.evaluate(() => (window as unknown as { liveMark?: string }).liveMark ?? null);

test.describe('live updates over the event stream', () => {
  const contexts: BrowserContext[] = [];
  test.afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close();
  });

  test("the admin's reply appears on the user's open ticket without a reload, and the admin's header counts follow the user", async ({
    page,
    login,
    browser,
    baseURL,
  }) => {
    const user = await login('E-BASIC');
    const thread = await createThread(user, { subject: 'Painel não liga', message: 'O painel não liga desde ontem.' });
    const desk = await signedInContext(browser, baseURL!, 'admin');
    contexts.push(desk.context);
    const admin = await desk.context.newPage();

    const streams: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/resources/live')) streams.push(request.url());
    });
    await openWithStream(page, `/chat/${thread.id}`);
    await markPage(page);
    await expect(page.getByTestId('chat-message')).toHaveCount(1);

    await openWithStream(admin, `/chat/${thread.id}`);
    const reply = `Verifique o disjuntor ${Date.now()}`;
    await admin.getByPlaceholder('Digite sua mensagem...').fill(reply);
    await admin.getByPlaceholder('Digite sua mensagem...').press('Enter');

    const arrived = page.getByTestId('chat-message').filter({ hasText: reply });
    await expect(arrived).toBeVisible({ timeout: 3000 });
    await expect(arrived).toContainText('Administrador');
    await expect(page.getByTestId('chat-message')).toHaveCount(2);
    expect(await pageMark(page)).toBe('unchanged');
    // The user is looking at the reply: it is marked read, and the 'Suporte' count stays clear.
    await expect.poll(() => db.select().from(chatThreads).where(eq(chatThreads.id, thread.id)).get()?.isUserUnread).toBe(false);
    await expect(page.getByTestId('support-unread-badge')).toHaveCount(0);

    // The admin waits on the dashboard: the user's answer moves the desk's icon there, live (the
    // count is the whole desk's, which other tests move too: it must end equal to the database's).
    await openWithStream(admin, '/dashboard');
    await markPage(admin);
    const badge = async () =>
      (await admin.getByTestId('admin-chats-badge').count()) === 0
        ? '0'
        : // The badge's visible count; its hidden ' não lidos' completes the link's name for screen readers.
          (await admin.getByTestId('admin-chats-badge').textContent())?.replace(' não lidos', '');
    const answer = `Era o disjuntor, obrigado ${Date.now()}`;
    await page.getByPlaceholder('Digite sua mensagem...').fill(answer);
    await page.getByPlaceholder('Digite sua mensagem...').press('Enter');
    await expect(page.getByTestId('chat-message').filter({ hasText: answer })).toBeVisible();
    await expect.poll(async () => (await badge()) === String(countAdminUnreadThreads()), { timeout: 3000 }).toBe(true);
    expect(await pageMark(admin)).toBe('unchanged');
    // The user's tab kept one stream all along, opened with the ticket on screen (posting, which
    // reloads the ticket's data, did not reopen it).
    expect(streams).toHaveLength(1);
    expect(streams[0]).toContain(`thread=${thread.id}`);
  });

  test("the user's tab leaves for /auth with 'Sessão expirada' when the same user logs in elsewhere", async ({ page, login, browser }) => {
    const user = await login('E-BASIC');
    await openWithStream(page, '/dashboard');

    const elsewhere = await browser.newContext();
    contexts.push(elsewhere);
    const other = await elsewhere.newPage();
    await other.goto('/auth');
    await other.getByLabel('E-mail').fill(user.email);
    await other.getByLabel('Senha', { exact: true }).fill(user.plainPassword);
    await other.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(other).toHaveURL(/\/dashboard$/);

    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fdashboard$/, { timeout: 5000 });
    await expectToast(page, 'Sessão expirada', 'Sua conta foi acessada em outro dispositivo. Por favor, faça login novamente.');
  });
});
