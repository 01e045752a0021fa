import { getDocumentProxy } from 'unpdf';
import { expect, expectToast, test, uniqueName, waitForHydration } from './fixtures';

/**
 * Issue 32 end to end, with JavaScript on and off: a project, calculations from three places,
 * Rev. 00, an input changed, Rev. 01 and its revision table, the memorial printed to PDF and read
 * back, the shared link opened anonymously and revoked.
 */
const SHAFT = '/calculators/torque-eixo?power=7%2C5&power_unit=kW&speed=1750&allowableShear=40&bendingMoment=0&keyway=no';

async function pdfText(pdf: Buffer): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const texts: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const content = await (await document.getPage(number)).getTextContent();
    texts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return texts.join('\n');
}

test('a project from three places, two revisions, the memorial on paper, and a shared link revoked', async ({
  page,
  login,
  browser,
  jsEnabled,
}) => {
  test.setTimeout(120_000);
  await login('E-TOOL');
  const name = uniqueName('Galpão ');

  await page.goto('/projects');
  await expect(page.getByTestId('projects-quota')).toContainText('de 10 projetos ativos');
  await waitForHydration(page, jsEnabled);
  await page.getByLabel('Nome do projeto').fill(name);
  await page.getByLabel('Cliente').fill('Metalúrgica Sul');
  await page.getByRole('button', { name: 'Criar projeto' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const projectPath = new URL(page.url()).pathname;

  // 1. From a result page.
  await page.goto(SHAFT);
  await waitForHydration(page, jsEnabled);
  await page.getByLabel('Título no projeto').fill('Eixo da bomba');
  await page.getByTestId('add-to-project').getByRole('button', { name: 'Adicionar ao projeto' }).click();
  await expectToast(page, 'Cálculo adicionado ao projeto');

  // 2. From the history.
  await page.goto(SHAFT);
  await waitForHydration(page, jsEnabled);
  await page.getByLabel('Título no histórico').fill('Eixo do ventilador');
  await page.getByRole('button', { name: 'Salvar no histórico' }).click();
  await expectToast(page, 'Cálculo salvo');
  await page.goto('/calculators/history');
  await waitForHydration(page, jsEnabled);
  await page.getByRole('button', { name: 'Adicionar ao projeto Eixo do ventilador' }).click();
  await expectToast(page, 'Cálculo adicionado ao projeto');

  // 3. Created inside the project.
  await page.goto(projectPath);
  await waitForHydration(page, jsEnabled);
  await page.getByLabel('Novo cálculo neste projeto').selectOption({ label: 'Torque e diâmetro mínimo de eixo' });
  await page.getByRole('button', { name: 'Abrir calculadora' }).click();
  await page.getByRole('button', { name: 'Calcular' }).click();
  await page.getByLabel('Título no projeto').fill('Eixo do compressor');
  await page.getByRole('button', { name: 'Adicionar ao projeto' }).click();
  await expectToast(page, 'Cálculo adicionado ao projeto');
  await expect(page.getByTestId('project-calculation')).toHaveCount(3);

  await page.getByRole('button', { name: 'Emitir revisão' }).click();
  await expectToast(page, 'Rev. 00 emitida');

  // Change an input of the first calculation, then Rev. 01.
  await page.getByRole('link', { name: 'Alterar dados Eixo da bomba' }).click();
  await waitForHydration(page, jsEnabled);
  await page.getByLabel('Rotação n', { exact: true }).fill('3500');
  await page.getByRole('button', { name: 'Calcular' }).click();
  await expect(page.getByTestId('calculator-result')).toContainText('20,46');
  await page.getByRole('button', { name: 'Salvar no projeto' }).click();
  await expectToast(page, 'Cálculo alterado');
  await page.getByRole('button', { name: 'Emitir revisão' }).click();
  await expectToast(page, 'Rev. 01 emitida');

  // The memorial of Rev. 01, printed by Chromium and read back.
  await page.getByRole('link', { name: 'Memorial da Rev. 01' }).click();
  await expect(page.getByTestId('memorial-revisions')).toContainText('1750 rpm → 3500 rpm');
  // Printing is the browser's own command, with JavaScript or without.
  await page.emulateMedia({ media: 'print' });
  const text = await pdfText(await page.pdf({ format: 'A4', preferCSSPageSize: true }));
  // The PDF's text comes out split around a ligature ('ff', 'fi', 'fl' of the name's random part): compare without spaces.
  expect(text.replace(/\s+/g, '')).toContain(name.replace(/\s+/g, ''));
  expect(text).toContain('Metalúrgica Sul');
  expect(text).toContain('Sumário');
  expect(text).toContain('Diâmetro d (mm)');
  expect(text).toContain('Tabela de revisões');
  expect(text).toContain('Rev. 01');
  expect(text).toMatch(/Página 1 de \d+/);
  await page.emulateMedia({ media: 'screen' });

  // Share Rev. 00; the client opens it without an account; then it is revoked.
  await page.goto(projectPath);
  await waitForHydration(page, jsEnabled);
  await page.getByRole('button', { name: 'Compartilhar Rev. 00' }).click();
  const link = await page.getByLabel(/Link para o cliente/).inputValue();
  const visitor = await browser.newContext({ javaScriptEnabled: jsEnabled });
  const anonymous = await visitor.newPage();
  await anonymous.goto(link);
  await expect(anonymous.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(anonymous.getByTestId('memorial-revision')).toContainText('Rev. 00');
  expect(await anonymous.locator('meta[property="og:title"]').getAttribute('content')).toBe(name);

  await page.goto(projectPath);
  await expect(page.getByTestId('share-views')).toHaveText('1 visualização');
  await waitForHydration(page, jsEnabled);
  await page.getByRole('button', { name: 'Revogar link da Rev. 00' }).click();
  await expectToast(page, 'Link revogado');
  const refused = await anonymous.goto(link);
  expect(refused?.status()).toBe(410);
  await expect(anonymous.getByTestId('shared-refused')).toContainText('revogado');
  await visitor.close();
});
