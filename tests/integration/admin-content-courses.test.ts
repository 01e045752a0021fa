import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { db } from '../../db/client';
import { courses, lessons, materials, promoCodes } from '../../db/schema';
import { action as coursesPageAction, loader as coursesPageLoader } from '~/routes/_app+/admin.courses';
import { action as courseApi } from '~/routes/api+/courses.$id';
import { action as toggleVisibilityApi } from '~/routes/api+/courses.$id.toggle-visibility';
import { action as createCourseApi } from '~/routes/api+/courses';
import { foldKey } from '~/utils/fold';
import { apiCall, expectAdminOnly, signedTiers, type Signed, type Tier } from './helpers/admin-api';
import {
  expectOneAudit,
  expectPageAdminOnly,
  insertCourse,
  lastAuditId,
  auditSince,
  pageGet,
  pagePost,
  replyErrors,
  toastOf,
} from './helpers/admin-pages';

/**
 * The Courses tab: /admin/courses over the course model (its API, /api/courses, is
 * tested with the course pages).
 */

const PATH = '/admin/courses';

let tiers: Record<Tier, Signed>;
let admin: Signed;

beforeAll(async () => {
  tiers = await signedTiers();
  admin = tiers.admin;
});

type CourseItem = {
  id: number;
  title: string;
  instructor: string;
  category: string;
  level: string;
  duration: string;
  isHidden: boolean;
  price: string | null;
};
type CoursesPage = {
  items: CourseItem[];
  total: number;
  page: number;
  pageCount: number;
  editing: CourseItem | null;
  deleting: { id: number; title: string } | null;
};

const load = async (query = '') => (await (await pageGet(coursesPageLoader, `${PATH}${query}`, admin.cookie)).json()) as CoursesPage;
const post = (fields: Record<string, string>, path = PATH) => pagePost(coursesPageAction, path, fields, admin.cookie);
const stored = (id: number) => db.select().from(courses).where(eq(courses.id, id)).get();
const byTitle = (title: string) => db.select().from(courses).where(eq(courses.title, title)).get();

const courseForm = (fields: Record<string, string> = {}) => ({
  title: 'Resistência dos Materiais',
  description: 'Tensões, deformações e dimensionamento de peças.',
  category: 'mechanical',
  instructor: 'Eng. Souza',
  duration: '12 horas',
  level: 'intermediate',
  imageUrl: '',
  price: '',
  ...fields,
});

describe('access', () => {
  test('visitors go to /auth and every non-admin tier to /dashboard, for the list and every form', async () => {
    const course = insertCourse();
    await expectPageAdminOnly(tiers, PATH, (cookie) => pageGet(coursesPageLoader, PATH, cookie));
    const forms: Array<Record<string, string>> = [
      { intent: 'create', ...courseForm({ title: 'Não deve existir' }) },
      { intent: 'update', id: String(course.id), ...courseForm({ title: 'Não deve mudar' }) },
      { intent: 'visibility', id: String(course.id), isHidden: 'true' },
      { intent: 'delete', id: String(course.id) },
    ];
    for (const fields of forms) {
      await expectPageAdminOnly(tiers, PATH, (cookie) => pagePost(coursesPageAction, PATH, fields, cookie));
    }
    expect(byTitle('Não deve existir')).toBeUndefined();
    expect(stored(course.id)).toMatchObject({ title: course.title, isHidden: false });
  });
});

describe('the same actions through the API (/api/courses)', () => {
  const apiBody = {
    title: 'Curso pela API',
    description: 'Criado pela API de cursos.',
    category: 'chemical',
    instructor: 'Eng. Lima',
    duration: '8 horas',
    level: 'advanced',
  };

  test('401 for visitors and 403 for every non-admin tier, nothing written', async () => {
    const course = insertCourse();
    const params = { id: String(course.id) };
    await expectAdminOnly(tiers, (cookie) => apiCall(createCourseApi, 'POST', '/api/courses', { cookie, body: apiBody }));
    await expectAdminOnly(tiers, (cookie) =>
      apiCall(courseApi, 'PATCH', `/api/courses/${course.id}`, { cookie, body: { title: 'Mudou' }, params }),
    );
    await expectAdminOnly(tiers, (cookie) =>
      apiCall(toggleVisibilityApi, 'PATCH', `/api/courses/${course.id}/toggle-visibility`, { cookie, body: {}, params }),
    );
    await expectAdminOnly(tiers, (cookie) => apiCall(courseApi, 'DELETE', `/api/courses/${course.id}`, { cookie, params }));
    expect(byTitle('Curso pela API')).toBeUndefined();
    expect(stored(course.id)).toMatchObject({ title: course.title, isHidden: false });
  });

  test('create, edit, hide and delete each record one audit row', async () => {
    const { result: created } = await expectOneAudit(admin, 'course.create', () =>
      apiCall(createCourseApi, 'POST', '/api/courses', { cookie: admin.cookie, body: apiBody }),
    );
    expect(created.status).toBe(201);
    const id = byTitle('Curso pela API')!.id;
    const params = { id: String(id) };
    await expectOneAudit(admin, 'course.update', () =>
      apiCall(courseApi, 'PATCH', `/api/courses/${id}`, { cookie: admin.cookie, body: { duration: '9 horas' }, params }),
    );
    await expectOneAudit(admin, 'course.visibility', () =>
      apiCall(toggleVisibilityApi, 'PATCH', `/api/courses/${id}/toggle-visibility`, { cookie: admin.cookie, body: {}, params }),
    );
    expect(stored(id)).toMatchObject({ duration: '9 horas', isHidden: true });
    await expectOneAudit(admin, 'course.delete', () =>
      apiCall(courseApi, 'DELETE', `/api/courses/${id}`, { cookie: admin.cookie, params }),
    );
    expect(stored(id)).toBeUndefined();
  });
});

describe('create', () => {
  test('the add form stores the course (price in cents, boxes as booleans), toasts and records one audit row', async () => {
    const { result: response, row } = await expectOneAudit(admin, 'course.create', () =>
      post({ intent: 'create', ...courseForm({ title: 'Máquinas Térmicas', price: '199,90', requiresPromoCode: 'on' }) }),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe(PATH);
    expect(await toastOf(response)).toMatchObject({ title: 'Curso criado', type: 'success' });
    const course = byTitle('Máquinas Térmicas')!;
    expect(course).toMatchObject({
      category: 'mechanical',
      level: 'intermediate',
      instructor: 'Eng. Souza',
      duration: '12 horas',
      priceCents: 19990,
      requiresPromoCode: true,
      isHidden: false,
      createdBy: admin.user.id,
    });
    expect(row).toMatchObject({ entityType: 'course', entityId: course.id });
  });

  test("the course validation rules, each beside its field with 'Erro ao criar curso'", async () => {
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ title: 'AB' }, 'title', 'O título deve ter pelo menos 3 caracteres'],
      [{ description: 'Curta' }, 'description', 'A descrição deve ter pelo menos 10 caracteres'],
      [{ category: 'civil' }, 'category', 'Categoria inválida'],
      [{ instructor: 'Jo' }, 'instructor', 'O instrutor deve ter pelo menos 3 caracteres'],
      [{ duration: '' }, 'duration', 'A duração é obrigatória'],
      [{ level: 'expert' }, 'level', 'Nível inválido'],
      [{ imageUrl: 'javascript:alert(1)' }, 'imageUrl', 'A imagem deve ser uma URL http:// ou https:// válida.'],
      [{ price: '0' }, 'price', 'O preço deve ser maior que zero'],
    ];
    for (const [fields, field, message] of cases) {
      const response = await post({ intent: 'create', ...courseForm({ title: 'Curso inválido', ...fields }) });
      expect(response.status, message).toBe(400);
      expect((await replyErrors(response))[field], message).toEqual([message]);
      expect(await toastOf(response)).toEqual({ title: 'Erro ao criar curso', description: message, type: 'error' });
    }
    expect(byTitle('Curso inválido')).toBeUndefined();
  });
});

describe('edit', () => {
  test('?dialog=edit-course&course={id} opens the dialog with the course; saving writes every field, closes it, toasts, one audit row', async () => {
    const course = insertCourse({ title: 'Eletrotécnica Básica', priceCents: 5000, requiresPromoCode: true });
    const page = await load(`?dialog=edit-course&course=${course.id}`);
    expect(page.editing).toMatchObject({ id: course.id, title: 'Eletrotécnica Básica', price: '50.00' });
    expect((await load(`?dialog=edit-course&course=999999`)).editing).toBeNull();

    const { result: response, row } = await expectOneAudit(admin, 'course.update', () =>
      post(
        {
          intent: 'update',
          id: String(course.id),
          ...courseForm({ title: 'Eletrotécnica Avançada', category: 'electrical', level: 'advanced', price: '' }),
        },
        `${PATH}?q=eletro&dialog=edit-course&course=${course.id}`,
      ),
    );
    expect(response.headers.get('Location')).toBe(`${PATH}?q=eletro`);
    expect(await toastOf(response)).toMatchObject({ title: 'Curso atualizado', type: 'success' });
    // The unchecked box and the cleared price are part of the edit.
    expect(stored(course.id)).toMatchObject({
      title: 'Eletrotécnica Avançada',
      titleKey: 'eletrotecnica avancada',
      category: 'electrical',
      level: 'advanced',
      priceCents: null,
      requiresPromoCode: false,
    });
    expect(row.summary).toContain('title: Eletrotécnica Básica → Eletrotécnica Avançada');
  });

  test("refusals: a field rule, or a course that is gone, under 'Erro ao atualizar curso'", async () => {
    const course = insertCourse();
    const invalid = await post({ intent: 'update', id: String(course.id), ...courseForm({ instructor: 'X' }) });
    expect(invalid.status).toBe(400);
    expect(await toastOf(invalid)).toEqual({
      title: 'Erro ao atualizar curso',
      description: 'O instrutor deve ter pelo menos 3 caracteres',
      type: 'error',
    });
    const gone = await post({ intent: 'update', id: '999999', ...courseForm() });
    expect(gone.status).toBe(404);
    expect(await toastOf(gone)).toEqual({ title: 'Erro ao atualizar curso', description: 'Curso não encontrado', type: 'error' });
    expect(stored(course.id)!.instructor).toBe('Eng. Silva');
  });
});

describe('Show/Hide', () => {
  test('hides and shows again, the table says Oculto/Visível, one audit row each; a repeated click changes nothing', async () => {
    const course = insertCourse({ title: 'Curso Visível' });
    const { result: hidden } = await expectOneAudit(admin, 'course.visibility', () =>
      post({ intent: 'visibility', id: String(course.id), isHidden: 'true' }),
    );
    expect(await toastOf(hidden)).toMatchObject({ title: 'Visibilidade atualizada', description: 'Curso Visível agora está oculto.' });
    expect(stored(course.id)!.isHidden).toBe(true);
    expect((await load('?q=visivel')).items.find((item) => item.id === course.id)).toMatchObject({ isHidden: true });

    const before = lastAuditId();
    await post({ intent: 'visibility', id: String(course.id), isHidden: 'true' });
    expect(auditSince(before)).toEqual([]);
    expect(stored(course.id)!.isHidden).toBe(true);

    await expectOneAudit(admin, 'course.visibility', () => post({ intent: 'visibility', id: String(course.id), isHidden: 'false' }));
    expect(stored(course.id)!.isHidden).toBe(false);
  });

  test("a course that is gone: 'Erro ao atualizar visibilidade'", async () => {
    const response = await post({ intent: 'visibility', id: '999999', isHidden: 'true' });
    expect(response.status).toBe(404);
    expect(await toastOf(response)).toEqual({
      title: 'Erro ao atualizar visibilidade',
      description: 'Curso não encontrado',
      type: 'error',
    });
  });
});

describe('delete', () => {
  test('the confirmation names the course; deleting removes it with its lessons, materials and codes, toasts, one audit row', async () => {
    const course = insertCourse({ title: 'Curso a Excluir' });
    const lesson = db
      .insert(lessons)
      .values({ courseId: course.id, title: 'Aula 1', description: 'Introdução ao curso.', youtubeUrl: 'dQw4w9WgXcQ' })
      .returning()
      .get();
    db.insert(materials)
      .values({ courseId: course.id, lessonId: lesson.id, title: 'Apostila', fileUrl: 'https://example.com/a.pdf' })
      .run();
    db.insert(promoCodes)
      .values({ code: 'EXCLUIRCURSO', codeKey: foldKey('EXCLUIRCURSO'), promoType: 'course', courseId: course.id })
      .run();
    expect((await load(`?confirm=delete-course&course=${course.id}`)).deleting).toEqual({ id: course.id, title: 'Curso a Excluir' });

    const { result: response, row } = await expectOneAudit(admin, 'course.delete', () =>
      post({ intent: 'delete', id: String(course.id) }, `${PATH}?confirm=delete-course&course=${course.id}`),
    );
    expect(response.headers.get('Location')).toBe(PATH);
    expect(await toastOf(response)).toMatchObject({ title: 'Curso excluído', type: 'success' });
    expect(row.summary).toContain('Curso a Excluir');
    expect(stored(course.id)).toBeUndefined();
    expect(db.select().from(lessons).where(eq(lessons.courseId, course.id)).all()).toEqual([]);
    expect(db.select().from(materials).where(eq(materials.courseId, course.id)).all()).toEqual([]);
    expect(db.select().from(promoCodes).where(eq(promoCodes.codeKey, 'excluircurso')).get()).toBeUndefined();
  });

  test("a course that is gone: 'Erro ao excluir curso'", async () => {
    const response = await post({ intent: 'delete', id: '999999' });
    expect(response.status).toBe(404);
    expect(await toastOf(response)).toEqual({ title: 'Erro ao excluir curso', description: 'Curso não encontrado', type: 'error' });
  });
});

describe('the list', () => {
  test('every course, hidden ones too, newest first, searched by title without accents, 20 a page', async () => {
    for (let i = 1; i <= 22; i++)
      insertCourse({
        title: `Mecânica dos Fluidos ${String(i).padStart(2, '0')}`,
        isHidden: i === 22,
        createdAt: new Date(Date.UTC(2031, 0, i)),
      });
    const first = await load('?q=mecanica dos fluidos');
    expect(first.total).toBe(22);
    expect(first.items).toHaveLength(20);
    expect(first.items[0]).toMatchObject({
      title: 'Mecânica dos Fluidos 22',
      isHidden: true,
      instructor: 'Eng. Silva',
      category: 'mechanical',
      level: 'beginner',
      duration: '10 horas',
    });
    const second = await load('?q=MECANICA DOS FLUIDOS&page=2');
    expect(second.items.map((item) => item.title)).toEqual(['Mecânica dos Fluidos 02', 'Mecânica dos Fluidos 01']);
  });
});
