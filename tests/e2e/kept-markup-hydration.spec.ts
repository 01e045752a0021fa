import { startAttempt, submitAttempt } from '../../app/models/assessments/attempts.server';
import { nr10AssessedCourse } from './assessed-course';
import { collectReactErrors, expect, markDocument, test, uniqueName, waitForHydration } from './fixtures';

/**
 * Issue 33: a correction's questions and the rows of 'Formação' are sent as markup rendered once per
 * process (decision 079). They hydrate without a mismatch, and a row's course link still navigates in
 * the same document.
 */

test('a graded attempt and the training record hydrate from markup rendered once, and their links still navigate', async ({
  page,
  jsEnabled,
  login,
}) => {
  const user = await login('E-MASTER');
  const { course } = nr10AssessedCourse({
    title: `Correção ${uniqueName('h')} — NR-10`,
    description: 'Curso do teste.',
    duration: '8 horas',
  });
  const graded = submitAttempt(user, startAttempt(user, course.id).id, { q0: ['0'] });
  const reactErrors = collectReactErrors(page);

  await page.goto(`/courses/${course.id}/avaliacao?tentativa=${graded.id}`);
  await waitForHydration(page, jsEnabled);
  const correction = page.getByRole('region', { name: /^Resultado:/ });
  await expect(correction.getByRole('listitem')).toHaveCount(3);
  await expect(correction).toContainText('Resposta correta:');

  await page.goto('/account/formacao');
  await waitForHydration(page, jsEnabled);
  const row = page.getByRole('row', { name: new RegExp(course.title) });
  await expect(row).toContainText('0 de 2 aulas');
  const sameDocument = await markDocument(page);
  await row.getByRole('link', { name: course.title }).click();
  await expect(page).toHaveURL(new RegExp(`/courses/${course.id}$`));
  expect(await sameDocument()).toBe(jsEnabled);
  expect(reactErrors).toEqual([]);
});
