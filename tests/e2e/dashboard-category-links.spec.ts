import { collectReactErrors, expect, markDocument, test, waitForHydration } from './fixtures';

/*
 * The dashboard's category links are sent as markup rendered once per page address (decision 079):
 * they must hydrate without a mismatch, keep the search, and still navigate in the tab with
 * JavaScript (a full page load without it).
 */
test('the category links keep the search, mark the current filter and navigate, with and without JavaScript', async ({
  page,
  jsEnabled,
  login,
}) => {
  await login('E-TOOL');
  const reactErrors = collectReactErrors(page);
  await page.goto('/dashboard?q=viga');
  await waitForHydration(page, jsEnabled);
  const categories = page.getByRole('navigation', { name: 'Categorias' });
  await expect(categories.getByRole('link', { name: 'Todas' })).toHaveAttribute('aria-current', 'page');
  const sameDocument = await markDocument(page);
  await categories.getByRole('link', { name: 'Mecânica' }).click();
  await expect(page).toHaveURL(/\/dashboard\?q=viga&category=mechanical$/);
  await expect(categories.getByRole('link', { name: 'Mecânica' })).toHaveAttribute('aria-current', 'page');
  await expect(categories.getByRole('link', { name: 'Todas' })).not.toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('tool-card').filter({ hasText: 'Flecha e tensão de flexão em vigas' })).toBeVisible();
  // With JavaScript the router navigates in the tab; without it the link is a plain page load.
  expect(await sameDocument()).toBe(jsEnabled);
  expect(reactErrors).toEqual([]);
});
