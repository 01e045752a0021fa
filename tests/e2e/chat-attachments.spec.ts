import AxeBuilder from '@axe-core/playwright';
import { request as playwrightRequest } from '@playwright/test';
import { createThread } from '../../app/models/chat/chat.server';
import { ATTACHMENT_MESSAGES } from '../../app/schemas/chat-attachments';
import { createUser, sessionCookie } from '../setup/factories';
import { expect, test, waitForHydration } from './fixtures';
import { pngWithText, smallPdf, windowsExecutable } from '../integration/helpers/attachment-files';

/**
 * Attachments in support (issue 22), with JavaScript on and off: a PNG and a PDF go with a
 * message (chips before sending when hydrated; a plain multipart post without JavaScript), the
 * owner opens both (with JavaScript, an admin's open tab shows them live), another user and a visitor
 * get 404 for both, and a renamed executable is refused.
 */

test.describe('support attachments', () => {
  test('a PNG and a PDF go with a message; only the owner gets them', async ({ page, login, browser, baseURL, jsEnabled }) => {
    const user = await login('E-BASIC');
    const thread = await createThread(user, { subject: 'Print do erro no cálculo' });
    await page.goto(`/chat/${thread.id}`);
    await waitForHydration(page, jsEnabled);

    // With JavaScript, the desk has the ticket open in another browser: the files arrive on its live thread.
    const admin = await createUser({ role: 'admin' });
    const desk = await browser.newContext({ javaScriptEnabled: jsEnabled, locale: 'pt-BR' });
    const [adminCookie, adminSession] = (await sessionCookie(admin)).split('=');
    await desk.addCookies([{ name: adminCookie, value: adminSession, url: baseURL!, httpOnly: true, sameSite: 'Lax' }]);
    const deskPage = await desk.newPage();
    await deskPage.goto(`/chat/${thread.id}`);
    await waitForHydration(deskPage, jsEnabled);

    await page.getByPlaceholder('Digite sua mensagem...').fill('Seguem o print e o laudo');
    await page.getByLabel('Anexos (opcional)').setInputFiles([
      { name: 'tela.png', mimeType: 'image/png', buffer: pngWithText() },
      { name: 'laudo.pdf', mimeType: 'application/pdf', buffer: smallPdf() },
    ]);
    if (jsEnabled) {
      const chips = page.getByTestId('attachment-chips');
      await expect(chips.getByRole('listitem')).toHaveCount(2);
      await expect(chips).toContainText('tela.png');
      await expect(chips).toContainText('laudo.pdf');
    }
    await page.getByRole('button', { name: 'Enviar' }).click();

    const files = page.getByTestId('chat-message').filter({ hasText: 'Seguem o print e o laudo' }).getByTestId('message-attachments');
    await expect(files.getByRole('link')).toHaveCount(2);
    const pngUrl = await files.getByRole('link', { name: /tela\.png/ }).getAttribute('href');
    const pdfUrl = await files.getByRole('link', { name: /laudo\.pdf/ }).getAttribute('href');
    expect(pngUrl).toMatch(/^\/resources\/chat-files\/\d+$/);
    expect(pdfUrl).toMatch(/^\/resources\/chat-files\/\d+$/);
    if (jsEnabled) {
      await expect(page.getByTestId('attachment-chips')).toHaveCount(0);
      const live = deskPage.getByTestId('chat-message').filter({ hasText: 'Seguem o print e o laudo' }).getByTestId('message-attachments');
      await expect(live.getByRole('link', { name: /tela\.png/ })).toHaveAttribute('href', pngUrl!);
      await expect(live.getByRole('link', { name: /laudo\.pdf/ })).toHaveAttribute('href', pdfUrl!);
    }
    await desk.close();

    const png = await page.request.get(pngUrl!);
    expect(png.status()).toBe(200);
    expect(png.headers()['content-type']).toBe('image/png');
    expect(png.headers()['x-content-type-options']).toBe('nosniff');
    expect((await png.body()).includes('GPS')).toBe(false);
    const pdf = await page.request.get(pdfUrl!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-disposition']).toBe('attachment; filename="laudo.pdf"');

    // Another signed-in user, and a visitor: the same 404 for both files.
    const other = await createUser({ role: 'E-BASIC' });
    const [name, value] = (await sessionCookie(other)).split('=');
    const stranger = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Cookie: `${name}=${value}` } });
    const visitor = await playwrightRequest.newContext({ baseURL });
    try {
      for (const client of [stranger, visitor]) {
        for (const url of [pngUrl!, pdfUrl!]) expect((await client.get(url, { maxRedirects: 0 })).status()).toBe(404);
      }
    } finally {
      await stranger.dispose();
      await visitor.dispose();
    }

    // The page with attachments fits a phone and passes axe (axe needs JavaScript in the page: the js project; the markup is the same).
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    if (!jsEnabled) return;
    const { violations } = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(
      violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id),
    ).toEqual([]);
  });

  test('a renamed executable is refused and nothing is sent', async ({ page, login, jsEnabled }) => {
    const user = await login('E-BASIC');
    const thread = await createThread(user, { subject: 'Arquivo suspeito' });
    await page.goto(`/chat/${thread.id}`);
    await waitForHydration(page, jsEnabled);
    await page.getByPlaceholder('Digite sua mensagem...').fill('Veja esta foto');
    await page.getByLabel('Anexos (opcional)').setInputFiles([{ name: 'foto.png', mimeType: 'image/png', buffer: windowsExecutable() }]);
    await page.getByRole('button', { name: 'Enviar' }).click();
    await expect(page.locator('#chat-files-error')).toHaveText(ATTACHMENT_MESSAGES.badType);
    await expect(page.getByTestId('chat-message')).toHaveCount(0);
  });
});
