import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { db } from '../../db/client';
import { lessons } from '../../db/schema';
import { DEMO_CERTIFICATE } from '../../db/seed-constants';
import { createUser, sessionCookie, createCourse } from '../setup/factories';
import { expect, expectToast, test, uniqueName, waitForHydration } from './fixtures';

/**
 * Issue 22, certificates, with JavaScript on and off: an E-MASTER user completes a course, issues the
 * certificate, downloads the PDF (its text read back: name, course, hours, code), the public page confirms
 * it to a visitor, and a revoked one says so. Axe and the 390 px phone on the verification page.
 */

function courseWithTwoLessons() {
  const title = `Certificação ${uniqueName('c')} — Proteção Elétrica`;
  const course = createCourse({ title, description: 'Curso do teste de certificados.' });
  const titles = ['Aula um', 'Aula dois'].map((lesson, index) => {
    db.insert(lessons)
      .values({
        courseId: course.id,
        title: lesson,
        description: 'Aula do teste.',
        youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ',
        order: index + 1,
      })
      .run();
    return lesson;
  });
  return { course, titles };
}

/** Axe runs scripts in the page, so in the js project; without JavaScript the server sends the same markup. */
async function expectNoSeriousViolations(page: Page, scope = 'main') {
  const { violations } = await new AxeBuilder({ page }).include(scope).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

const lessonItem = (page: Page, title: string) =>
  page.getByTestId('lesson').filter({ has: page.getByTestId('lesson-title').getByText(title, { exact: true }) });

async function pdfText(path: string): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(await readFile(path)));
  const { text } = await extractText(document, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

test('an E-MASTER user completes a course, issues the certificate, downloads its PDF; a visitor verifies it; a revoked one says so', async ({
  page,
  login,
  jsEnabled,
  browser,
}) => {
  // Two browsers, a PDF and two axe runs: 30 s was spent with a CPU burner per core beside the suite (issue 26.16).
  test.slow();
  const user = await login('E-MASTER', { fullName: 'Luísa Fernandes Prado' });
  const holder = 'Luísa Fernandes Prado';
  const { course, titles } = courseWithTwoLessons();

  await page.goto(`/courses/${course.id}?tab=content`);
  await waitForHydration(page, jsEnabled);
  await expect(page.getByRole('button', { name: 'Emitir certificado' })).toHaveCount(0);
  for (const [index, title] of titles.entries()) {
    await lessonItem(page, title).locator('summary').click();
    await lessonItem(page, title).getByRole('button', { name: 'Marcar como concluída' }).click();
    await expect(page.getByText(`${index + 1} de 2 aulas concluídas`)).toBeVisible();
  }

  await page.getByRole('button', { name: 'Emitir certificado' }).click();
  await expect(page).toHaveURL(/\/certificados\/[0-9A-Z]{26}$/);
  await expectToast(page, 'Certificado emitido', course.title);
  const code = page.url().split('/').pop()!;
  await expect(page.getByText('Certificado válido')).toBeVisible();
  await expect(page.getByTestId('certificate-holder')).toHaveText(holder);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Baixar PDF' }).click()]);
  expect(download.suggestedFilename()).toBe(`certificado-e-engenharia-${code}.pdf`);
  const text = await pdfText((await download.path())!);
  for (const expected of [holder, course.title, '8 horas', code]) expect(text).toContain(expected);
  expect(text).not.toContain(user.username);

  // 'Minha Conta' links it too.
  await page.goto('/account');
  await expect(page.getByRole('region', { name: 'Certificados' }).getByRole('link', { name: 'Ver certificado' })).toHaveAttribute(
    'href',
    `/certificados/${code}`,
  );
  // Only the 'Certificados' section: the rest of 'Minha Conta' is other features' (its recent-calculations link has a finding of its own).
  if (jsEnabled) await expectNoSeriousViolations(page, '#certificados');

  // The course page now links the certificate instead of issuing another.
  await page.goto(`/courses/${course.id}`);
  await expect(page.getByRole('link', { name: 'Ver certificado' })).toHaveAttribute('href', `/certificados/${code}`);

  // A visitor (no session) with the same JavaScript setting.
  const visitor = await browser.newContext({ javaScriptEnabled: jsEnabled });
  const anonymous = await visitor.newPage();
  await anonymous.goto(`/certificados/${code}`);
  const summary = anonymous.getByRole('status');
  await expect(summary.getByText('Certificado válido')).toBeVisible();
  await expect(summary).toContainText(holder);
  await expect(summary).toContainText(course.title);
  await expect(summary).toContainText('8 horas');
  await expect(anonymous.locator('body')).not.toContainText(user.email);

  // The admin revokes it from the 'Certificados' tab (a confirm() with JavaScript, a confirmation page without).
  const admin = await createUser({ role: 'admin' });
  const adminContext = await browser.newContext({ javaScriptEnabled: jsEnabled });
  const [name, value] = (await sessionCookie(admin)).split('=');
  await adminContext.addCookies([{ name, value, url: new URL(page.url()).origin, httpOnly: true, sameSite: 'Lax' }]);
  const adminPage = await adminContext.newPage();
  await adminPage.goto('/admin/certificates');
  await waitForHydration(adminPage, jsEnabled);
  await adminPage.getByLabel('Curso').selectOption(String(course.id));
  await adminPage.getByRole('button', { name: 'Mostrar' }).click();
  const row = adminPage.getByRole('row').filter({ hasText: code });
  await expect(row).toContainText('Válido');
  adminPage.once('dialog', (dialog) => void dialog.accept());
  await row.getByRole('link', { name: `Revogar o certificado ${code}` }).click();
  if (!jsEnabled) await adminPage.getByRole('button', { name: 'Revogar' }).click();
  await expectToast(adminPage, 'Certificado revogado', code);
  await expect(adminPage.getByRole('row').filter({ hasText: code })).toContainText('Revogado');
  if (jsEnabled) await expectNoSeriousViolations(adminPage);
  await adminContext.close();

  await anonymous.reload();
  await expect(anonymous.getByText('Certificado revogado')).toBeVisible();
  await expect(anonymous.locator('body')).not.toContainText(holder);
  await visitor.close();
});

test("without a full name the course page asks for it; after a change of name, 'Emitir com o novo nome' replaces the certificate", async ({
  page,
  login,
  jsEnabled,
}) => {
  await login('E-MASTER', { fullName: null });
  const { course, titles } = courseWithTwoLessons();
  await page.goto(`/courses/${course.id}?tab=content`);
  await waitForHydration(page, jsEnabled);
  for (const [index, title] of titles.entries()) {
    await lessonItem(page, title).locator('summary').click();
    await lessonItem(page, title).getByRole('button', { name: 'Marcar como concluída' }).click();
    await expect(page.getByText(`${index + 1} de 2 aulas concluídas`)).toBeVisible();
  }
  await expect(page.getByRole('button', { name: 'Emitir certificado' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Informe seu nome completo em Minha Conta' }).click();
  const section = page.locator('#nome-completo');
  await section.getByLabel('Nome completo').fill('Rafael Antunes');
  await section.getByRole('button', { name: 'Salvar nome completo' }).click();
  await expectToast(page, 'Nome completo salvo');
  await page.getByRole('region', { name: 'Certificados' }).getByRole('button', { name: 'Emitir certificado' }).click();
  await expect(page).toHaveURL(/\/certificados\/[0-9A-Z]{26}$/);
  const first = page.url();
  await expect(page.getByTestId('certificate-holder')).toHaveText('Rafael Antunes');

  await page.goto('/account#nome-completo');
  await page.locator('#nome-completo').getByLabel('Nome completo').fill('Rafael Antunes Bezerra');
  await page.locator('#nome-completo').getByRole('button', { name: 'Salvar nome completo' }).click();
  await expectToast(page, 'Nome completo salvo');
  await page.goto(`/courses/${course.id}`);
  await page.getByRole('button', { name: 'Emitir com o novo nome' }).click();
  await expect(page).toHaveURL(/\/certificados\/[0-9A-Z]{26}$/);
  expect(page.url()).not.toBe(first);
  await expect(page.getByTestId('certificate-holder')).toHaveText('Rafael Antunes Bezerra');
  await page.goto(first);
  await expect(page.getByText('Certificado substituído')).toBeVisible();
});

test('the demo certificate page passes axe and fits a 390 px phone', async ({ page, jsEnabled }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/certificados/${DEMO_CERTIFICATE.code}`);
  await expect(page.getByText('Certificado válido')).toBeVisible();
  if (jsEnabled) await expectNoSeriousViolations(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
