import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import { defaultParams, getCalculator, runCalculator } from '../../app/calculators';
import { canonicalQuery } from '../../app/calculators/view';
import { addCalculationToProject, listProjectRows, updateCalculationInputs } from '../../app/models/projects/project-calculations.server';
import { createProject } from '../../app/models/projects/project.server';
import { issueRevision } from '../../app/models/projects/revisions.server';
import { createShareLink } from '../../app/models/projects/share-links.server';
import { expect, test, uniqueName, waitForHydration } from './fixtures';

/**
 * The projects screens on a 390 px phone, JavaScript on and off: the list, a project of 25
 * calculations (paginated), a calculation inside it, the memorial with its revision table and a
 * diagram, and the client's shared link: none scrolls sideways, axe finds no serious or critical
 * violation in `main`, and each is kept as a screenshot (the memorial also as its printed PDF).
 */
const WIDTH = 390;
test.use({ viewport: { width: WIDTH, height: 844 } });

async function expectLooksRight(page: Page, path: string, jsEnabled: boolean, testInfo: TestInfo, name: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBeLessThan(400);
  await waitForHydration(page, jsEnabled);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} scrolls sideways`).toBeLessThanOrEqual(WIDTH);
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
  if (!jsEnabled) return; // axe runs in the page; the server sends the same markup either way
  const { violations } = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => `${path} ${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );
}

const example = (slug: string, scale = 1) => {
  const calculator = getCalculator(slug)!;
  const params = new URLSearchParams(defaultParams(calculator));
  if (scale !== 1)
    for (const field of calculator.inputs)
      if (field.kind === 'number') params.set(field.name, String(field.default * scale).replace('.', ','));
  const run = runCalculator(calculator, params);
  if (!run.ok) throw new Error(`${slug}: its example does not compute`);
  return canonicalQuery(calculator, run);
};

test('the projects screens fit a phone and pass axe', async ({ page, login, browser, jsEnabled }, testInfo) => {
  test.setTimeout(120_000);
  const user = await login('E-TOOL');
  const name = uniqueName('Fábrica de tecidos ');
  const project = createProject(user, {
    name,
    client: 'Indústria Têxtil Norte S.A.',
    place: 'Blumenau, SC',
    art: '28027230209876543',
    engineerName: 'Carla Ferreira',
    crea: 'SC-123456/D',
  });
  addCalculationToProject(user, project.id, {
    slug: 'deflexao-viga',
    title: 'Viga da ponte rolante — vão central',
    query: example('deflexao-viga'),
  });
  for (let index = 2; index <= 25; index++)
    addCalculationToProject(user, project.id, {
      slug: 'torque-eixo',
      title: `Eixo do tear ${index}`,
      query: example('torque-eixo', 1 + index / 100),
    });
  issueRevision(user, project.id);
  const [beam] = listProjectRows(project.id);
  updateCalculationInputs(user, project.id, beam.id, { title: beam.title, query: example('deflexao-viga', 1.1) });
  issueRevision(user, project.id);
  const shared = createShareLink(user, project.id, 1, null);

  await expectLooksRight(page, '/projects', jsEnabled, testInfo, 'projects-list');
  await expect(page.getByRole('link', { name })).toBeVisible();

  await expectLooksRight(page, `/projects/${project.id}`, jsEnabled, testInfo, 'project-page');
  await expect(page.getByTestId('project-calculation')).toHaveCount(20);
  await expect(page.getByRole('navigation', { name: 'Páginas dos cálculos' })).toContainText('Página 1 de 2');
  await page.getByRole('navigation', { name: 'Páginas dos cálculos' }).getByRole('link', { name: 'Próxima →' }).click();
  await expect(page.getByTestId('project-calculation')).toHaveCount(5);
  await expect(page.getByRole('heading', { name: 'Eixo do tear 25' })).toBeVisible();

  await expectLooksRight(page, `/projects/${project.id}/calculations/${beam.id}`, jsEnabled, testInfo, 'project-calculation');
  await expect(page.getByTestId('calculator-result')).toBeVisible();

  await expectLooksRight(page, `/projects/${project.id}/memorial?rev=1`, jsEnabled, testInfo, 'project-memorial');
  await expect(page.getByTestId('memorial-revisions')).toContainText('Viga da ponte rolante');
  // The revision table's changes keep most of a phone's width (the date goes under the revision).
  const changes = page.getByTestId('memorial-revisions').locator('tbody td').last();
  expect(await changes.evaluate((cell) => cell.getBoundingClientRect().width)).toBeGreaterThan(WIDTH / 2);
  const pdf = await page.pdf({ format: 'A4', preferCSSPageSize: true });
  await testInfo.attach('memorial.pdf', { body: pdf, contentType: 'application/pdf' });
  const { writeFileSync } = await import('node:fs');
  writeFileSync(testInfo.outputPath('project-memorial.pdf'), pdf);

  const visitor = await browser.newContext({ javaScriptEnabled: jsEnabled, viewport: { width: WIDTH, height: 844 } });
  const anonymous = await visitor.newPage();
  await expectLooksRight(anonymous, shared.path, jsEnabled, testInfo, 'shared-link');
  await expect(anonymous.getByTestId('memorial-revision')).toContainText('Rev. 01');
  await visitor.close();
});
