import AxeBuilder from '@axe-core/playwright';
import { db } from '../../db/client';
import { assessmentQuestions } from '../../db/schema';
import { createCourse, createLessons } from '../setup/factories';
import { expect, test, uniqueName, waitForHydration } from './fixtures';

/**
 * Issue 31, item 2, with JavaScript on and off: a learner opens a lesson, follows 'Fazer o exercício',
 * answers, and after 'Corrigir' sees right and wrong with the explanations (none before). Axe and 390 px.
 */

function courseWithExercise() {
  const title = `Exercício ${uniqueName('x')}`;
  const course = createCourse({ title, description: 'Curso do teste de exercícios.' });
  const lesson = createLessons(course.id, ['Queda de tensão'])[0]!;
  db.insert(assessmentQuestions)
    .values([
      {
        courseId: course.id,
        lessonId: lesson.id,
        kind: 'multiple',
        prompt: 'Quais destas são medidas de proteção coletiva?',
        options: JSON.stringify(['Desenergização', 'Luva isolante', 'Barreiras e obstáculos']),
        correct: JSON.stringify([0, 2]),
        explanation: 'Luva isolante é EPI: proteção individual.',
      },
      {
        courseId: course.id,
        lessonId: lesson.id,
        kind: 'numeric',
        prompt: 'Queda de 6,6 V em 220 V, em %?',
        numericAnswer: 3,
        tolerance: 0.05,
        unit: '%',
        explanation: 'ΔV % = 6,6 / 220 × 100 = 3 %.',
      },
    ])
    .run();
  return { course, lesson };
}

test('a learner does a lesson exercise and reads the correction', async ({ page, login, jsEnabled }) => {
  const { course, lesson } = courseWithExercise();
  await login('E-MASTER');
  await page.goto(`/courses/${course.id}?tab=content&lesson=${lesson.id}`);
  await page.getByRole('link', { name: 'Fazer o exercício da aula Queda de tensão' }).click();
  await expect(page.getByRole('heading', { name: 'Exercício da aula', level: 1 })).toBeVisible();
  await expect(page.getByText('Luva isolante é EPI: proteção individual.')).toHaveCount(0);
  await waitForHydration(page, jsEnabled);
  await page.getByLabel('Desenergização').check();
  await page.getByLabel('Barreiras e obstáculos').check();
  await page.getByLabel('Sua resposta (%)').fill('3,5');
  await page.getByRole('button', { name: 'Corrigir' }).click();
  await expect(page.getByRole('heading', { name: 'Você acertou 1 de 2' })).toBeVisible();
  await expect(page.getByText('Certa: Desenergização; Barreiras e obstáculos')).toBeVisible();
  await expect(page.getByText('Errada: 3,5 %')).toBeVisible();
  await expect(page.getByText('Resposta correta: 3 % (tolerância ± 0,05)')).toBeVisible();
  await expect(page.getByText('ΔV % = 6,6 / 220 × 100 = 3 %.')).toBeVisible();
  await page.getByRole('link', { name: 'Refazer o exercício' }).click();
  await expect(page.getByRole('button', { name: 'Corrigir' })).toBeVisible();
});

test('the exercise passes axe and fits a 390 px phone', async ({ page, login, jsEnabled }) => {
  const { course, lesson } = courseWithExercise();
  await login('E-MASTER');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/courses/${course.id}/aulas/${lesson.id}/exercicio`);
  await expect(page.getByRole('button', { name: 'Corrigir' })).toBeVisible();
  await waitForHydration(page, jsEnabled);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  if (jsEnabled) {
    const { violations } = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`)).toEqual([]);
    await page.screenshot({ path: 'test-results/lesson-quiz-390.png', fullPage: true });
  }
});
