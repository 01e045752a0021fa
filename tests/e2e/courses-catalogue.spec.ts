import type { Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { db } from '../../db/client';
import { courses, promoCodes } from '../../db/schema';
import { foldKey, sortKey } from '../../app/utils/fold';
import { createCourse } from '../setup/factories';
import { expect, expectToast, test, uniqueName } from './fixtures';

/** Courses of one test, under a unique prefix so the search isolates them from the demo data and parallel runs. */
function seedCourses(prefix: string) {
  const add = (title: string, values: Partial<typeof courses.$inferInsert>) =>
    createCourse({ title, description: 'Curso de teste com aulas em vídeo e materiais de apoio.', instructor: 'Eng. Teste', ...values });
  return {
    electrical: add(`${prefix} Elétrica Básica`, { category: 'electrical', level: 'beginner' }),
    mechanical: add(`${prefix} Mecânica Avançada`, { category: 'mechanical', level: 'advanced' }),
    coded: add(`${prefix} Automação Exclusiva`, { category: 'informatics', level: 'intermediate', requiresPromoCode: true }),
  };
}

const cardTitles = (page: Page) => page.getByTestId('course-card').getByRole('heading');

test.describe('course catalogue', () => {
  test('an E-MASTER searches, filters and unlocks a course with the "Acesso Exclusivo" dialog', async ({ page, login, jsEnabled }) => {
    // A dozen searches, filters and posts: 30 s ran out with a CPU burner per core beside the suite (issue 26.16).
    test.slow();
    await login('E-MASTER');
    const prefix = uniqueName('Cat');
    const seeded = seedCourses(prefix);
    const code = uniqueName('COD').toUpperCase();
    db.insert(promoCodes)
      .values({ code, codeKey: foldKey(code), days: 30, maxUses: 5, promoType: 'course', courseId: seeded.coded.id })
      .run();

    await page.goto('/courses');
    await expect(page.getByRole('heading', { name: 'Cursos', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Gerenciar Cursos' })).toHaveCount(0);

    // Search without accents finds the accented title.
    await page.getByRole('searchbox', { name: 'Buscar cursos pelo título' }).fill(`${prefix} eletrica`);
    await page.getByRole('button', { name: 'Buscar' }).click();
    await expect(page).toHaveURL(/[?&]q=/);
    await expect(cardTitles(page)).toHaveText([`${prefix} Elétrica Básica`]);

    // The level filter keeps the search (JavaScript submits on change; without it, 'Aplicar').
    await page.getByRole('searchbox', { name: 'Buscar cursos pelo título' }).fill(prefix);
    await page.getByRole('button', { name: 'Buscar' }).click();
    await expect(cardTitles(page)).toHaveCount(3);
    // Once hydrated, the selects submit on change and 'Aplicar' goes away.
    if (jsEnabled) await expect(page.getByRole('button', { name: 'Aplicar' })).toHaveCount(0);
    await page.getByLabel('Nível').selectOption('advanced');
    if (!jsEnabled) await page.getByRole('button', { name: 'Aplicar' }).click();
    await expect(page).toHaveURL(/level=advanced/);
    await expect(cardTitles(page)).toHaveText([`${prefix} Mecânica Avançada`]);

    // Sort by name, then the category tab: both keep the search.
    await page.getByLabel('Nível').selectOption('');
    if (jsEnabled) await expect(page).not.toHaveURL(/level=advanced/);
    await page.getByLabel('Ordenar por').selectOption('name-desc');
    if (!jsEnabled) await page.getByRole('button', { name: 'Aplicar' }).click();
    await expect(page).toHaveURL(/sort=name-desc/);
    await expect(cardTitles(page)).toHaveText([
      `${prefix} Mecânica Avançada`,
      `${prefix} Elétrica Básica`,
      `${prefix} Automação Exclusiva`,
    ]);
    await page.getByRole('navigation', { name: 'Categorias' }).getByRole('link', { name: 'Informática' }).click();
    await expect(page).toHaveURL(/category=informatics/);
    const locked = page.getByTestId('course-card');
    await expect(locked).toHaveCount(1);
    await expect(locked.getByTestId('course-access')).toHaveText('Requer código');

    // 'Desbloqueados com código' is empty before the code, and offers the dialog.
    await page.getByRole('link', { name: 'Desbloqueados com código' }).click();
    await expect(page).toHaveURL(/filter=unlocked/);
    await expect(page.getByTestId('courses-empty')).toContainText(`Nenhum curso encontrado para "${prefix}".`);
    await expect(page.getByTestId('courses-empty').getByRole('link', { name: 'Usar um código promocional' })).toBeVisible();
    await page.getByRole('link', { name: 'Todos os cursos' }).click();
    await expect(page).not.toHaveURL(/filter=/);

    // The dialog: empty, wrong, then the right code.
    await page.getByRole('link', { name: 'Tenho um código promocional' }).click();
    await expect(page).toHaveURL(/dialog=promo/);
    const dialog = page.getByRole('dialog', { name: 'Acesso Exclusivo' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Desbloquear Acesso' }).click();
    await expect(dialog.getByRole('alert')).toContainText('Erro ao aplicar código');
    await expect(dialog.getByRole('alert')).toContainText('Por favor, insira um código promocional.');
    await dialog.getByLabel('Código Promocional').fill('NAOEXISTE');
    await dialog.getByRole('button', { name: 'Desbloquear Acesso' }).click();
    await expect(dialog.getByRole('alert')).toContainText('Código promocional inválido.');
    await expectToast(page, 'Erro ao aplicar código');
    await dialog.getByLabel('Código Promocional').fill(` ${code.toLowerCase()} `);
    await dialog.getByRole('button', { name: 'Desbloquear Acesso' }).click();
    await expect(page).toHaveURL(new RegExp(`/courses/${seeded.coded.id}$`));
    await expectToast(page, 'Código promocional aplicado', 'Você agora tem acesso ao curso!');

    // Back in the catalogue the course is unlocked, and listed under 'Desbloqueados com código'.
    await page.goto(`/courses?filter=unlocked&q=${encodeURIComponent(prefix)}`);
    const unlocked = page.getByTestId('course-card');
    await expect(unlocked.getByRole('heading')).toHaveText([`${prefix} Automação Exclusiva`]);
    await expect(unlocked.getByTestId('course-access')).toHaveText('Desbloqueado');
    expect(db.select().from(promoCodes).where(eq(promoCodes.code, code)).get()!.usedCount).toBe(1);
  });

  test('an admin sees hidden courses with the "Oculto" badge and the "Gerenciar Cursos" button', async ({ page, login }) => {
    await login('admin');
    const prefix = uniqueName('Adm');
    const title = `${prefix} Caldeiras`;
    db.insert(courses)
      .values({
        title,
        titleKey: sortKey(title),
        description: 'Curso oculto de teste.',
        category: 'mechanical',
        instructor: 'Eng. Teste',
        duration: '4 horas',
        level: 'advanced',
        isHidden: true,
      })
      .run();
    await page.goto(`/courses?q=${encodeURIComponent(prefix)}`);
    const card = page.getByTestId('course-card');
    await expect(card.getByRole('heading')).toHaveText([title]);
    await expect(card.getByTestId('course-hidden')).toHaveText('Oculto');
    await expect(card).toHaveClass(/border-dashed/);
    await expect(page.getByRole('link', { name: 'Gerenciar Cursos' })).toHaveAttribute('href', '/admin');
  });

  test('an E-TOOL user is sent to the dashboard with the "Acesso Restrito" toast', async ({ page, login }) => {
    await login('E-TOOL');
    await page.goto('/courses');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expectToast(page, 'Acesso Restrito', 'Esta funcionalidade está disponível apenas para usuários E-MASTER.');
  });
});
