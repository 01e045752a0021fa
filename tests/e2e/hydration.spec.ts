import { createThread, postMessage } from '../../app/models/chat/chat.server';
import { NEWEST_MESSAGE_ANCHOR } from '../../app/utils/ticket-path';
import { createUser } from '../setup/factories';
import { collectReactErrors, expect, expectToast, markDocument, test, waitForHydration } from './fixtures';

/**
 * What a visitor does in the seconds before the page hydrates (a slow phone): JavaScript only,
 * listed in playwright.config.ts's JS_ONLY.
 */

test.describe('before hydration', () => {
  test('text typed into a dialog before the page hydrates is kept, and the form then posts through the router', async ({
    page,
    jsEnabled,
  }) => {
    // The page's scripts wait until the visitor has typed: a slow phone's first seconds.
    let release = () => {};
    const typed = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/build/**', async (route) => {
      await typed;
      await route.continue();
    });
    await page.goto('/auth?dialog=recover-email', { waitUntil: 'commit' });
    const dialog = page.getByRole('dialog', { name: 'Recuperar senha por e-mail' });
    const field = dialog.getByLabel('E-mail');
    await field.fill('ninguem-aqui@example.com');
    // The very element being typed in: a keystroke into an element swapped out meanwhile is lost.
    await field.evaluate((element) => element.setAttribute('data-typed-before-hydration', ''));
    release();
    await waitForHydration(page, jsEnabled);

    const same = dialog.locator('input[data-typed-before-hydration]');
    await expect(same).toHaveValue('ninguem-aqui@example.com');
    await expect(same).toBeFocused();
    await field.press('End');
    await page.keyboard.type('.br');
    await expect(same).toHaveValue('ninguem-aqui@example.com.br');
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(request.resourceType());
    });
    await dialog.getByRole('button', { name: 'Enviar link' }).click();
    await expectToast(page, 'Verifique seu e-mail');
    expect(posts).toEqual(['fetch']);
  });

  test('a CPF typed before the page hydrates stays in its field when the form renders again', async ({ page, jsEnabled }) => {
    let release = () => {};
    const typed = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/build/**', async (route) => {
      await typed;
      await route.continue();
    });
    await page.goto('/auth?tab=register', { waitUntil: 'commit' });
    const cpf = page.getByLabel('CPF');
    await cpf.fill('52998224724');
    release();
    await waitForHydration(page, jsEnabled);
    // Anything that renders the form again (here: a field's check on blur) kept the masked field's state, which was empty.
    await page.getByLabel('E-mail').fill('x');
    await page.getByLabel('E-mail').blur();
    await expect(page.getByText('Digite um e-mail válido')).toBeVisible();
    await expect(cpf).toHaveValue(/^529\.?982\.?247-?24$/);
    await cpf.press('End');
    await page.keyboard.press('Backspace');
    await expect(cpf).toHaveValue('529.982.247-2');
  });
});

test.describe('markup the server renders once per process (decision 079)', () => {
  test('the footer sent as one string hydrates without a mismatch, and its links still navigate in the tab', async ({
    page,
    jsEnabled,
    login,
  }) => {
    await login('E-TOOL');
    const reactErrors = collectReactErrors(page);
    await page.goto('/dashboard');
    await waitForHydration(page, jsEnabled);
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(`© ${new Date().getFullYear()} E-Engenharia. Todos os direitos reservados.`);
    // A client navigation keeps the window: a full page load would drop this mark.
    const sameDocument = await markDocument(page);
    await footer.getByRole('link', { name: 'Sobre' }).click();
    await expect(page).toHaveURL(/\/about$/);
    expect(await sameDocument()).toBe(true);
    expect(reactErrors).toEqual([]);
  });

  test('a ticket’s messages sent as kept markup hydrate without a mismatch, and a new one joins the list', async ({
    page,
    jsEnabled,
    login,
  }) => {
    const user = await login('E-TOOL');
    const admin = await createUser({ role: 'admin' });
    const thread = await createThread(user, { subject: 'Marcação guardada', message: 'Primeira mensagem\ncom duas linhas' });
    await postMessage(admin, thread.id, 'Resposta do suporte <b>sem</b> marcação');
    const reactErrors = collectReactErrors(page);
    // Twice: the second view's messages come from the server's kept markup.
    await page.goto(`/chat/${thread.id}`);
    await page.goto(`/chat/${thread.id}`);
    await waitForHydration(page, jsEnabled);
    const messages = page.getByTestId('chat-message');
    await expect(messages).toHaveCount(2);
    await expect(messages.nth(1)).toContainText('Resposta do suporte <b>sem</b> marcação');
    await page.getByPlaceholder('Digite sua mensagem...').fill('Terceira, pelo formulário');
    await page.getByRole('button', { name: 'Enviar' }).click();
    await expect(messages).toHaveCount(3);
    await expect(messages.nth(2)).toContainText('Terceira, pelo formulário');
    await expect(page.locator(`#${NEWEST_MESSAGE_ANCHOR}`)).toContainText('Terceira, pelo formulário');
    expect(reactErrors).toEqual([]);
  });

  test("'Minha Conta''s sign-ins table sent as one string hydrates without a mismatch, and the page's forms still post through the router", async ({
    page,
    jsEnabled,
  }) => {
    // Through the sign-in form, so the list has a sign-in of this browser.
    const user = await createUser({ role: 'E-TOOL' });
    await page.goto('/auth');
    await waitForHydration(page, jsEnabled);
    await page.getByLabel('E-mail').fill(user.email);
    await page.getByLabel('Senha', { exact: true }).fill('senha123');
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const reactErrors = collectReactErrors(page);
    await page.goto('/account');
    await waitForHydration(page, jsEnabled);
    const signIns = page.getByRole('table', { name: 'Últimos acessos' });
    await expect(signIns.getByTestId('sign-in-row').first()).toBeVisible();
    await expect(signIns).toContainText('este navegador');
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(request.resourceType());
    });
    await page.getByRole('button', { name: 'Salvar preferências de e-mail' }).click();
    await expectToast(page, 'Preferências salvas');
    expect(posts).toEqual(['fetch']);
    expect(reactErrors).toEqual([]);
  });
  test("the users list's rows sent as kept markup hydrate without a mismatch, and 'Excluir' asks and posts through the router", async ({
    page,
    jsEnabled,
    login,
  }) => {
    await login('admin');
    const word = `kept${Date.now().toString(36)}`;
    const [kept, victim] = [await createUser({ username: `${word}_fica` }), await createUser({ username: `${word}_sai` })];
    const reactErrors = collectReactErrors(page);
    // Twice: the second view's rows come from the server's kept markup.
    await page.goto(`/admin/users?q=${word}`);
    await page.goto(`/admin/users?q=${word}`);
    await waitForHydration(page, jsEnabled);
    const rows = page.getByTestId('user-row');
    await expect(rows).toHaveCount(2);
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(request.resourceType());
    });
    // Declined: nothing is posted and the tab stays on the list (not the confirmation page).
    page.once('dialog', (dialog) => void dialog.dismiss());
    await page.getByRole('link', { name: `Excluir ${victim.username}` }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/users\\?q=${word}$`));
    expect(posts).toEqual([]);
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe(`Tem certeza que deseja excluir o usuário ${victim.username}? Esta ação não pode ser desfeita.`);
      void dialog.accept();
    });
    await page.getByRole('link', { name: `Excluir ${victim.username}` }).click();
    await expectToast(page, 'Usuário excluído');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(kept.username);
    expect(posts).toEqual(['fetch']);
    expect(reactErrors).toEqual([]);
  });
});
