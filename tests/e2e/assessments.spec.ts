import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { db } from '../../db/client';
import { assessmentAttempts, lessonProgress } from '../../db/schema';
import type { ShownQuestion } from '../../app/models/assessments/grade';
import { answerAttempt, nr10AssessedCourse, openAttempt } from './assessed-course';
import { expect, expectToast, test, uniqueName, waitForHydration } from './fixtures';

/**
 * Issue 31 with JavaScript on and off: a learner who finished the lessons takes the final assessment,
 * fails, is refused a new attempt until the wait is over, passes, issues the certificate and reads the
 * PDF back (grade, workload, syllabus, technical lead) and the public page with its QR code. Axe and a
 * 390 px phone on the assessment page.
 */

function assessedCourse() {
  return nr10AssessedCourse(
    {
      title: `Avaliação ${uniqueName('a')} — NR-10`,
      description: 'Curso do teste de avaliações.',
      duration: '40 horas',
      workloadHours: 40,
      instructors: JSON.stringify([{ name: 'Eng. Joana Araújo', qualification: 'Engenheira eletricista' }]),
      technicalLead: JSON.stringify({
        name: 'Eng. Carlos Mendes',
        profession: 'Engenheiro eletricista',
        registration: 'CREA-SP 5061234567',
      }),
    },
    { maxAttempts: 1, waitHours: 24 },
    'A sequência começa pelo seccionamento.',
  );
}

async function pdfText(path: string): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(await readFile(path)));
  const { text } = await extractText(document, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

test('take the final assessment, fail, wait, pass, issue the certificate and read it back', async ({ page, login, jsEnabled, browser }) => {
  test.slow();
  const holder = 'Renata Campos Vieira';
  const user = await login('E-MASTER', { fullName: holder });
  const { course, lessonIds } = assessedCourse();
  lessonIds.forEach((lessonId) =>
    db.insert(lessonProgress).values({ userId: user.id, courseId: course.id, lessonId, completedAt: new Date() }).run(),
  );

  await page.goto(`/courses/${course.id}`);
  await expect(page.getByText('Seja aprovado na avaliação final para emitir o certificado.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Emitir certificado' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Fazer a avaliação final' }).click();
  await expect(page.getByRole('heading', { name: 'Avaliação final', level: 1 })).toBeVisible();
  await waitForHydration(page, jsEnabled);

  await page.getByRole('button', { name: 'Iniciar avaliação' }).click();
  await expect(page.getByRole('heading', { name: 'Tentativa em andamento' })).toBeVisible();
  await waitForHydration(page, jsEnabled);
  if (jsEnabled) {
    const { violations } = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(
      violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id),
    ).toEqual([]);
  }
  const first = openAttempt(user.id, course.id);
  await answerAttempt(page, JSON.parse(first.questions) as ShownQuestion[], false);
  await page.getByRole('button', { name: 'Enviar respostas' }).click();
  await expectToast(page, 'Não aprovado');
  await expect(page.getByRole('heading', { name: /Resultado: 0 % — Não aprovado/ })).toBeVisible();
  await expect(page.getByText('A sequência começa pelo seccionamento.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Iniciar avaliação' })).toHaveCount(0);
  await expect(page.getByText(/Você usou a tentativa\. Nova tentativa a partir de/)).toBeVisible();

  // A day passes (the failed attempt is moved back 25 hours).
  const past = new Date(Date.now() - 25 * 3_600_000);
  db.update(assessmentAttempts).set({ startedAt: past, submittedAt: past }).where(eq(assessmentAttempts.id, first.id)).run();
  await page.goto(`/courses/${course.id}/avaliacao`);
  await waitForHydration(page, jsEnabled);
  await page.getByRole('button', { name: 'Iniciar avaliação' }).click();
  await expect(page.getByRole('heading', { name: 'Tentativa em andamento' })).toBeVisible();
  await waitForHydration(page, jsEnabled);
  await answerAttempt(page, JSON.parse(openAttempt(user.id, course.id).questions) as ShownQuestion[], true);
  await page.getByRole('button', { name: 'Enviar respostas' }).click();
  await expectToast(page, 'Aprovado');
  await expect(page.getByRole('heading', { name: /Resultado: 100 % — Aprovado/ })).toBeVisible();

  await page.goto(`/courses/${course.id}`);
  await page.getByRole('button', { name: 'Emitir certificado' }).click();
  await expect(page).toHaveURL(/\/certificados\/[0-9A-Z]{26}$/);
  const code = page.url().split('/').pop()!;
  await expect(page.getByText('Conteúdo programático')).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code da página de verificação deste certificado' })).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Baixar PDF' }).click()]);
  const text = await pdfText((await download.path())!);
  for (const expected of [
    holder,
    'Carga horária: 40 horas',
    'Riscos elétricos',
    'Medidas de controle',
    'Modalidade: Ensino a distância',
    'Responsável técnico: Eng. Carlos Mendes, Engenheiro eletricista, CREA-SP 5061234567',
    'Nota na avaliação final: 100 %',
    code,
  ])
    expect(text).toContain(expected);

  const visitor = await browser.newContext({ javaScriptEnabled: jsEnabled });
  const anonymous = await visitor.newPage();
  await anonymous.goto(`/certificados/${code}`);
  await expect(anonymous.getByRole('status').getByText('Certificado válido')).toBeVisible();
  await expect(anonymous.getByText('CREA-SP 5061234567')).toBeVisible();
  await expect(anonymous.getByText('100 %')).toBeVisible();
  await visitor.close();
});

test('the assessment page fits a 390 px phone', async ({ page, login, jsEnabled }) => {
  const user = await login('E-MASTER', { fullName: 'Ana Telefone' });
  const { course } = assessedCourse();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/courses/${course.id}/avaliacao`);
  await waitForHydration(page, jsEnabled);
  await page.getByRole('button', { name: 'Iniciar avaliação' }).click();
  await expect(page.getByRole('heading', { name: 'Tentativa em andamento' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  if (jsEnabled) await page.screenshot({ path: 'test-results/assessment-390.png', fullPage: true });
  expect(openAttempt(user.id, course.id)).toBeTruthy();
});
