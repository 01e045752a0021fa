import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { db } from '../../db/client';
import { assessmentQuestions } from '../../db/schema';
import { createCourse, createLessons } from '../setup/factories';
import { expect, expectToast, test, uniqueName, waitForHydration } from './fixtures';

/**
 * Issue 31, item 1, with JavaScript on and off: an admin creates the final assessment and writes one
 * question of each kind on the course's admin tab (a refusal in Portuguese on the way), edits one, and a
 * learner's attempt shows them. Axe and a 390 px phone on the tab with its dialog.
 */

function plainCourse() {
  const title = `Banco ${uniqueName('q')} — NBR 5410`;
  const course = createCourse({ title, description: 'Curso do teste do banco de questões.' });
  const lesson = createLessons(course.id, ['Queda de tensão'])[0]!;
  return { course, lesson };
}

async function openNewQuestion(page: Page, jsEnabled: boolean) {
  await page.getByRole('link', { name: 'Adicionar questão' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nova questão' });
  await expect(dialog).toBeVisible();
  await waitForHydration(page, jsEnabled);
  return dialog;
}

async function save(page: Page, dialog: ReturnType<Page['getByRole']>, toast: string) {
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expectToast(page, toast);
  await expect(dialog).toHaveCount(0);
}

test('an admin authors a question of each kind and a learner sees them in an attempt', async ({ page, login, jsEnabled }) => {
  test.slow();
  const { course } = plainCourse();
  await login('admin');
  await page.goto(`/courses/${course.id}?tab=admin`);
  await expect(page.getByText('Este curso não tem avaliação final')).toBeVisible();
  await expect(page.getByText('Nenhuma questão cadastrada.')).toBeVisible();
  await waitForHydration(page, jsEnabled);
  await page.getByLabel('Questões por tentativa').fill('4');
  await page.getByLabel('Tentativas', { exact: true }).fill('3');
  await page.getByLabel('Espera depois das tentativas (horas)').fill('24');
  await page.getByRole('button', { name: 'Criar avaliação final' }).click();
  await expectToast(page, 'Avaliação final salva');
  await expect(page.getByText('Banco da avaliação final: 0 questões.')).toBeVisible();

  // Several right options; first without any, refused in Portuguese.
  let dialog = await openNewQuestion(page, jsEnabled);
  await dialog.getByLabel('Tipo').selectOption('multiple');
  await dialog.getByLabel('Enunciado').fill('Quais destes são EPIs para trabalho em eletricidade?');
  await dialog.getByLabel('Alternativa 1', { exact: true }).fill('Luva isolante');
  await dialog.getByLabel('Alternativa 2', { exact: true }).fill('Barreira física');
  await dialog.getByLabel('Alternativa 3', { exact: true }).fill('Capacete classe B');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByRole('dialog', { name: 'Nova questão' }).getByText('Marque ao menos uma alternativa correta.')).toBeVisible();
  dialog = page.getByRole('dialog', { name: 'Nova questão' });
  await waitForHydration(page, jsEnabled);
  await dialog.getByLabel('Correta (alternativa 1)').check();
  await dialog.getByLabel('Correta (alternativa 3)').check();
  await dialog.getByLabel('Explicação (opcional)').fill('Barreira é proteção coletiva, não EPI.');
  await save(page, dialog, 'Questão criada');

  dialog = await openNewQuestion(page, jsEnabled);
  await dialog.getByLabel('Tipo').selectOption('single');
  await dialog.getByLabel('Enunciado').fill('Qual é o primeiro passo da desenergização?');
  await dialog.getByLabel('Alternativa 1', { exact: true }).fill('Seccionamento');
  await dialog.getByLabel('Alternativa 2', { exact: true }).fill('Aterramento temporário');
  await dialog.getByLabel('Correta (alternativa 1)').check();
  await save(page, dialog, 'Questão criada');

  dialog = await openNewQuestion(page, jsEnabled);
  await dialog.getByLabel('Tipo').selectOption('true_false');
  await dialog.getByLabel('Enunciado').fill('Adornos pessoais são permitidos em trabalhos com eletricidade.');
  await dialog.getByLabel('Falsa').check();
  await save(page, dialog, 'Questão criada');

  dialog = await openNewQuestion(page, jsEnabled);
  await dialog.getByLabel('Tipo').selectOption('numeric');
  await dialog.getByLabel('Enunciado').fill('Qual é a queda de tensão de 6,6 V em 220 V, em %?');
  await dialog.getByLabel('Resposta', { exact: true }).fill('3');
  await dialog.getByLabel('Tolerância (±)').fill('-0,1');
  await dialog.getByLabel('Unidade (opcional)').fill('%');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  dialog = page.getByRole('dialog', { name: 'Nova questão' });
  await expect(dialog.getByText('A tolerância não pode ser negativa.')).toBeVisible();
  await waitForHydration(page, jsEnabled);
  await dialog.getByLabel('Tolerância (±)').fill('0,05');
  await save(page, dialog, 'Questão criada');

  const bank = page.getByTestId('question-bank');
  await expect(page.getByText('4 questões', { exact: true })).toBeVisible();
  await expect(bank.getByText('Correta: 3 % (± 0,05)')).toBeVisible();
  await expect(bank.getByText('Correta: Luva isolante; Capacete classe B')).toBeVisible();

  // Edit one: the prompt changes in the list.
  const single = db.select().from(assessmentQuestions).where(eq(assessmentQuestions.courseId, course.id)).all()[1];
  await page.getByRole('link', { name: `Editar questão ${single.id}` }).click();
  dialog = page.getByRole('dialog', { name: 'Editar questão' });
  await expect(dialog.getByLabel('Enunciado')).toHaveValue('Qual é o primeiro passo da desenergização?');
  await waitForHydration(page, jsEnabled);
  await dialog.getByLabel('Enunciado').fill('Na NR-10, qual é o primeiro passo da desenergização?');
  await save(page, dialog, 'Questão atualizada');
  await expect(bank.getByText('Na NR-10, qual é o primeiro passo da desenergização?')).toBeVisible();

  await login('E-MASTER', { fullName: 'Aluno do Banco' });
  await page.goto(`/courses/${course.id}/avaliacao`);
  await waitForHydration(page, jsEnabled);
  await page.getByRole('button', { name: 'Iniciar avaliação' }).click();
  await expect(page.getByRole('heading', { name: 'Tentativa em andamento' })).toBeVisible();
  for (const prompt of [
    'Quais destes são EPIs para trabalho em eletricidade?',
    'Na NR-10, qual é o primeiro passo da desenergização?',
    'Adornos pessoais são permitidos em trabalhos com eletricidade.',
    'Qual é a queda de tensão de 6,6 V em 220 V, em %?',
  ])
    await expect(page.getByText(prompt)).toBeVisible();
  await expect(page.getByText('Marque todas as corretas.')).toBeVisible();
  await expect(page.getByText('Sua resposta (%)')).toBeVisible();
});

test('a question is deleted after its confirmation', async ({ page, login, jsEnabled }) => {
  const { course, lesson } = plainCourse();
  db.insert(assessmentQuestions)
    .values({
      courseId: course.id,
      lessonId: lesson.id,
      kind: 'true_false',
      prompt: 'Afirmação para excluir.',
      options: '["Verdadeiro","Falso"]',
      correct: '[0]',
    })
    .run();
  await login('admin');
  await page.goto(`/courses/${course.id}?tab=admin`);
  await expect(page.getByText('Exercício da aula: Queda de tensão')).toBeVisible();
  await waitForHydration(page, jsEnabled);
  if (jsEnabled) page.once('dialog', (confirm) => void confirm.accept());
  await page.getByRole('link', { name: /^Excluir questão/ }).click();
  if (!jsEnabled) {
    await expect(page.getByRole('heading', { name: 'Excluir questão: Afirmação para excluir.' })).toBeVisible();
    await page.getByRole('button', { name: 'Excluir' }).click();
  }
  await expectToast(page, 'Questão excluída');
  await expect(page.getByText('Nenhuma questão cadastrada.')).toBeVisible();
});

test('the admin tab and its question dialog pass axe and fit a 390 px phone', async ({ page, login, jsEnabled }) => {
  const { course } = plainCourse();
  await login('admin');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/courses/${course.id}?tab=admin&dialog=question`);
  await expect(page.getByRole('dialog', { name: 'Nova questão' })).toBeVisible();
  await waitForHydration(page, jsEnabled);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  if (jsEnabled) {
    // Axe runs as script in the page: with JavaScript only (the markup is the same server render). The
    // dialog is outside <main> (Headless UI's portal), so the whole page is read, the admin's header included.
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`)).toEqual([]);
  }
  await page.screenshot({ path: `test-results/question-dialog-390-${jsEnabled ? 'js' : 'no-js'}.png`, fullPage: true });
  await page.goto(`/courses/${course.id}?tab=admin`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `test-results/question-bank-390-${jsEnabled ? 'js' : 'no-js'}.png`, fullPage: true });
});
