import AxeBuilder from '@axe-core/playwright';
import { eq } from 'drizzle-orm';
import { db } from '../../db/client';
import { ticketRatings } from '../../db/schema';
import { closeThread, createThread, postMessage } from '../../app/models/chat/chat.server';
import { createUser, sessionCookie } from '../setup/factories';
import { expect, expectToast, test, waitForHydration } from './fixtures';

/**
 * 'Como foi o atendimento?' in a browser, with JavaScript on and off: the owner of a closed ticket
 * rates it from the ticket page (a refusal first, then the rating), the page then shows the rating
 * instead of the form, and the admin's support tab counts it.
 */

test('the owner rates a closed ticket once and the admin sees it in the support figures', async ({
  page,
  login,
  jsEnabled,
  context,
  baseURL,
}) => {
  const user = await login('E-BASIC');
  const desk = await createUser({ role: 'admin' });
  const thread = await createThread(user, { subject: 'Boleto não compensou', message: 'Paguei ontem e nada' });
  await postMessage(desk, thread.id, 'Já foi compensado, pode conferir');
  closeThread(user, thread.id);

  await page.goto(`/chat/${thread.id}`);
  await waitForHydration(page, jsEnabled);
  const form = page.getByRole('region', { name: 'Avaliação do atendimento' });
  await expect(form.getByRole('heading', { name: 'Como foi o atendimento?' })).toBeVisible();
  if (jsEnabled) {
    const { violations } = await new AxeBuilder({ page })
      .include('#avaliacao')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')).toEqual([]);
  }

  // No score: refused beside the stars (by the server without JavaScript, with its toast).
  await form.getByRole('button', { name: 'Enviar avaliação' }).click();
  await expect(form.getByText('Escolha uma nota de 1 a 5')).toBeVisible();
  if (!jsEnabled) await expectToast(page, 'Erro ao avaliar');

  // The stars are labels of visually hidden radios.
  await form.locator('label[for="score-4"]').click();
  await expect(form.getByRole('radio', { name: '4 estrelas' })).toBeChecked();
  await page.getByLabel('Comentário (opcional)').fill('Rápido e claro');
  await page.getByRole('button', { name: 'Enviar avaliação' }).click();
  await expectToast(page, 'Avaliação enviada');
  const given = page.getByTestId('ticket-rating-given');
  await expect(given).toContainText('Nota 4 de 5');
  await expect(given).toContainText('Rápido e claro');
  await expect(page.getByRole('button', { name: 'Enviar avaliação' })).toHaveCount(0);
  const rows = db.select().from(ticketRatings).where(eq(ticketRatings.threadId, thread.id)).all();
  expect(rows).toMatchObject([{ score: 4, adminId: desk.id, comment: 'Rápido e claro' }]);

  // The desk's figures: the admin who answered, with this rating.
  // Off the signed-in page first, so its live stream does not see the session end and navigate meanwhile.
  await page.goto('about:blank');
  await context.clearCookies();
  const [name, value] = (await sessionCookie(desk)).split('=');
  await context.addCookies([{ name, value, url: baseURL!, httpOnly: true, sameSite: 'Lax' }]);
  await page.goto('/admin/chats');
  const figures = page.getByTestId('ticket-rating-figures');
  await expect(figures.getByRole('heading', { name: 'Como foi o atendimento?' })).toBeVisible();
  await expect(
    figures.getByRole('table', { name: 'Avaliações por administrador' }).getByRole('row', { name: new RegExp(desk.username) }),
  ).toBeVisible();
  if (jsEnabled) {
    await waitForHydration(page, jsEnabled);
    const { violations } = await new AxeBuilder({ page })
      .include('[data-testid="ticket-rating-figures"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')).toEqual([]);
  }
});
