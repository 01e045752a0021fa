import type { Page } from '@playwright/test';
import { db } from '../../db/client';
import { payments } from '../../db/schema';
import { closeThread, createThread, postMessage } from '../../app/models/chat/chat.server';
import { rateTicket } from '../../app/models/chat/ticket-rating.server';
import { createUser } from '../setup/factories';
import { expect, test, uniqueName, waitForHydration } from './fixtures';

/**
 * Lists on a phone (issue 22): at 390 × 844 no main page scrolls sideways and no table cell is cut
 * off (the table kit shows its rows as cards below `sm`); an E-BASIC dashboard shows its tools
 * before the shortcuts. JavaScript on and off.
 */

const WIDTH = 390;
test.use({ viewport: { width: WIDTH, height: 844 } });

/** The page's width, and the visible table cells reaching past the screen's right edge (and, with JavaScript, no failed hydration). */
async function expectFitsPhone(page: Page, path: string) {
  const errors: string[] = [];
  const onError = (error: Error) => errors.push(error.message);
  page.on('pageerror', onError);
  const response = await page.goto(path);
  expect(response?.status(), path).toBeLessThan(400);
  await waitForHydration(page, await page.evaluate(() => Boolean(document.querySelector('script[src]'))));
  page.off('pageerror', onError);
  expect(errors, `${path} fails in the browser`).toEqual([]);
  const layout = await page.evaluate((width) => {
    /** Inside a box of at most 1 px that hides its overflow (the kit's header row on a phone is `sr-only`). */
    const visuallyHidden = (element: Element) => {
      for (let node: Element | null = element; node; node = node.parentElement) {
        const box = node.getBoundingClientRect();
        if ((box.width <= 1 || box.height <= 1) && getComputedStyle(node).overflow === 'hidden') return true;
      }
      return false;
    };
    const clipped = [...document.querySelectorAll('th, td')]
      .filter((cell) => {
        const box = cell.getBoundingClientRect();
        return box.width > 0 && getComputedStyle(cell).visibility !== 'hidden' && box.right > width + 0.5 && !visuallyHidden(cell);
      })
      .map((cell) => (cell.textContent ?? '').trim().slice(0, 40));
    return { scrollWidth: document.documentElement.scrollWidth, clipped, cells: document.querySelectorAll('td').length };
  }, WIDTH);
  expect(layout.scrollWidth, `${path} scrolls sideways`).toBeLessThanOrEqual(WIDTH);
  expect(layout.clipped, `${path} cuts table cells`).toEqual([]);
  return layout;
}

test('public pages fit a phone', async ({ page }) => {
  for (const path of ['/', '/auth', '/about', '/contact']) await expectFitsPhone(page, path);
});

test("an E-BASIC user's pages fit a phone, the chat list shows every column, and the dashboard puts the tools first", async ({ page, login }) => {
  const user = await login('E-BASIC');
  const desk = await createUser({ role: 'admin' });
  const open = await createThread(user, { subject: 'Um assunto bem comprido para ver se a lista cabe no celular', message: 'Olá' });
  const closed = await createThread(user, { subject: 'Encerrado', message: 'Pergunta' });
  await postMessage(desk, closed.id, 'Resposta');
  closeThread(user, closed.id);

  for (const path of ['/dashboard', '/account', '/courses', '/calculators', '/calculators/history', '/upgrade', `/chat/${open.id}`, `/chat/${closed.id}`]) {
    await expectFitsPhone(page, path);
  }

  const chats = await expectFitsPhone(page, '/chats');
  expect(chats.cells).toBeGreaterThanOrEqual(8);
  // Each cell carries its column's name on a phone: 'Status' is there, inside the screen.
  const statusCell = page.getByTestId('chat-row').first().locator('td').nth(2);
  expect(await statusCell.evaluate((cell) => getComputedStyle(cell, '::before').content)).toBe('"Status"');
  await expect(statusCell).toBeInViewport();

  await page.goto('/dashboard');
  const toolsTop = (await page.getByRole('heading', { name: 'Ferramentas', exact: true }).boundingBox())!.y;
  const accountTop = (await page.getByRole('link', { name: /^Conta/ }).last().boundingBox())!.y;
  expect(toolsTop).toBeLessThan(accountTop);
});

test("a buyer's payments on /account fit a phone", async ({ page, login }) => {
  const buyer = await login('E-TOOL');
  const paidAt = new Date();
  db.insert(payments)
    .values({
      userId: buyer.id,
      payerUsername: buyer.username,
      payerEmail: buyer.email,
      stripePaymentIntentId: `pi_${uniqueName('phone')}`,
      kind: 'plan',
      planType: 'E-TOOL',
      months: 1,
      amountCents: 2990,
      status: 'succeeded',
      method: 'card',
      createdAt: paidAt,
      completedAt: paidAt,
    })
    .run();
  await expectFitsPhone(page, '/account');
  await expect(page.getByTestId('payment-row')).toHaveCount(1);
  await expect(page.getByTestId('payment-row')).toContainText('R$ 29,90');
});

test("every tab of the admin panel fits a phone, the support figures included", async ({ page, login }) => {
  const admin = await login('admin');
  const owner = await createUser({ role: 'E-BASIC' });
  const thread = await createThread(owner, { subject: 'Avaliado', message: 'Pergunta' });
  await postMessage(admin, thread.id, 'Resposta');
  closeThread(owner, thread.id);
  rateTicket(owner, thread.id, { score: 5 });

  await page.goto('/admin/users');
  const tabs = await page
    .getByRole('navigation')
    .locator('a[href^="/admin/"]')
    .evaluateAll((links) => [...new Set(links.map((link) => link.getAttribute('href')!))]);
  expect(tabs).toEqual(expect.arrayContaining(['/admin/users', '/admin/chats', '/admin/refunds', '/admin/emails', '/admin/audit']));
  for (const tab of tabs) await expectFitsPhone(page, tab);
  await expectFitsPhone(page, '/admin/chats');
  await expect(page.getByTestId('rating-month-row')).toHaveCount(6);
});
