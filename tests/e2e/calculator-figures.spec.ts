import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { calculators, defaultParams, getCalculator, runCalculator } from '../../app/calculators';
import { expect, test, waitForHydration, collectReactErrors } from './fixtures';

/**
 * The diagrams of a result are SVG drawn on the server and inlined in the page: with JavaScript
 * on and off the result page shows each one as an image with an accessible name and its text
 * summary; axe finds no serious or critical violation; a 390 px phone does not scroll sideways.
 */
function resultPage(slug: string) {
  const calculator = getCalculator(slug);
  if (!calculator) throw new Error(`no calculator ${slug}`);
  const query = new URLSearchParams(defaultParams(calculator));
  const run = runCalculator(calculator, query, { figures: true });
  if (!run.ok || !run.result.figures?.length) throw new Error(`${slug} must draw a diagram for its example`);
  return { url: `/calculators/${slug}?${query}`, figures: run.result.figures };
}

const PAGES = ['deflexao-viga', 'queda-tensao-condutor'] as const;

/**
 * The page's own content (the header's bell has an open finding of its own, reported apart).
 * Axe needs JavaScript in the page, so it runs in the js project; without JavaScript the server sends the same markup.
 */
async function expectNoSeriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

for (const slug of PAGES) {
  test(`the result of ${slug} shows its diagrams with their summaries, and passes axe`, async ({ page, login, jsEnabled }) => {
    await login('E-TOOL');
    const { url, figures } = resultPage(slug);
    await page.goto(url);
    await waitForHydration(page, jsEnabled);
    const section = page.getByTestId('calculator-diagrams');
    await expect(section.getByRole('heading', { name: 'Diagramas' })).toBeVisible();
    for (const figure of figures) {
      const image = section.getByRole('img', { name: figure.title });
      await expect(image).toBeVisible();
      await expect(section.getByTestId('figure-summary').filter({ hasText: figure.summary })).toBeVisible();
      const box = await image.boundingBox();
      expect(box?.width ?? 0).toBeGreaterThan(200);
    }
    if (jsEnabled) await expectNoSeriousViolations(page);
  });
}

test('the voltage-drop result lists the standard sections in a table', async ({ page, login }) => {
  await login('E-TOOL');
  await page.goto(resultPage('queda-tensao-condutor').url);
  const table = page.getByRole('table', { name: /Seções nominais a 30 m/ });
  await expect(table.getByRole('columnheader', { name: 'Comprimento máx. (m)' })).toBeVisible();
  await expect(table.getByRole('row', { name: /^4 / })).toContainText('2,81');
  await expect(table.getByRole('row', { name: /^4 / })).toContainText('✓ atende');
  await expect(table.getByRole('row', { name: /^2,5 / })).toContainText('✗ não atende');
});

test('a result page with diagrams fits a 390 px phone without sideways scrolling', async ({ page, login }) => {
  await login('E-TOOL');
  await page.setViewportSize({ width: 390, height: 844 });
  for (const slug of PAGES) {
    await page.goto(resultPage(slug).url);
    await expect(page.getByTestId('calculator-diagrams')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    // The message names the elements that stick out, so a failure says where to look.
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll('body *')]
        .filter((element) => element.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
        .slice(0, 5)
        .map((element) => `${element.tagName.toLowerCase()}.${element.getAttribute('class') ?? ''}`),
    );
    expect(overflow, `${slug}: ${wide.join(' | ')}`).toBeLessThanOrEqual(0);
  }
});

/** Every calculator whose example draws a diagram. */
const WITH_FIGURES = calculators.filter((calculator) => {
  const run = runCalculator(calculator, new URLSearchParams(defaultParams(calculator)), { figures: true });
  return run.ok && (run.result.figures?.length ?? 0) > 0;
});

test('on a 390 px phone every text of every diagram is at least 11 px, and the page still does not scroll sideways', async ({
  page,
  login,
}) => {
  test.setTimeout(120_000);
  await login('E-MASTER');
  await page.setViewportSize({ width: 390, height: 844 });
  expect(WITH_FIGURES.length).toBeGreaterThan(20);
  const small: string[] = [];
  for (const calculator of WITH_FIGURES) {
    await page.goto(resultPage(calculator.slug).url);
    await expect(page.getByTestId('calculator-diagrams')).toBeVisible();
    // The size on screen: the text's font size in the SVG's units times the scale the SVG is drawn at (rotation included).
    const sizes = await page.locator('[data-testid="calculator-figures"] svg text').evaluateAll((texts) =>
      texts.map((node) => {
        const element = node as SVGTextElement;
        const matrix = element.getScreenCTM();
        const scale = matrix ? Math.hypot(matrix.a, matrix.b) : 0;
        return { text: element.textContent ?? '', px: parseFloat(getComputedStyle(element).fontSize) * scale };
      }),
    );
    expect(sizes.length, calculator.slug).toBeGreaterThan(0);
    for (const { text, px } of sizes) if (px < 11) small.push(`${calculator.slug}: '${text}' ${px.toFixed(1)} px`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, calculator.slug).toBeLessThanOrEqual(0);
  }
  expect(small.slice(0, 20)).toEqual([]);
});

/**
 * Decision 073: the document's loader data carries no SVG, so the hydrated page keeps the drawings
 * the server rendered; a new result (typed with JavaScript, Calcular without) brings its own.
 */
test('the drawings survive hydration and follow a new result', async ({ page, login, jsEnabled }) => {
  await login('E-TOOL');
  const beam = getCalculator('deflexao-viga')!;
  const first = resultPage(beam.slug);
  // The production server's document: the SVG in the markup, no escaped copy in the handoff script's loader data.
  const html = await (await page.request.get(first.url)).text();
  expect(html).toContain(first.figures[0]!.svg);
  expect(html).not.toContain('\\u003csvg');
  await page.goto(first.url);
  await waitForHydration(page, jsEnabled);
  const drawings = page.getByTestId('figure-drawing');
  await expect(drawings).toHaveCount(first.figures.length);
  const before = await drawings.evaluateAll((nodes) => nodes.map((node) => node.innerHTML));
  expect(before.every((html) => html.startsWith('<svg'))).toBe(true);

  const query = new URLSearchParams(defaultParams(beam));
  query.set('span', '6');
  const run = runCalculator(beam, query, { figures: true });
  if (!run.ok || !run.result.figures?.length) throw new Error('a 6 m span must draw diagrams');
  // A text the new drawing has and the first one has not: the span's label on its axis.
  const label = [...run.result.figures[0]!.svg.matchAll(/<text[^>]*>([^<]+)<\/text>/g)]
    .map((match) => match[1]!)
    .find((text) => !text.includes('&') && !before[0]!.includes(`>${text}<`));
  if (!label) throw new Error('the 6 m drawing must differ from the 4 m one in some text');

  await page.getByLabel('Vão L', { exact: true }).fill('6');
  if (!jsEnabled) await page.getByRole('button', { name: 'Calcular' }).click();
  await expect(page).toHaveURL(/span=6&/);
  await expect(drawings.first().locator('svg text').filter({ hasText: label }).first()).toBeAttached();
  await expect(drawings).toHaveCount(run.result.figures.length);
});

test('the result’s sections the server keeps as markup hydrate without a mismatch, and each input shows its own result', async ({
  page,
  login,
  jsEnabled,
}) => {
  await login('E-TOOL');
  const reactErrors = collectReactErrors(page);
  const beam = getCalculator('deflexao-viga')!;
  const moment = page.getByTestId('calculator-steps').getByText(/^M = w·L² \/ 8/);
  for (const [span, value] of [
    ['4', '10,00 kN·m'],
    ['6', '22,50 kN·m'],
    ['4', '10,00 kN·m'],
  ] as const) {
    const query = new URLSearchParams(defaultParams(beam));
    query.set('span', span);
    await page.goto(`/calculators/${beam.slug}?${query}`);
    await waitForHydration(page, jsEnabled);
    await expect(moment).toContainText(`= ${value}`);
  }
  expect(reactErrors).toEqual([]);
});
