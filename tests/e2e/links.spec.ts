import { expect, markDocument, test, waitForHydration } from './fixtures';

/**
 * Links are plain anchors (app/components/ui/light-link.tsx, decision 027): with JavaScript one
 * listener on the document hands their clicks to the client router, so the document is not
 * loaded again; without it they are ordinary links. Both must reach the same page.
 */

test('the header and a card dialog link reach their page, with the client router when JavaScript runs', async ({
  page,
  login,
  jsEnabled,
}) => {
  await login('E-TOOL');
  await page.goto('/dashboard');
  await waitForHydration(page, jsEnabled);
  const sameDocument = await markDocument(page);

  const principal = page.getByRole('navigation', { name: 'Principal' });
  await expect(principal.getByRole('link', { name: 'Início' })).toHaveAttribute('aria-current', 'page');
  await principal.getByRole('link', { name: 'Minha Conta' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(principal.getByRole('link', { name: 'Minha Conta' })).toHaveAttribute('aria-current', 'page');
  await expect(principal.getByRole('link', { name: 'Início' })).not.toHaveAttribute('aria-current', 'page');
  expect(await sameDocument()).toBe(jsEnabled);

  await principal.getByRole('link', { name: 'Início' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const card = page
    .getByTestId('tool-card')
    .filter({ has: page.getByRole('link', { name: 'Ver avaliações' }) })
    .first();
  await card.getByRole('link', { name: 'Ver avaliações' }).click();
  await expect(page).toHaveURL(/dialog=ratings&tool=\d+/);
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await sameDocument()).toBe(jsEnabled);
});

test('a link opened with a modifier or in a new tab is left to the browser', async ({ page, context, login, jsEnabled }) => {
  await login('E-TOOL');
  await page.goto('/dashboard');
  await waitForHydration(page, jsEnabled);
  const opened = context.waitForEvent('page');
  await page
    .getByRole('navigation', { name: 'Principal' })
    .getByRole('link', { name: 'Minha Conta' })
    .click({ modifiers: ['ControlOrMeta'] });
  const tab = await opened;
  await tab.waitForLoadState();
  expect(new URL(tab.url()).pathname).toBe('/account');
  expect(new URL(page.url()).pathname).toBe('/dashboard');
});
