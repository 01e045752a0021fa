import type { Page } from '@playwright/test';
import { expect, test, waitForHydration } from './fixtures';

/** Holds the data request of the page being opened, so its loading text can be seen. */
async function holdData(page: Page, pattern: RegExp) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

// With JavaScript only: without it the browser's own indicator is what shows a page is loading.
test.describe('loading texts of the specification', () => {
  test("opening a course says 'Carregando informações do curso...' until it has loaded", async ({ page, login }) => {
    await login('E-MASTER');
    await page.goto('/courses');
    await waitForHydration(page, true);
    const release = await holdData(page, /\/courses\/\d+\?_data=/);
    await page.getByTestId('course-card').first().getByRole('link').first().click();
    await expect(page.getByRole('status').filter({ hasText: 'Carregando informações do curso...' })).toBeVisible();
    release();
    await expect(page).toHaveURL(/\/courses\/\d+$/);
    await expect(page.getByText('Carregando informações do curso...')).toHaveCount(0);
  });

  test("opening a ticket says 'Carregando ticket...' until it has loaded", async ({ page, login }) => {
    await login('admin');
    await page.goto('/admin/chats');
    await waitForHydration(page, true);
    const release = await holdData(page, /\/chat\/\d+\?_data=/);
    await page.getByRole('link', { name: 'Visualizar' }).first().click();
    await expect(page.getByRole('status').filter({ hasText: 'Carregando ticket...' })).toBeVisible();
    release();
    await expect(page).toHaveURL(/\/chat\/\d+#recentes$/);
    await expect(page.getByText('Carregando ticket...')).toHaveCount(0);
  });
});
