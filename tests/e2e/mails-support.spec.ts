import type { BrowserContext } from '@playwright/test';
import { createThread } from '../../app/models/chat/chat.server';
import { createUser, sessionCookie } from '../setup/factories';
import { expect, expectToast, test, uniqueName, waitForHydration } from './fixtures';
import { linkIn, waitForMail } from './mailbox';

/**
 * The support mails caused by the ticket forms, with JavaScript on and off (docs/mail.md): an
 * admin's reply mails the ticket's owner, who has no tab open, and the mail's button opens the
 * ticket; a ticket opened through 'Nova Conversa' mails the admins.
 */

/** Signs this browser in as `user` instead of whoever it was. */
async function signInAs(context: BrowserContext, baseURL: string, user: { id: number }) {
  await context.clearCookies();
  const [name, value] = (await sessionCookie(user)).split('=');
  await context.addCookies([{ name, value, url: baseURL, httpOnly: true, sameSite: 'Lax' }]);
}

test.describe('support mails', () => {
  test("an admin's reply on the ticket page mails the owner; the mail's button opens the ticket", async ({
    page,
    login,
    context,
    baseURL,
    jsEnabled,
  }) => {
    const owner = await createUser();
    const subject = uniqueName('Aterramento ');
    const thread = await createThread(owner, { subject, message: 'Qual a resistência máxima da malha?' });

    await login('admin');
    await page.goto(`/chat/${thread.id}`);
    await waitForHydration(page, jsEnabled);
    const reply = `Para a NBR 5419, até 10 ohms é o usual. ${Date.now()}`;
    await page.getByPlaceholder('Digite sua mensagem...').fill(reply);
    await page.getByRole('button', { name: 'Enviar' }).click();
    await expect(page.getByTestId('chat-message').filter({ hasText: reply })).toBeVisible();

    const mail = await waitForMail(owner.email, `Nova resposta no seu ticket: ${subject}`);
    expect(mail.text).toContain(`Suporte E-Engenharia:\n> ${reply}`);
    expect(mail.headers['list-unsubscribe']).toContain(`k=support-reply`);

    await signInAs(context, baseURL!, owner);
    await page.goto(linkIn(mail, `/chat/${thread.id}`));
    await expect(page.getByRole('heading', { name: `Ticket: ${subject}` })).toBeVisible();
    await expect(page.getByTestId('chat-message').filter({ hasText: reply })).toContainText('Administrador');
  });

  test("a ticket opened through 'Nova Conversa' mails the admins 'Novo ticket', whose button opens it", async ({
    page,
    login,
    context,
    baseURL,
  }) => {
    const admin = await createUser({ role: 'admin' });
    await login('E-BASIC');
    const subject = uniqueName('Flecha da viga ');
    const question = 'A flecha passou de L/250 no vão de 6 m. O que revisar?';
    await page.goto('/chat/new');
    await page.getByLabel('Assunto').fill(subject);
    await page.getByPlaceholder('Digite sua mensagem aqui...').fill(question);
    await page.getByRole('button', { name: 'Enviar' }).click();
    await expectToast(page, 'Conversa iniciada');

    const mail = await waitForMail(admin.email, `Novo ticket: ${subject}`);
    expect(mail.text).toContain(`> ${question}`);
    expect(mail.headers['list-unsubscribe']).toContain(`k=new-ticket`);

    await signInAs(context, baseURL!, admin);
    await page.goto(linkIn(mail, '/chat/'));
    await expect(page.getByRole('heading', { name: `Ticket: ${subject}` })).toBeVisible();
    await expect(page.getByTestId('chat-message').filter({ hasText: question })).toBeVisible();
  });
});
