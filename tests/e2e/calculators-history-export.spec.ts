import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { db } from '../../db/client';
import { calculationHistory } from '../../db/schema';
import { getCalculator } from '../../app/calculators';
import { calculatorColumns } from '../../app/models/tools/history-csv-columns';
import { expect, test } from './fixtures';

const SHAFT = 'torque-eixo';
const DROP = 'queda-tensao-condutor';
const SHAFT_QUERY =
  'power=7%2C5&power_unit=kW&speed=1750&speed_unit=rpm&allowableShear=40&allowableShear_unit=MPa&bendingMoment=0&bendingMoment_unit=N.m&keyway=no';

/**
 * 'Histórico de cálculos': filter the list (a GET form), then 'Exportar CSV' downloads what the
 * filters select, as a Brazilian spreadsheet reads it. With JavaScript on and off.
 */
test('filters the history and exports the selection as CSV', async ({ page, login }) => {
  const user = await login('E-BASIC');
  const at = (day: number) => new Date(Date.UTC(2026, 2, day, 15));
  db.insert(calculationHistory)
    .values([
      {
        userId: user.id,
        calculatorSlug: SHAFT,
        calculatorVersion: getCalculator(SHAFT)!.version,
        title: 'Eixo; bomba "A"',
        query: SHAFT_QUERY,
        createdAt: at(3),
      },
      {
        userId: user.id,
        calculatorSlug: SHAFT,
        calculatorVersion: getCalculator(SHAFT)!.version,
        title: 'Eixo do misturador',
        query: SHAFT_QUERY,
        createdAt: at(2),
      },
      {
        userId: user.id,
        calculatorSlug: DROP,
        calculatorVersion: getCalculator(DROP)!.version,
        title: 'Queda do quadro',
        query: 'voltage=220',
        createdAt: at(1),
      },
    ])
    .run();

  await page.goto('/calculators/history');
  await expect(page.getByTestId('history-item')).toHaveCount(3);
  await page.getByLabel('Calculadora').selectOption({ label: getCalculator(SHAFT)!.title });
  await page.getByLabel('Buscar no título').fill('bomba');
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page).toHaveURL(/[?&]calculator=torque-eixo/);
  await expect(page.getByTestId('history-item')).toHaveCount(1);
  await expect(page.getByText('1 cálculo encontrado')).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Exportar CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^historico-calculos-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await readFile((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const rows: string[][] = parse(bytes.toString('utf8'), { delimiter: ';', bom: true, record_delimiter: '\r\n' });
  // Filtered to one calculator: a column per input and per result, numbers a spreadsheet computes with.
  const columns = calculatorColumns(getCalculator(SHAFT)!);
  expect(rows[0]).toEqual(['Data', 'Hora', 'Título', 'Versão', ...columns.inputs, ...columns.results, 'Observação', 'Link']);
  expect(rows.slice(1).map((row) => row[2])).toEqual(['Eixo; bomba "A"']);
  expect(rows[1][0]).toBe('03/03/2026');
  expect(rows[1][rows[0].indexOf('Potência transmitida P (kW)')]).toBe('7,5');
  expect(rows[1][rows[0].indexOf('Torque transmitido T (N·m)')]).toBe('40,93');

  await page.getByRole('link', { name: 'Limpar filtros' }).click();
  await expect(page.getByTestId('history-item')).toHaveCount(3);
});

/** Axe (on the page's own content; the header is the layout's) runs in the page's JavaScript, so only in the js project; the no-js project gets the same markup. */
async function expectAccessible(page: Page, jsEnabled: boolean) {
  if (jsEnabled) {
    const { violations } = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

test('the filtered history, a link preview and the 404 page pass axe and fit a 390 px phone', async ({ page, login, jsEnabled }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const user = await login('E-BASIC');
  db.insert(calculationHistory)
    .values({
      userId: user.id,
      calculatorSlug: SHAFT,
      calculatorVersion: getCalculator(SHAFT)!.version,
      title: 'Eixo da bomba',
      query: SHAFT_QUERY,
    })
    .run();
  await page.goto('/calculators/history?q=eixo&calculator=torque-eixo&from=2020-01-01');
  await expect(page.getByTestId('history-item')).toHaveCount(1);
  await expectAccessible(page, jsEnabled);

  await page.goto(`/preview?${new URLSearchParams({ to: `/calculators/${SHAFT}?${SHAFT_QUERY}` })}`);
  await expect(page.getByRole('heading', { level: 1, name: getCalculator(SHAFT)!.title })).toBeVisible();
  await expectAccessible(page, jsEnabled);

  await page.goto('/pagina-que-nao-existe');
  await expect(page).toHaveTitle('Página não encontrada — E-Engenharia');
  await expectAccessible(page, jsEnabled);
});
