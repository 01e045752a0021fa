import type { Page } from '@playwright/test';
import { expect, test, uniqueName } from './fixtures';

/**
 * Admin-written HTML that tries to read the session: it reports what document.cookie gave
 * and whether a credentialed call to /api/user succeeded.
 */
const PROBE_HTML = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Sonda</title></head><body>
<p id="cookie">pendente</p><p id="fetch">pendente</p>
<script>
var out = document.getElementById('cookie');
try { out.textContent = 'cookie:[' + document.cookie + ']'; } catch (e) { out.textContent = 'cookie-error:' + e.name; }
fetch('/api/user', { credentials: 'include' })
  .then(function (r) { return r.text().then(function (t) { document.getElementById('fetch').textContent = 'fetch-ok:' + r.status + ':' + t; }); })
  .catch(function (e) { document.getElementById('fetch').textContent = 'fetch-failed:' + e.name; });
</script></body></html>`;

/** A cookie that same-origin script can read (unlike the HttpOnly session), to prove the frame cannot. */
const PROBE_COOKIE = { name: 'e2e_probe', value: 'lido-pela-origem-do-app' };

/** Creates the probe tool through the admin API with an admin session, then signs in as an E-BASIC user. */
async function createProbeTool(page: Page, login: (role?: 'admin' | 'E-BASIC') => Promise<unknown>) {
  await login('admin');
  const name = uniqueName('Sonda ');
  const response = await page.request.post('/api/tools', {
    data: {
      name,
      description: 'Ferramenta de teste que tenta ler a sessão.',
      category: 'informatics',
      accessLevel: 'E-BASIC',
      linkType: 'custom',
      customHtml: PROBE_HTML,
      showInIframe: true,
    },
  });
  expect(response.status()).toBe(201);
  const tool = (await response.json()) as { id: number; link: string };
  expect(tool.link).toBe('#');
  await login('E-BASIC');
  return { id: tool.id, name };
}

test.describe('custom-HTML tools', () => {
  test('open in the large dialog inside a sandboxed frame without allow-same-origin', async ({ page, login }) => {
    const tool = await createProbeTool(page, login);
    await page.goto('/dashboard?category=informatics');
    await page.getByTestId('tool-card').filter({ hasText: tool.name }).getByRole('link', { name: 'Abrir' }).click();

    await expect(page).toHaveURL(new RegExp(`dialog=tool&tool=${tool.id}`));
    const dialog = page.getByRole('dialog', { name: tool.name });
    await expect(dialog).toBeVisible();
    const frame = dialog.getByTestId('tool-frame');
    await expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-forms allow-popups');
    await expect(frame).toHaveAttribute('src', `/resources/tool-frame/${tool.id}`);
    // The HTML is never inlined into the app page.
    expect(await page.content()).not.toContain('Sonda</title>');
    await expect(page.frameLocator('[data-testid="tool-frame"]').locator('#cookie')).toBeAttached();
  });

  test('cannot read the cookies nor call the API as the user, in the dialog or opened directly', async ({
    page,
    context,
    login,
    baseURL,
    jsEnabled,
  }) => {
    const tool = await createProbeTool(page, login);
    await context.addCookies([{ ...PROBE_COOKIE, url: baseURL!, sameSite: 'Lax' }]);

    await page.goto(`/dashboard?dialog=tool&tool=${tool.id}`);
    const frame = page.frameLocator('[data-testid="tool-frame"]');
    if (!jsEnabled) {
      // Without JavaScript the admin's script does not run; the frame still loads with the session. The
      // frame is sandboxed without allow-same-origin, which Chromium runs in a process of its own, and
      // Playwright turns scripts off there only once it has attached to it: on a busy machine the
      // script may run first (issue 26.16). Then it still cannot read the cookie.
      await expect(frame.locator('#cookie')).toHaveText(/^(pendente|cookie-error:SecurityError)$/);
      return;
    }

    // Control: the app's own origin can read the probe cookie and call the API with the session.
    expect(await page.evaluate(() => document.cookie)).toContain(PROBE_COOKIE.value);
    expect(await page.evaluate(() => fetch('/api/user', { credentials: 'include' }).then((r) => r.status))).toBe(200);

    await expect(frame.locator('#fetch')).not.toHaveText('pendente');
    await expect(frame.locator('#cookie')).toHaveText(/^(cookie:\[\]|cookie-error:SecurityError)$/);
    await expect(frame.locator('#fetch')).toHaveText(/^fetch-failed:/);

    // The CSP sandbox makes the document an opaque origin even as a top-level page.
    await page.goto(`/resources/tool-frame/${tool.id}`);
    await expect(page.locator('#fetch')).not.toHaveText('pendente');
    await expect(page.locator('#cookie')).toHaveText(/^(cookie:\[\]|cookie-error:SecurityError)$/);
    await expect(page.locator('#fetch')).toHaveText(/^fetch-failed:/);
    await expect(page.locator('body')).not.toContainText(PROBE_COOKIE.value);
  });
});
