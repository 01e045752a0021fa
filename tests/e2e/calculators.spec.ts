import type { Page } from '@playwright/test';
import { expect, expectToast, test, uniqueName } from './fixtures';

/**
 * One E-BASIC calculator per category: typed inputs (decimal commas included), the result on
 * the page, the same result from the URL in a new browser context, saved to the history.
 * Runs with JavaScript on and off: the form is a GET form, so the URL is the calculation.
 */
type Case = {
  category: string;
  slug: string;
  fill: Record<string, string>;
  select?: Record<string, string>;
  /** A result row (data-result key) and the text it must show. */
  expected: Array<[string, string]>;
};

const CASES: Case[] = [
  {
    category: 'mecânica',
    slug: 'torque-eixo',
    fill: { 'Potência transmitida P': '2,5', 'Rotação n': '1750' },
    expected: [
      ['torque', '13,64 N·m'],
      ['minDiameter', '12,02 mm'],
    ],
  },
  {
    category: 'elétrica',
    slug: 'correcao-fator-potencia',
    fill: { 'Fator de potência atual cos φ₁': '0,75' },
    expected: [
      ['capacitorPower', '45,59 kvar'],
      ['capacitance', '279,2 µF'],
    ],
  },
  {
    category: 'têxtil',
    slug: 'conversao-titulo-fio',
    fill: { 'Título do fio': '40' },
    select: { 'Unidade de Título do fio': 'Ne' },
    expected: [
      ['tex', '14,764 tex'],
      ['Nm', '67,73 Nm'],
    ],
  },
  {
    category: 'informática',
    slug: 'sub-rede-ipv4',
    fill: { 'Endereço IPv4': '10.1.2.3', 'Prefixo CIDR (/p)': '31' },
    expected: [
      ['network', '10.1.2.2'],
      ['usableHosts', '2'],
    ],
  },
  {
    category: 'química',
    slug: 'preparo-solucao',
    fill: {
      'Título em massa w (% m/m)': '98',
      'Massa específica da solução estoque ρ': '1,84',
      'Massa molar do soluto': '98,08',
      'Concentração desejada C₂': '0,5',
    },
    expected: [
      ['molarity', '18,385 mol/L'],
      ['stockVolume', '27,20 mL'],
    ],
  },
];

async function expectResults(page: Page, expected: Case['expected']) {
  const result = page.getByTestId('calculator-result');
  for (const [key, text] of expected) await expect(result.locator(`[data-result="${key}"]`)).toContainText(text);
}

for (const item of CASES) {
  test(`${item.category}: computes, reopens from its link in a new context and saves to the history`, async ({
    page,
    context,
    browser,
    login,
    jsEnabled,
    baseURL,
  }) => {
    await login('E-BASIC');
    await page.goto(`/calculators/${item.slug}`);
    for (const [label, value] of Object.entries(item.fill)) await page.getByLabel(label, { exact: true }).fill(value);
    for (const [label, value] of Object.entries(item.select ?? {})) await page.getByLabel(label, { exact: true }).selectOption(value);
    await page.getByRole('button', { name: 'Calcular' }).click();
    await expect(page).toHaveURL(new RegExp(`/calculators/${item.slug}\\?.+`));
    await expectResults(page, item.expected);
    await expect(page.getByTestId('calculator-steps')).toBeVisible();
    await expect(page.getByTestId('calculator-references')).toBeVisible();
    const url = page.url();
    await expect(page.getByLabel('Link deste resultado')).toHaveValue(new RegExp(`/calculators/${item.slug}\\?`));

    // The same URL in a fresh browser (same account): the same result, computed by the server.
    const fresh = await browser.newContext({ baseURL, javaScriptEnabled: jsEnabled, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
    await fresh.addCookies(await context.cookies());
    const other = await fresh.newPage();
    await other.goto(url);
    await expectResults(other, item.expected);
    await fresh.close();

    const title = uniqueName('Cálculo ');
    await page.getByLabel('Título no histórico').fill(title);
    await page.getByRole('button', { name: 'Salvar no histórico' }).click();
    await expectToast(page, 'Cálculo salvo');
    // The saved page opens where the form is, not at its top (with JavaScript too).
    await expect(page.getByRole('button', { name: 'Salvar no histórico' })).toBeInViewport();
    await expectResults(page, item.expected);

    await page.goto('/calculators/history');
    const saved = page.getByTestId('history-item').filter({ hasText: title });
    await expect(saved).toBeVisible();
    await expect(saved).toContainText('versão 1.0.0');
    await saved.getByRole('link', { name: title }).first().click();
    await expect(page).toHaveURL(new RegExp(`/calculators/${item.slug}\\?`));
    await expectResults(page, item.expected);
  });
}

test('with JavaScript the result follows the typing; without it, it follows Calcular', async ({ page, login, jsEnabled }) => {
  await login('E-BASIC');
  await page.goto('/calculators/torque-eixo?power=2%2C5&power_unit=kW&speed=1750&allowableShear=40&bendingMoment=0&keyway=no');
  const torque = page.getByTestId('calculator-result').locator('[data-result="torque"]');
  await expect(torque).toContainText('13,64 N·m');
  const power = page.getByLabel('Potência transmitida P', { exact: true });
  await power.fill('5');
  if (!jsEnabled) await page.getByRole('button', { name: 'Calcular' }).click();
  await expect(torque).toContainText('27,28 N·m');
  await expect(page).toHaveURL(/power=5&/);
  // The field keeps what was typed (the form is not reset under the user's cursor).
  await expect(power).toHaveValue('5');
});

test('invalid inputs show the message beside the field, marked invalid', async ({ page, login }) => {
  await login('E-BASIC');
  await page.goto('/calculators/torque-eixo');
  await page.getByLabel('Potência transmitida P', { exact: true }).fill('abc');
  await page.getByLabel('Rotação n', { exact: true }).fill('-3');
  await page.getByRole('button', { name: 'Calcular' }).click();
  const power = page.getByLabel('Potência transmitida P', { exact: true });
  await expect(power).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#calc-power-error')).toHaveText('Use apenas números (ex.: 2,5).');
  await expect(page.locator('#calc-speed-error')).toHaveText('O valor não pode ser negativo.');
  await expect(page.getByTestId('calculator-result')).toHaveCount(0);
});

test('saving without a title shows the message beside the title, in view, and keeps the result', async ({ page, login }) => {
  await login('E-BASIC');
  await page.goto('/calculators/torque-eixo?power=2%2C5&power_unit=kW&speed=1750&allowableShear=40&bendingMoment=0&keyway=no');
  await page.getByLabel('Título no histórico').fill('   ');
  await page.getByRole('button', { name: 'Salvar no histórico' }).click();
  // In view where the form is, without JavaScript too (the answer opens at the form's anchor).
  await expect(page.getByText('Informe um título para o cálculo.')).toBeInViewport();
  await expect(page.getByLabel('Título no histórico')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('calculator-result').locator('[data-result="torque"]')).toContainText('13,64 N·m');
});

test('the calculation report prints the inputs, results, version and the user', async ({ page, login, jsEnabled }) => {
  const user = await login('E-BASIC');
  await page.goto('/calculators/torque-eixo?power=2%2C5&power_unit=kW&speed=1750&allowableShear=40&bendingMoment=0&keyway=yes');
  await page.getByRole('link', { name: 'Memorial de cálculo' }).click();
  await expect(page).toHaveURL(/\/calculators\/torque-eixo\/report\?/);
  const report = page.getByTestId('calculation-report');
  await expect(report).toContainText('Memorial de cálculo');
  await expect(page.getByTestId('report-user')).toHaveText(user.username);
  await expect(page.getByTestId('report-version')).toHaveText('1.0.0');
  await expect(page.getByTestId('report-inputs')).toContainText('2,5');
  await expect(report.locator('[data-result="torque"]')).toContainText('13,64 N·m');
  await expect(page.getByTestId('calculator-warnings')).toBeVisible();
  const backLink = page.getByRole('link', { name: '← Voltar à calculadora' });
  await expect(backLink).toBeVisible();
  if (jsEnabled) await expect(page.getByRole('button', { name: 'Imprimir / salvar PDF' })).toBeVisible();
  // Printed, only the report remains: no site header, footer or buttons.
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('body > header')).toBeHidden();
  await expect(page.locator('body > footer')).toBeHidden();
  await expect(backLink).toBeHidden();
  await expect(report.locator('[data-result="torque"]')).toBeVisible();
});

test('a field that depends on a select appears when the select asks for it', async ({ page, login, jsEnabled }) => {
  await login('E-TOOL');
  await page.goto('/calculators/deflexao-viga');
  const loadCase = page.getByLabel('Apoios e carregamento', { exact: true });
  const pointField = page.locator('[data-field="pointLoad"]');
  await expect(pointField).toBeHidden();
  await loadCase.selectOption('ss-point');
  if (!jsEnabled) await page.getByRole('button', { name: 'Calcular' }).click();
  await expect(pointField).toBeVisible();
  await expect(page.locator('[data-field="distributedLoad"]')).toBeHidden();
});

test('an E-BASIC user opening an E-TOOL calculator by URL sees the locked state and no result', async ({ page, login }) => {
  await login('E-BASIC');
  const response = await page.goto(
    '/calculators/queda-tensao-condutor?system=single&voltage=220&current=20&length=30&section=2%2C5&powerFactor=1&material=cu&temperature=70&circuit=terminal',
  );
  expect(response?.status()).toBe(403);
  const locked = page.getByTestId('calculator-locked');
  await expect(locked.getByRole('button', { name: 'Requer E-TOOL' })).toBeDisabled();
  await expect(locked.getByRole('link', { name: 'Fazer upgrade' })).toHaveAttribute('href', '/upgrade');
  await expect(page.getByTestId('calculator-result')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Calcular' })).toHaveCount(0);
});

test('the demo seed lists the calculators as dashboard tools: open ones lead to the calculator, others show their level', async ({
  page,
  login,
}) => {
  await login('E-BASIC');
  await page.goto('/dashboard?category=mechanical');
  await page.getByTestId('tool-card').filter({ hasText: 'Torque e diâmetro mínimo de eixo' }).getByRole('link', { name: 'Abrir' }).click();
  await expect(page).toHaveURL(/\/calculators\/torque-eixo$/);
  await expect(page.getByRole('heading', { name: 'Torque e diâmetro mínimo de eixo' })).toBeVisible();

  await page.goto('/dashboard?category=blocked');
  const locked = page.getByTestId('tool-card').filter({ hasText: 'Queda de tensão em condutores (NBR 5410)' });
  await expect(locked.getByRole('button', { name: 'Requer E-TOOL' })).toBeDisabled();
});
