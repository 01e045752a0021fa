import type { Page } from '@playwright/test';
import { and, eq } from 'drizzle-orm';
import { db } from '../../db/client';
import { coursePurchases, lessons, payments, users } from '../../db/schema';
import { createCourse } from '../setup/factories';
import { expect, test, uniqueName } from './fixtures';

/**
 * With JavaScript off (the `no-js` project only): 'Finalizar pagamento' answers with a
 * 303 to the test mode's Checkout page, paid by card, or by Pix marked paid later, which the
 * stand-in reports through the signed webhook.
 */

/** A premium course of this test's own (tests run in parallel and once per project). */
function makePremiumCourse() {
  const title = uniqueName('Curso Premium E2E ');
  const course = createCourse({
    title,
    description: 'Curso premium criado pelo teste de ponta a ponta do pagamento.',
    category: 'textile',
    instructor: 'Eng. Teste',
    duration: '4 horas',
    level: 'advanced',
    priceCents: 19990,
  });
  const lessonTitles = ['Aula de fibras', 'Aula de corantes'];
  lessonTitles.forEach((lessonTitle, index) =>
    db
      .insert(lessons)
      .values({
        courseId: course.id,
        title: lessonTitle,
        description: `Descrição da ${lessonTitle.toLowerCase()}.`,
        youtubeUrl: `https://www.youtube.com/watch?v=pay${index}abcdefgh`,
        order: index + 1,
      })
      .run(),
  );
  return { course, lessonTitles };
}

const roleOf = (id: number) => db.select({ role: users.role }).from(users).where(eq(users.id, id)).get()?.role;
const paymentsOf = (id: number) => db.select().from(payments).where(eq(payments.userId, id)).all();

/** Video hosts are not reached in tests. */
async function blockVideoHosts(page: Page) {
  await page.route(/youtube-nocookie\.com|drive\.google\.com/, (route) => route.abort());
}

test.describe('payment through Checkout (JavaScript off, test mode)', () => {
  test('an E-MASTER user buys a premium course by card and then sees its content', async ({ page, login }) => {
    const user = await login('E-MASTER');
    const { course, lessonTitles } = makePremiumCourse();
    await blockVideoHosts(page);

    await page.goto(`/courses/${course.id}`);
    await expect(page.getByRole('heading', { name: 'Curso Premium', exact: true })).toBeVisible();
    await expect(page.getByTestId('course-price')).toContainText('199,90');
    await page.getByRole('link', { name: 'Comprar Acesso' }).click();

    await expect(page).toHaveURL(new RegExp(`/upgrade\\?courseId=${course.id}`));
    const summary = page.getByTestId('payment-summary');
    await expect(summary).toContainText(course.title);
    await expect(summary).toContainText('199,90');
    await page.getByRole('button', { name: 'Finalizar pagamento' }).click();

    await expect(page).toHaveURL(/\/test-mode\/checkout\/cs_/);
    await expect(page.getByTestId('test-mode').first()).toBeVisible();
    await expect(page.getByTestId('checkout-amount')).toContainText('199,90');
    await page.getByLabel('Número do cartão').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pagar' }).click();

    await expect(page).toHaveURL(/\/upgrade\/return\?session_id=cs_/);
    await expect(page.getByRole('heading', { name: 'Upgrade Concluído!' })).toBeVisible();
    await page.getByRole('link', { name: 'Ir para o curso' }).click();

    await expect(page).toHaveURL(new RegExp(`/courses/${course.id}$`));
    await expect(page.getByRole('heading', { name: course.title, level: 1 })).toBeVisible();
    await expect(page.getByText('0 de 2 aulas concluídas')).toBeVisible();
    await page.getByRole('tab', { name: 'Conteúdo do Curso' }).click();
    for (const lessonTitle of lessonTitles) await expect(page.getByText(lessonTitle).first()).toBeVisible();

    const purchases = db
      .select()
      .from(coursePurchases)
      .where(and(eq(coursePurchases.userId, user.id), eq(coursePurchases.courseId, course.id)))
      .all();
    expect(purchases).toHaveLength(1);
    const paid = paymentsOf(user.id);
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ kind: 'course', courseId: course.id, amountCents: 19990, status: 'succeeded', method: 'card' });
  });

  test('a Pix payment marked paid later is granted by the webhook', async ({ page, login }) => {
    const user = await login('E-BASIC');

    await page.goto('/upgrade');
    await page.getByTestId('plan-card-E-TOOL').getByRole('button', { name: 'Fazer upgrade' }).click();
    await expect(page).toHaveURL(/step=pay/);
    await expect(page.getByTestId('payment-summary')).toContainText('E-TOOL');
    await page.getByRole('button', { name: 'Finalizar pagamento' }).click();

    await expect(page).toHaveURL(/\/test-mode\/checkout\/cs_/);
    await page.getByRole('link', { name: 'Pix' }).click();
    await expect(page).toHaveURL(/method=pix/);
    await page.getByRole('button', { name: 'Gerar Pix' }).click();

    // The Pix waits for the bank: nothing is granted yet.
    await expect(page).toHaveURL(/\/upgrade\/return\?session_id=cs_/);
    await expect(page.getByRole('heading', { name: 'Pagamento em processamento' })).toBeVisible();
    await expect(page.getByText('Estamos processando seu pagamento. Você receberá uma notificação em breve.')).toBeVisible();
    expect(roleOf(user.id)).toBe('E-BASIC');
    await page.getByRole('link', { name: 'Abrir o pagamento de teste' }).click();
    await expect(page.getByRole('heading', { name: 'Pix: aguardando pagamento' })).toBeVisible();

    // What the database holds once the server has answered 'Simular Pix pago', before the
    // browser follows the redirect to the return page (which could fulfil too): the webhook's grant.
    let roleWhenAnswered: string | undefined;
    await page.route(/\/test-mode\/checkout\/cs_/, async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      const response = await route.fetch({ maxRedirects: 0 });
      roleWhenAnswered = roleOf(user.id);
      await route.fulfill({ response });
    });
    await page.getByRole('button', { name: 'Simular Pix pago' }).click();

    await expect(page).toHaveURL(/\/upgrade\/return\?session_id=cs_/);
    await expect(page.getByRole('heading', { name: 'Upgrade Concluído!' })).toBeVisible();
    expect(roleWhenAnswered).toBe('E-TOOL');
    expect(roleOf(user.id)).toBe('E-TOOL');
    const paid = paymentsOf(user.id);
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ kind: 'plan', planType: 'E-TOOL', months: 1, status: 'succeeded', method: 'pix' });

    await page.goto('/dashboard');
    await expect(page.getByTestId('role-badge').first()).toContainText('E-TOOL');
  });
});
