import { eq } from 'drizzle-orm';
import { db } from '../../db/client';
import { tools } from '../../db/schema';
import { formatCpf } from '../../app/utils/cpf';
import { createUser, uniqueCpf } from '../setup/factories';
import { expect, expectToast, test, uniqueName } from './fixtures';

/**
 * The Tools tab with JavaScript on and off: the form's rules (custom type: link '#';
 * internal/external: no HTML; unchecking 'Restringir por CPF' clears the list), and who a CPF
 * whitelist admits.
 */

test('adds a custom tool restricted by CPF, sees who the list admits, then lifts the restriction', async ({ page, login, jsEnabled }) => {
  await login('admin');
  const name = uniqueName('Planilha ');
  const holder = await createUser({ username: uniqueName('dono'), cpf: uniqueCpf() });
  const nobody = uniqueCpf();

  await page.goto('/admin/tools');
  await expect(page.getByRole('navigation', { name: 'Seções do painel' }).getByRole('link', { name: 'Ferramentas' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const form = page.getByRole('region', { name: 'Adicionar ferramenta' });
  const html = form.getByRole('textbox', { name: 'HTML personalizado' });
  const cpfs = form.getByRole('textbox', { name: 'CPFs permitidos' });
  // With JavaScript the HTML editor and the CPF list wait for their choice; without it they show, with notes.
  await expect(html).toBeVisible({ visible: !jsEnabled });
  await expect(cpfs).toBeVisible({ visible: !jsEnabled });

  await form.getByRole('textbox', { name: 'Nome' }).fill(name);
  await form.getByRole('textbox', { name: 'Descrição' }).fill('Uma planilha só para parceiros.');
  await form.getByRole('combobox', { name: 'Categoria' }).selectOption('informatics');
  await form.getByRole('combobox', { name: 'Tipo de link' }).selectOption('custom');
  if (jsEnabled) {
    await expect(form.getByRole('textbox', { name: 'Link' })).toHaveValue('#');
    await expect(html).toBeVisible();
  }
  await expect(html).toHaveAttribute('rows', '20');
  await html.fill('<p>Parceiros</p>');
  await form.getByRole('checkbox', { name: 'Restringir por CPF' }).check();
  await expect(cpfs).toBeVisible();
  await cpfs.fill(`${formatCpf(holder.cpf!)}, ${nobody}`);
  await form.getByRole('button', { name: 'Adicionar ferramenta' }).click();
  await expectToast(page, 'Ferramenta criada');

  const stored = db.select().from(tools).where(eq(tools.name, name)).get()!;
  expect(stored).toMatchObject({
    linkType: 'custom',
    link: '#',
    customHtml: '<p>Parceiros</p>',
    restrictedCpfs: `${holder.cpf},${nobody}`,
  });

  await page.goto(`/admin/tools?q=${encodeURIComponent(name)}`);
  await page
    .getByTestId('tool-row')
    .filter({ hasText: name })
    .getByRole('link', { name: `Editar ${name}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Editar ferramenta' });
  const holders = dialog.getByTestId('cpf-holders');
  await expect(holders).toContainText(`${formatCpf(holder.cpf!)} — ${holder.username}`);
  await expect(holders).toContainText(`${formatCpf(nobody)} — sem conta`);

  await dialog.getByRole('checkbox', { name: 'Restringir por CPF' }).uncheck();
  if (jsEnabled) await expect(dialog.getByRole('textbox', { name: 'CPFs permitidos' })).toBeHidden();
  await dialog.getByRole('combobox', { name: 'Tipo de link' }).selectOption('external');
  if (jsEnabled) await expect(dialog.getByRole('textbox', { name: 'HTML personalizado' })).toBeHidden();
  await dialog.getByRole('textbox', { name: 'Link' }).fill('https://example.com/planilha');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expectToast(page, 'Ferramenta atualizada');
  expect(db.select().from(tools).where(eq(tools.id, stored.id)).get()).toMatchObject({
    linkType: 'external',
    link: 'https://example.com/planilha',
    customHtml: null,
    restrictedCpfs: null,
  });
});
