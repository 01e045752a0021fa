import { extractText, getDocumentProxy } from 'unpdf';
import { defaultParams, getCalculator, runCalculator } from '../../app/calculators';
import { expect, expectToast, test, uniqueName, waitForHydration } from './fixtures';

/**
 * The memorial de cálculo of a calculator with a diagram, with the project's data typed on the
 * page (a plain POST: it works with JavaScript on and off), printed to an A4 PDF by Chromium and
 * read back as text: the project, the engineer's CREA, the calculator version, the page number
 * of the page margin and the diagram's own labels must be on paper.
 */
const BEAM = getCalculator('deflexao-viga')!;
const QUERY = new URLSearchParams(defaultParams(BEAM)).toString();
const REPORT = `/calculators/${BEAM.slug}/report?${QUERY}`;

/** The diagrams the server draws for that query, and one text label of the first (an SVG <text>, which Chromium prints as text). */
function expectedFigure() {
  const run = runCalculator(BEAM, new URLSearchParams(QUERY), { figures: true });
  if (!run.ok) throw new Error('the example inputs must compute');
  const figure = run.result.figures?.[0];
  if (!figure) throw new Error(`${BEAM.slug} draws no diagram for its example`);
  const labels = [...figure.svg.matchAll(/<text[^>]*>([^<&]{4,})<\/text>/g)]
    .map((match) => match[1]!.trim())
    .filter((text) => /\p{L}{3}/u.test(text));
  if (labels.length === 0) throw new Error('the diagram has no text label to look for');
  return { title: figure.title, label: labels[0]! };
}

async function pdfText(pdf: Buffer) {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const { totalPages, text } = await extractText(document, { mergePages: false });
  return { totalPages, pages: text.map((page) => page.replace(/\s+/g, ' ')) };
}

test('the memorial keeps the project data, prints on A4 with the diagram, page numbers and the signature line', async ({
  page,
  login,
  jsEnabled,
}) => {
  await login('E-TOOL');
  const project = uniqueName('Galpão Norte ');
  const crea = 'SP-5061234/D';
  const figure = expectedFigure();

  await page.goto(REPORT);
  await waitForHydration(page, jsEnabled);
  const form = page.getByTestId('memorial-project-form');
  await form.getByLabel('Projeto', { exact: true }).fill(project);
  await form.getByLabel('Cliente', { exact: true }).fill('Metalúrgica Paulista Ltda.');
  await form.getByLabel('Local', { exact: true }).fill('Campinas/SP');
  await form.getByLabel('Responsável técnico', { exact: true }).fill('Ana Beatriz Souza');
  await form.getByLabel('CREA', { exact: true }).fill(crea);
  await form.getByLabel('ART', { exact: true }).fill('28027230201234567');
  await form.getByRole('button', { name: 'Salvar dados do projeto' }).click();
  await expectToast(page, 'Dados do projeto salvos');

  // Post, redirect, get: the same memorial, its calculation (the query string) kept.
  await expect(page).toHaveURL((url) => url.pathname === `/calculators/${BEAM.slug}/report` && url.search === `?${QUERY}`);
  await expect(page.getByTestId('memorial-project')).toHaveText(project);
  await expect(page.getByTestId('memorial-crea')).toHaveText(crea);
  await expect(page.getByTestId('report-version')).toHaveText(BEAM.version);
  await expect(page.getByText('Assinatura do responsável técnico')).toBeVisible();

  // Remembered: another visit shows them filled in.
  await page.goto(REPORT);
  await expect(form.getByLabel('Projeto', { exact: true })).toHaveValue(project);

  // On paper: the form and the site's navigation go, the diagram stays.
  await page.emulateMedia({ media: 'print' });
  await expect(form).toBeHidden();
  await expect(page.locator('body > header')).toBeHidden();
  await expect(page.getByTestId('calculation-report').locator('svg[role="img"]').first()).toBeVisible();

  const { totalPages, pages } = await pdfText(await page.pdf({ format: 'A4' }));
  const all = pages.join(' ');
  expect(all).toContain(project);
  expect(all).toContain(crea);
  expect(all).toMatch(new RegExp(`Versão da calculadora: ?${BEAM.version.replaceAll('.', '\\.')}`));
  expect(all).toContain('Assinatura do responsável técnico');
  expect(all).toContain(figure.title);
  expect(all).toContain(figure.label);
  expect(all).not.toContain('Salvar dados do projeto');
  pages.forEach((text, index) => expect(text).toContain(`Página ${index + 1} de ${totalPages}`));
});

test('a bad CREA is refused beside its field and nothing is kept', async ({ page, login, jsEnabled }) => {
  await login('E-TOOL');
  await page.goto(REPORT);
  await waitForHydration(page, jsEnabled);
  const form = page.getByTestId('memorial-project-form');
  await form.getByLabel('Projeto', { exact: true }).fill('Projeto recusado');
  await form.getByLabel('CREA', { exact: true }).fill('sem número');
  await form.getByRole('button', { name: 'Salvar dados do projeto' }).click();
  await expect(form.getByText('com ao menos um número (ex.: SP-123456/D)')).toBeVisible();
  await expect(form.getByLabel('CREA', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await page.goto(REPORT);
  await expect(page.getByTestId('memorial-project')).not.toHaveText('Projeto recusado');
});

test('the memorial fits a 390 px phone without sideways scrolling', async ({ page, login }) => {
  await login('E-TOOL');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(REPORT);
  await expect(page.getByTestId('calculation-report')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
