import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { db } from '../../db/client';
import { assessmentAttempts, assessmentQuestions, courseAssessments } from '../../db/schema';
import { startAttempt, submitAttempt } from '../../app/models/assessments/attempts.server';
import type { ShownQuestion } from '../../app/models/assessments/grade';
import { createUser, createCourse } from '../setup/factories';
import { expect, test, uniqueName, waitForHydration } from './fixtures';

/**
 * Issue 31, item 5 with JavaScript on and off: an admin opens 'Avaliação' from the courses table, reads
 * the totals and the item analysis, downloads the CSV (Brazilian format), and sees the empty state of a
 * course nobody has answered. Axe, and a 390 px phone.
 */

function courseWithBank() {
  const title = `Análise ${uniqueName('a')} — NR-10`;
  const course = createCourse({ title, description: 'Curso do teste de análise.', duration: '40 horas' });
  db.insert(courseAssessments).values({ courseId: course.id, passPercent: 70, questionsPerAttempt: 2 }).run();
  db.insert(assessmentQuestions)
    .values([
      {
        courseId: course.id,
        kind: 'single',
        prompt: 'Qual é a medida de proteção coletiva prioritária?',
        options: JSON.stringify(['Luvas isolantes', 'Desenergização', 'Placa de advertência']),
        correct: JSON.stringify([1]),
      },
      {
        courseId: course.id,
        kind: 'numeric',
        prompt: 'Queda de tensão admitida nos circuitos terminais',
        numericAnswer: 4,
        tolerance: 0.1,
        unit: '%',
      },
    ])
    .run();
  return course;
}

const getShown = (attemptId: number) =>
  JSON.parse(db.select().from(assessmentAttempts).where(eq(assessmentAttempts.id, attemptId)).get()!.questions) as ShownQuestion[];

/** One learner's attempt: the choice question answered with `option`, the number with `value`. */
async function answered(courseId: number, option: string, value: string) {
  const learner = await createUser({ role: 'E-MASTER' });
  const view = startAttempt(learner, courseId);
  const fields = Object.fromEntries(
    getShown(view.id).map((question: ShownQuestion, index) => [
      `q${index}`,
      question.kind === 'numeric' ? [value] : [String(question.options.indexOf(option))],
    ]),
  );
  submitAttempt(learner, view.id, fields);
}

test('an admin reads how a course teaches and downloads the CSV', async ({ page, login, jsEnabled }) => {
  await login('admin');
  const course = courseWithBank();
  await answered(course.id, 'Desenergização', '4,05');
  await answered(course.id, 'Placa de advertência', '6,93');
  await answered(course.id, 'Placa de advertência', '4');

  await page.goto(`/admin/courses?q=${encodeURIComponent(course.title)}`);
  await page.getByRole('link', { name: `Avaliação do curso ${course.title}` }).click();
  await expect(page.getByRole('heading', { name: `Avaliação final — ${course.title}` })).toBeVisible();
  await waitForHydration(page, jsEnabled);
  const totals = page.getByTestId('analytics-totals');
  await expect(totals).toContainText('Tentativas3');
  await expect(totals).toContainText('Taxa de aprovação33,3 %');
  await expect(totals).toContainText('Nota média50 %');
  // The window comes with the loader's data: a constant of a .server module is undefined once hydrated ('até NaN').
  await expect(page.getByText('Das 3 tentativas respondidas mais recentes (até 2.000)')).toBeVisible();
  const rows = page.getByTestId('item-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('Qual é a medida de proteção coletiva prioritária?');
  await expect(rows.first()).toContainText('33,3 % (1)');
  await expect(rows.first()).toContainText('Placa de advertência (2×)');
  await expect(rows.nth(1)).toContainText('6,93 % (1×)');
  if (jsEnabled) {
    const { violations } = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  }

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Exportar CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^avaliacao-curso-${course.id}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  const text = await readFile((await download.path())!, 'utf8');
  expect(text.startsWith('\uFEFFQuestão;Tipo;Enunciado;')).toBe(true);
  expect(text).toContain(';Qual é a medida de proteção coletiva prioritária?;3;1;0;33,3;Placa de advertência;2\r\n');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(rows).toHaveCount(2);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  if (jsEnabled) await page.screenshot({ path: 'test-results/assessment-analytics-390.png', fullPage: true });
});

test('a course nobody answered shows the empty state', async ({ page, login }) => {
  await login('admin');
  const course = courseWithBank();
  await page.goto(`/admin/courses/${course.id}/avaliacao`);
  await expect(page.getByText('Nenhuma tentativa respondida encontrada')).toBeVisible();
  await expect(page.getByTestId('analytics-totals')).toContainText('Taxa de aprovação—');
  await expect(page.getByRole('link', { name: 'Exportar CSV' })).toHaveCount(0);
});
