import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { and, eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { db } from '../../db/client';
import { assessmentAttempts, lessonProgress } from '../../db/schema';
import type { ShownQuestion } from '../../app/models/assessments/grade';
import { pdfPageDrawsQr } from '../setup/pdf-qr';
import { answerAttempt, nr10AssessedCourse, openAttempt } from './assessed-course';
import { expect, expectToast, test, uniqueName, waitForHydration } from './fixtures';

/**
 * Issue 31's 'Done when', with JavaScript on and off: an admin sets the certificate's data on the course
 * ('Dados do certificado'); a learner takes the final assessment, fails, is refused until the wait is over
 * (the failed attempt is moved back a day in the database), passes, issues the certificate, reads the PDF
 * back (grade, workload, syllabus, technical lead, and the QR code decoded against the verification
 * address) and the public page, then finds it all in 'Minha Conta' → 'Formação' and its PDF. The time
 * limit and the attempt limit are refused on the server, whatever the page shows.
 */

function assessedCourse(settings: Parameters<typeof nr10AssessedCourse>[1] = { maxAttempts: 1, waitHours: 24 }) {
  return nr10AssessedCourse(
    { title: `Formação ${uniqueName('f')} — NR-10`, description: 'Curso do teste de formação.', duration: 'Cerca de duas semanas' },
    settings,
  );
}

const attemptsOf = (userId: number, courseId: number) =>
  db
    .select()
    .from(assessmentAttempts)
    .where(and(eq(assessmentAttempts.userId, userId), eq(assessmentAttempts.courseId, courseId)))
    .all();

async function startAndAnswer(page: Page, jsEnabled: boolean, userId: number, courseId: number, right: boolean) {
  await page.goto(`/courses/${courseId}/avaliacao`);
  await waitForHydration(page, jsEnabled);
  await page.getByRole('button', { name: 'Iniciar avaliação' }).click();
  await expect(page.getByRole('heading', { name: 'Tentativa em andamento' })).toBeVisible();
  await waitForHydration(page, jsEnabled);
  await answerAttempt(page, JSON.parse(openAttempt(userId, courseId).questions) as ShownQuestion[], right);
  await page.getByRole('button', { name: 'Enviar respostas' }).click();
}

async function downloadOf(page: Page, linkName: string | RegExp): Promise<Uint8Array> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: linkName }).click()]);
  return new Uint8Array(await readFile((await download.path())!));
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(bytes.slice()), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

/** 'Iniciar avaliação' posted straight to the server, as a page without the button would (the page's own Origin). */
const postStart = (page: Page, baseURL: string, courseId: number) =>
  page.request.post(`/courses/${courseId}/avaliacao`, { form: { intent: 'start' }, headers: { Origin: baseURL }, maxRedirects: 0 });

async function expectNoSeriousAxe(page: Page) {
  const { violations } = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((v) => v.id)).toEqual([]);
}

test('admin data, fail, wait, pass, certificate with its QR, public page, then Formação and its PDF', async ({
  page,
  context,
  login,
  jsEnabled,
  browser,
  baseURL,
}) => {
  test.slow();
  const { course, lessonIds } = assessedCourse();

  await login('admin');
  await page.goto(`/courses/${course.id}?tab=admin`);
  await page.getByRole('link', { name: 'Editar dados do certificado' }).click();
  await expect(page.getByRole('heading', { name: 'Dados do certificado', level: 1 })).toBeVisible();
  await waitForHydration(page, jsEnabled);
  if (jsEnabled) await expectNoSeriousAxe(page);
  await page.getByLabel('Carga horária (horas)').fill('16');
  await page.getByLabel('Conteúdo programático').fill('Introdução à NR-10\nRiscos em instalações elétricas\nPrimeiros socorros');
  await page.getByLabel('Instrutor 1', { exact: true }).fill('Eng. Joana Araújo');
  await page.getByLabel('Qualificação do instrutor 1').fill('Engenheira eletricista');
  await page.getByLabel('Nome do responsável técnico').fill('Eng. Carlos Mendes');
  await page.getByLabel('Profissão').fill('Engenheiro eletricista');
  await page.getByLabel('Registro profissional').fill('CREA-SP 5061234567');
  await page.getByRole('button', { name: 'Salvar dados do certificado' }).click();
  await expectToast(page, 'Dados do certificado salvos');
  await expect(page.getByLabel('Registro profissional')).toHaveValue('CREA-SP 5061234567');

  // A blank page, not '/': a hydrated page still loading a route module when the next goto
  // starts reloads itself (Remix's answer to a failed module import), interrupting that goto.
  await page.goto('about:blank');
  await context.clearCookies();
  const holder = 'Renata Campos Vieira';
  const user = await login('E-MASTER', { fullName: holder });
  lessonIds.forEach((lessonId) =>
    db.insert(lessonProgress).values({ userId: user.id, courseId: course.id, lessonId, completedAt: new Date() }).run(),
  );

  await startAndAnswer(page, jsEnabled, user.id, course.id, false);
  await expectToast(page, 'Não aprovado');
  await expect(page.getByText(/Você usou a tentativa\. Nova tentativa a partir de/)).toBeVisible();
  // The page offers no new attempt, and the server refuses one posted anyway.
  const early = await postStart(page, baseURL!, course.id);
  expect(early.status()).toBe(409);
  expect(await early.text()).toContain('Você usou a tentativa. Nova tentativa a partir de');
  expect(attemptsOf(user.id, course.id)).toHaveLength(1);

  // A day passes: the failed attempt is moved back 25 hours.
  const past = new Date(Date.now() - 25 * 3_600_000);
  db.update(assessmentAttempts).set({ startedAt: past, submittedAt: past }).where(eq(assessmentAttempts.userId, user.id)).run();
  await startAndAnswer(page, jsEnabled, user.id, course.id, true);
  await expectToast(page, 'Aprovado');

  await page.goto(`/courses/${course.id}`);
  await page.getByRole('button', { name: 'Emitir certificado' }).click();
  await expect(page).toHaveURL(/\/certificados\/[0-9A-Z]{26}$/);
  const code = page.url().split('/').pop()!;
  const certificate = await downloadOf(page, 'Baixar PDF');
  const text = await pdfText(certificate);
  for (const expected of [
    holder,
    'Carga horária: 16 horas',
    'Introdução à NR-10',
    'Primeiros socorros',
    'Modalidade: Ensino a distância',
    'Instrutor: Eng. Joana Araújo (Engenheira eletricista)',
    'Responsável técnico: Eng. Carlos Mendes, Engenheiro eletricista, CREA-SP 5061234567',
    'Nota na avaliação final: 100 %',
    'Local e data de emissão: Plataforma E-Engenharia (internet)',
    code,
  ])
    expect(text).toContain(expected);
  const verifyUrl = /Verifique em (\S+)/.exec(text)![1];
  expect(verifyUrl).toMatch(new RegExp(`/certificados/${code}$`));
  expect(await pdfPageDrawsQr(certificate, 0, verifyUrl)).toBe(true);

  const visitor = await browser.newContext({ javaScriptEnabled: jsEnabled });
  const anonymous = await visitor.newPage();
  await anonymous.goto(`/certificados/${code}`);
  await expect(anonymous.getByRole('status').getByText('Certificado válido')).toBeVisible();
  for (const expected of ['CREA-SP 5061234567', '100 %', '16 horas', 'Riscos em instalações elétricas', 'Ensino a distância'])
    await expect(anonymous.getByText(expected).first()).toBeVisible();
  await visitor.close();

  await page.goto('/account');
  await page.getByRole('link', { name: 'Formação', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Formação', level: 1 })).toBeVisible();
  await waitForHydration(page, jsEnabled);
  const row = page.getByRole('row').filter({ hasText: course.title });
  await expect(row).toContainText('2 de 2 aulas');
  await expect(row).toContainText(/2 tentativas · melhor nota 100 % · última em \d{2}\/\d{2}\/\d{4} · aprovado/);
  await expect(row.getByRole('link', { name: 'Ver certificado' })).toHaveAttribute('href', `/certificados/${code}`);
  if (jsEnabled) await expectNoSeriousAxe(page);
  const history = await pdfText(await downloadOf(page, 'Baixar histórico de formação'));
  for (const expected of ['Histórico de formação', `Nome: ${holder}`, course.title, 'Progresso: 2 de 2 aulas', `Certificado: ${code}`])
    expect(history).toContain(expected);
});

test('the time limit and the attempt limit are refused on the server', async ({ page, login, jsEnabled, baseURL }) => {
  const { course } = assessedCourse({ timeLimitMinutes: 5, maxAttempts: 1, waitHours: null });
  const user = await login('E-MASTER', { fullName: 'Paulo Tempo Limite' });
  await page.goto(`/courses/${course.id}/avaliacao`);
  await waitForHydration(page, jsEnabled);
  await page.getByRole('button', { name: 'Iniciar avaliação' }).click();
  await expect(page.getByRole('heading', { name: 'Tentativa em andamento' })).toBeVisible();
  await waitForHydration(page, jsEnabled);
  // The attempt began 10 minutes ago: its 5-minute deadline (and the 30 s grace) passed while the page was open.
  const open = openAttempt(user.id, course.id);
  db.update(assessmentAttempts)
    .set({ startedAt: new Date(Date.now() - 10 * 60_000), deadlineAt: new Date(Date.now() - 5 * 60_000) })
    .where(eq(assessmentAttempts.id, open.id))
    .run();
  await answerAttempt(page, JSON.parse(open.questions) as ShownQuestion[], true);
  await page.getByRole('button', { name: 'Enviar respostas' }).click();
  await expectToast(page, 'Tempo esgotado');
  const [closed] = attemptsOf(user.id, course.id);
  expect(closed).toMatchObject({ passed: false, answers: null });

  await expect(page.getByRole('button', { name: 'Iniciar avaliação' })).toHaveCount(0);
  const refused = await postStart(page, baseURL!, course.id);
  expect(refused.status()).toBe(409);
  expect(await refused.text()).toContain('Você usou todas as tentativas desta avaliação. Fale com o suporte.');
  expect(attemptsOf(user.id, course.id)).toHaveLength(1);
});

test("'Formação' when empty, and at 390 px with its courses", async ({ page, context, login, jsEnabled }) => {
  await login('E-BASIC');
  await page.goto('/account/formacao');
  await expect(page.getByText('Nenhum curso na sua formação ainda.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Baixar histórico de formação' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Informe seu nome completo em Minha Conta' })).toBeVisible();

  // A blank page, not '/': a hydrated page still loading a route module when the next goto
  // starts reloads itself (Remix's answer to a failed module import), interrupting that goto.
  await page.goto('about:blank');
  await context.clearCookies();
  const user = await login('E-MASTER', { fullName: 'Ana Telefone' });
  const { course, lessonIds } = assessedCourse();
  db.insert(lessonProgress).values({ userId: user.id, courseId: course.id, lessonId: lessonIds[0], completedAt: new Date() }).run();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/account/formacao');
  await waitForHydration(page, jsEnabled);
  await expect(page.getByText('1 de 2 aulas').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  if (jsEnabled) {
    await expectNoSeriousAxe(page);
    await page.screenshot({ path: 'test-results/formacao-390.png', fullPage: true });
  }
});

test("'Dados do certificado' fits a 390 px phone", async ({ page, login, jsEnabled }) => {
  const { course } = assessedCourse();
  await login('admin');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/courses/${course.id}/certificado`);
  await waitForHydration(page, jsEnabled);
  await expect(page.getByLabel('Registro profissional')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  if (jsEnabled) await page.screenshot({ path: 'test-results/dados-do-certificado-390.png', fullPage: true });
});
