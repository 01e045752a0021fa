import { expect, test } from './fixtures';
import { createUser } from '../setup/factories';

/** Without JavaScript there is no passkey API: no passkey button, and e-mail + password work as before. */
test('without JavaScript, /auth shows no passkey button and the password signs in; Segurança says passkeys need JavaScript', async ({
  page,
}) => {
  const user = await createUser();
  await page.goto('/auth');
  await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Entrar com passkey' })).toHaveCount(0);
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Senha', { exact: true }).fill(user.plainPassword);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/account#passkeys');
  const section = page.getByRole('region', { name: 'Passkeys' });
  await expect(section.getByTestId('passkey-needs-js')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Adicionar passkey' })).toHaveCount(0);
});
