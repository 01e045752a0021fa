import { createRequestHandler, type ServerBuild } from '@remix-run/node';
import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { db } from '../../db/client';
import { courseGrants, coursePurchases, courses, lessonProgress, lessons, materials, promoCodes, type UserRow } from '../../db/schema';
import * as entry from '~/entry.server';
import { grantCourse } from '~/models/courses/access.server';
import * as root from '~/root';
import * as appLayout from '~/routes/_app+/_layout';
import * as coursePage from '~/routes/_app+/courses.$id';
import { foldKey, sortKey } from '~/utils/fold';
import { resetAllLimits } from '~/utils/rate-limit.server';
import { readToast, type Toast } from '~/utils/toast.server';
import { BASE_URL, call, createUser, expectRedirect, formRequest, getRequest, sessionCookie } from '../setup/helpers';

const { loader, action } = coursePage;

/**
 * 6, 7 and 8: the course page /courses/{id}. Every access state per tier, the
 * same 404 for hidden and missing courses, nothing of a course's content without access (loader
 * data and rendered HTML), the course code form, lesson progress, and every admin intent.
 */

// ---------------------------------------------------------------------------------------------
// Fixtures

type Signed = { user: UserRow; cookie: string };
const signedIn = async (role: 'E-BASIC' | 'E-TOOL' | 'E-MASTER' | 'admin'): Promise<Signed> => {
  const user = await createUser({ role });
  return { user, cookie: await sessionCookie(user) };
};

let admin: Signed;
let basic: Signed;
let tool: Signed;

type CourseValues = Partial<typeof courses.$inferInsert>;
let courseSequence = 0;
function makeCourse(values: CourseValues = {}) {
  const title = values.title ?? `Curso de Teste ${++courseSequence}`;
  return db
    .insert(courses)
    .values({
      description: 'Um curso completo para engenheiros em atividade.',
      category: 'electrical',
      instructor: 'Eng. Ana Prado',
      duration: '12 horas',
      level: 'intermediate',
      ...values,
      title,
      titleKey: sortKey(title),
    })
    .returning()
    .get();
}

function makeLesson(courseId: number, values: Partial<typeof lessons.$inferInsert> = {}) {
  return db
    .insert(lessons)
    .values({
      courseId,
      title: 'Aula',
      description: 'Descrição da aula de teste.',
      youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ',
      videoSource: 'youtube',
      order: 1,
      ...values,
    })
    .returning()
    .get();
}

function makeMaterial(courseId: number, values: Partial<typeof materials.$inferInsert> = {}) {
  return db
    .insert(materials)
    .values({
      courseId,
      title: 'Material',
      fileUrl: 'https://files.example.com/material.pdf',
      fileType: 'pdf',
      iconType: 'file',
      downloadable: true,
      ...values,
    })
    .returning()
    .get();
}

/** A course with two lessons (given out of order), a lesson material and a course material, all with recognisable secrets. */
function courseWithContent(values: CourseValues = {}, tag = `c${courseSequence + 1}`) {
  const course = makeCourse(values);
  const second = makeLesson(course.id, {
    title: `Segunda aula ${tag}`,
    order: 2,
    youtubeUrl: `https://www.youtube.com/watch?v=${tag.padEnd(11, 'x').slice(0, 11)}&t=42s`,
  });
  const first = makeLesson(course.id, {
    title: `Primeira aula ${tag}`,
    order: 1,
    youtubeUrl: 'https://drive.google.com/file/d/1AbCdEfGhIjKlMnOpQr/view?usp=sharing',
    videoSource: 'drive',
  });
  const lessonMaterial = makeMaterial(course.id, {
    lessonId: first.id,
    title: `Apostila ${tag}`,
    fileUrl: `https://files.example.com/${tag}-apostila.pdf`,
  });
  const courseMaterial = makeMaterial(course.id, {
    lessonId: null,
    title: `Portal ${tag}`,
    fileUrl: `https://files.example.com/${tag}-portal`,
    fileType: 'link',
    iconType: 'link',
    downloadable: false,
  });
  return {
    course,
    first,
    second,
    lessonMaterial,
    courseMaterial,
    secrets: [
      first.title,
      second.title,
      'files.example.com',
      'youtube',
      'drive.google.com',
      '1AbCdEfGhIjKlMnOpQr',
      lessonMaterial.title,
      courseMaterial.title,
    ],
  };
}

let codeSequence = 0;
function makeCourseCode(courseId: number, values: Partial<typeof promoCodes.$inferInsert> = {}) {
  const code = values.code ?? `CURSO${++codeSequence}X`;
  return db
    .insert(promoCodes)
    .values({ days: 30, maxUses: 5, promoType: 'course', courseId, ...values, code, codeKey: foldKey(code) })
    .returning()
    .get();
}

beforeAll(async () => {
  admin = await signedIn('admin');
  basic = await signedIn('E-BASIC');
  tool = await signedIn('E-TOOL');
});

beforeEach(() => resetAllLimits());

// ---------------------------------------------------------------------------------------------
// Calling the route

type PageData = {
  course: { id: number; title: string; priceLabel: string | null; isHidden: boolean };
  access: { state: string; hasAccess: boolean; hasPurchased: boolean; isAdmin: boolean };
  content: null | {
    lessons: Array<{
      id: number;
      title: string;
      order: number;
      done: boolean;
      video: { kind: string; embedUrl?: string };
      materials: Array<{ id: number; title: string }>;
    }>;
    courseMaterials: Array<{ id: number; title: string; downloadable: boolean }>;
    progress: { done: number; total: number; nextLessonId: number | null };
  };
  tab: string;
  openLessonId: number | null;
  continueTo: string | null;
  nextOrder: number;
  dialog: null | { kind: string; lesson?: { id: number } | null; material?: { id: number } | null; lessonId?: number | null };
  confirm: null | { kind: string; id: number; title: string };
};

const pagePath = (courseId: number | string, query = '') => `/courses/${courseId}${query}`;
const load = (cookie: string | undefined, courseId: number | string, query = '') =>
  call(loader, getRequest(pagePath(courseId, query), { cookie }), { id: String(courseId) });

async function pageData(cookie: string, courseId: number, query = ''): Promise<PageData> {
  const response = await load(cookie, courseId, query);
  expect(response.status).toBe(200);
  return (await response.json()) as PageData;
}

let context: { toast: { pending: Toast | null } } = { toast: { pending: null } };
const post = (cookie: string, courseId: number | string, fields: Record<string, string>, query = '') => {
  context = { toast: { pending: null } };
  return call(action, formRequest(pagePath(courseId, query), fields, { cookie }), { id: String(courseId) }, context);
};

type Reply = { intent: string; result: { status: string; error?: Record<string, string[] | null> } };
const reply = async (response: Response) => (await response.json()) as Reply;

/** The toast a redirect flashed, read as the next request's root loader would. */
async function flashedToast(response: Response): Promise<Toast | null> {
  const setCookie = response.headers.getSetCookie().find((header) => header.startsWith('en_toast='));
  if (!setCookie) return null;
  const { toast } = await readToast(new Request(BASE_URL, { headers: { Cookie: setCookie.split(';')[0] } }));
  return toast;
}

// The real Remix pipeline (routing, loaders, entry.server's streamed render) over the root, the
// signed-in layout and this page, to check what the HTML carries.
const ROUTE_IDS = { layout: 'routes/_app+/_layout', page: 'routes/_app+/courses.$id' } as const;
type RouteModule = ServerBuild['routes'][string]['module'];
const manifestRoute = (id: string, parentId: string | undefined, module: Record<string, unknown>, path?: string) => ({
  id,
  parentId,
  path,
  module: `/build/${id}.js`,
  imports: [],
  hasAction: 'action' in module,
  hasLoader: 'loader' in module,
  hasClientAction: false,
  hasClientLoader: false,
  hasErrorBoundary: 'ErrorBoundary' in module,
});
const documentHandler = createRequestHandler(
  {
    mode: 'production',
    entry: { module: entry },
    routes: {
      root: { id: 'root', path: '', module: root as unknown as RouteModule },
      [ROUTE_IDS.layout]: { id: ROUTE_IDS.layout, parentId: 'root', module: appLayout as unknown as RouteModule },
      [ROUTE_IDS.page]: {
        id: ROUTE_IDS.page,
        parentId: ROUTE_IDS.layout,
        path: 'courses/:id',
        module: coursePage as unknown as RouteModule,
      },
    },
    assets: {
      entry: { module: '/build/entry.client.js', imports: [] },
      routes: {
        root: manifestRoute('root', undefined, root, ''),
        [ROUTE_IDS.layout]: manifestRoute(ROUTE_IDS.layout, 'root', appLayout),
        [ROUTE_IDS.page]: manifestRoute(ROUTE_IDS.page, ROUTE_IDS.layout, coursePage, 'courses/:id'),
      },
      url: '/build/manifest.js',
      version: 'test',
    },
    publicPath: '/build/',
    assetsBuildDirectory: 'public/build',
    future: {
      v3_fetcherPersist: true,
      v3_relativeSplatPath: true,
      v3_throwAbortReason: true,
      v3_lazyRouteDiscovery: false,
      v3_singleFetch: false,
    },
    isSpaMode: false,
  } as unknown as ServerBuild,
  'production',
);
async function html(cookie: string, path: string): Promise<{ status: number; text: string }> {
  const response = await documentHandler(getRequest(path, { cookie }), { toast: { pending: null } });
  return { status: response.status, text: await response.text() };
}
/** The visible page: the document without the serialized loader data (checked separately). */
const markup = (text: string) => text.replace(/<script[\s\S]*?<\/script>/g, '').replaceAll('<!-- -->', '');
/** The one <input> tag with this name. */
const inputTag = (text: string, name: string) => new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(text)?.[0] ?? '';

// ---------------------------------------------------------------------------------------------

describe('who reaches the course page', () => {
  test('visitors are sent to /auth and come back to the course', async () => {
    const { course } = courseWithContent();
    expectRedirect(await load(undefined, course.id), `/auth?redirectTo=${encodeURIComponent(`/courses/${course.id}`)}`);
  });

  test.each([
    ['E-BASIC', () => basic],
    ['E-TOOL', () => tool],
  ])('%s is sent to /dashboard with the Acesso Restrito toast, for the page and its forms', async (_tier, who) => {
    const { course, first } = courseWithContent();
    const response = await load(who().cookie, course.id);
    expectRedirect(response, '/dashboard');
    expect(await flashedToast(response)).toMatchObject({
      title: 'Acesso Restrito',
      description: 'Esta funcionalidade está disponível apenas para usuários E-MASTER. Faça upgrade da sua conta para acessar os cursos.',
      type: 'error',
    });
    expectRedirect(await post(who().cookie, course.id, { intent: 'progress', lessonId: String(first.id), done: 'true' }), '/dashboard');
    expect(db.select().from(lessonProgress).where(eq(lessonProgress.userId, who().user.id)).all()).toHaveLength(0);
  });
});

describe('access states of an E-MASTER user', () => {
  let master: Signed;
  beforeEach(async () => {
    master = await signedIn('E-MASTER');
  });

  test('a course that needs a code: the Acesso Restrito card and nothing of the content', async () => {
    const { course, secrets } = courseWithContent({ requiresPromoCode: true });
    const response = await load(master.cookie, course.id, '?tab=content&lesson=1&dialog=lesson');
    const text = await response.text();
    const data = JSON.parse(text) as PageData;
    expect(data.access).toMatchObject({ state: 'promo', hasAccess: false, isAdmin: false });
    expect(data).toMatchObject({ content: null, dialog: null, confirm: null, continueTo: null });
    for (const secret of secrets) expect(text).not.toContain(secret);

    const page = await html(master.cookie, pagePath(course.id, '?tab=content'));
    expect(page.status).toBe(200);
    for (const text of [
      'Acesso Restrito',
      course.title,
      'Elétrica',
      'Intermediário',
      course.description,
      'Este curso requer um código promocional para acesso.',
      'Código Promocional',
      'Desbloquear Acesso',
    ]) {
      expect(page.text).toContain(text);
    }
    expect(page.text).toMatch(/<input[^>]*name="intent"[^>]*value="unlock"/);
    for (const secret of secrets) expect(page.text).not.toContain(secret);
  });

  test('a course for sale: the Curso Premium card with the price and the way to buy it, nothing of the content', async () => {
    const { course, secrets } = courseWithContent({ priceCents: 19990 });
    const text = await (await load(master.cookie, course.id)).text();
    const data = JSON.parse(text) as PageData;
    expect(data.access).toMatchObject({ state: 'premium', hasAccess: false, hasPurchased: false });
    expect(data.course.priceLabel).toBe('R$ 199,90');
    expect(data.content).toBeNull();
    for (const secret of secrets) expect(text).not.toContain(secret);

    const page = await html(master.cookie, pagePath(course.id));
    for (const text of [
      'Curso Premium',
      'R$ 199,90',
      'Este curso requer uma compra para obter acesso.',
      'Comprar Acesso',
      `href="/upgrade?courseId=${course.id}"`,
    ]) {
      expect(page.text).toContain(text);
    }
    for (const secret of secrets) expect(page.text).not.toContain(secret);
  });

  test('an open course: the full view, lessons by order with their videos and materials, no admin tab', async () => {
    const { course, first, second, lessonMaterial, courseMaterial } = courseWithContent({}, 'open1');
    const data = await pageData(master.cookie, course.id, '?tab=admin');
    expect(data.access).toMatchObject({ state: 'open', hasAccess: true, isAdmin: false });
    expect(data.tab).toBe('overview');
    expect(data.content!.lessons.map((lesson) => lesson.id)).toEqual([first.id, second.id]);
    expect(data.content!.lessons[0].video).toEqual({
      kind: 'drive',
      id: '1AbCdEfGhIjKlMnOpQr',
      embedUrl: 'https://drive.google.com/file/d/1AbCdEfGhIjKlMnOpQr/preview',
    });
    expect(data.content!.lessons[1].video).toMatchObject({
      kind: 'youtube',
      embedUrl: 'https://www.youtube-nocookie.com/embed/open1xxxxxx',
    });
    expect(data.content!.lessons[0].materials.map((material) => material.id)).toEqual([lessonMaterial.id]);
    expect(data.content!.courseMaterials.map((material) => material.id)).toEqual([courseMaterial.id]);
    expect(data.content!.progress).toEqual({ done: 0, total: 2, nextLessonId: first.id });

    const page = await html(master.cookie, pagePath(course.id));
    const visible = markup(page.text);
    for (const text of [
      'Visão Geral',
      'Conteúdo do Curso',
      'Duração: 12 horas',
      'Instrutor: Eng. Ana Prado',
      'Sobre o curso',
      '0 de 2 aulas concluídas',
    ])
      expect(visible).toContain(text);
    expect(visible).not.toContain('Administração');
  });

  test('the content tab: native details, lazy 16:9 frames, Download and Abrir links in a new tab without an opener', async () => {
    const { course, first, second } = courseWithContent({}, 'open2');
    makeLesson(course.id, { title: 'Aula com vídeo de outro site', order: 3, youtubeUrl: 'https://vimeo.com/123456789' });
    const visible = markup((await html(master.cookie, pagePath(course.id, `?tab=content&lesson=${first.id}`))).text);
    expect(visible).toMatch(new RegExp(`<details[^>]*id="lesson-${first.id}"[^>]*open=""`));
    expect(visible).not.toMatch(new RegExp(`<details[^>]*id="lesson-${second.id}"[^>]*open=""`));
    expect(visible).toMatch(
      /<iframe[^>]*src="https:\/\/drive\.google\.com\/file\/d\/1AbCdEfGhIjKlMnOpQr\/preview"[^>]*loading="lazy"[^>]*allowfullscreen=""/,
    );
    expect(visible).toMatch(
      /<iframe[^>]*src="https:\/\/www\.youtube-nocookie\.com\/embed\/open2xxxxxx"[^>]*title="Vídeo da aula: Segunda aula open2"/,
    );
    expect(visible).toContain('aspect-video');
    expect(visible).toContain('Formato de vídeo não suportado');
    expect(visible).toMatch(
      /<a href="https:\/\/files\.example\.com\/open2-apostila\.pdf" target="_blank" rel="noopener noreferrer" download=""[^>]*>Download/,
    );
    expect(visible).toMatch(
      /<a href="https:\/\/files\.example\.com\/open2-portal" target="_blank" rel="noopener noreferrer" class="[^"]*">Abrir/,
    );
    expect(visible).toContain('Nenhum material disponível para esta aula.');
    expect(visible).toContain('Materiais do Curso');
    expect(visible).toContain('Marcar como concluída');
    // No admin controls for a student.
    for (const text of ['Adicionar Aula', 'Editar Aula', 'Excluir Aula', 'Adicionar Material', 'Editar material'])
      expect(visible).not.toContain(text);
  });

  test('an open course without lessons shows the empty state, without the admin button', async () => {
    const course = makeCourse();
    const visible = markup((await html(master.cookie, pagePath(course.id, '?tab=content'))).text);
    expect(visible).toContain('Nenhum conteúdo disponível');
    expect(visible).toContain('Este curso ainda não possui aulas ou materiais disponíveis.');
    expect(visible).not.toContain('Adicionar Aula');
    expect(visible).not.toContain('Materiais do Curso');
  });

  test('a code course opens after a grant from its code', async () => {
    const { course } = courseWithContent({ requiresPromoCode: true });
    const code = makeCourseCode(course.id);
    expectRedirect(await post(master.cookie, course.id, { intent: 'unlock', code: code.code.toLowerCase() }), `/courses/${course.id}`);
    const data = await pageData(master.cookie, course.id);
    expect(data.access).toMatchObject({ state: 'open', hasAccess: true, hasPurchased: false });
    expect(data.content!.lessons).toHaveLength(2);
  });

  test('a course for sale opens after a purchase record and its grant', async () => {
    const { course } = courseWithContent({ priceCents: 4990 });
    const purchase = db
      .insert(coursePurchases)
      .values({
        userId: master.user.id,
        courseId: course.id,
        stripePaymentId: `pi_test_${course.id}`,
        purchasedAt: new Date(),
        priceCents: 4990,
      })
      .returning()
      .get();
    grantCourse(db, { userId: master.user.id, courseId: course.id, source: 'purchase', sourceId: purchase.id });
    const data = await pageData(master.cookie, course.id);
    expect(data.access).toMatchObject({ state: 'open', hasAccess: true, hasPurchased: true });
    expect(data.content!.lessons).toHaveLength(2);
    // Another E-MASTER user still sees the premium card.
    const other = await signedIn('E-MASTER');
    expect((await pageData(other.cookie, course.id)).access.state).toBe('premium');
  });

  test('a grant that has ended no longer opens the course', async () => {
    const { course } = courseWithContent({ requiresPromoCode: true });
    const start = new Date(Date.now() - 10 * 86_400_000);
    grantCourse(db, { userId: master.user.id, courseId: course.id, source: 'admin', endsAt: new Date(Date.now() - 86_400_000) }, start);
    expect((await pageData(master.cookie, course.id)).access.state).toBe('promo');
  });

  test('hidden, missing and malformed ids are the same 404, rendered as Curso não encontrado with the way back', async () => {
    const { course, secrets } = courseWithContent({ isHidden: true });
    for (const id of [String(course.id), '999999', 'abc']) {
      const response = await load(master.cookie, id);
      expect(response.status, id).toBe(404);
      const text = await response.text();
      expect(JSON.parse(text)).toEqual({ message: 'Curso não encontrado' });
      for (const secret of secrets) expect(text).not.toContain(secret);
    }
    const page = await html(master.cookie, pagePath(course.id));
    expect(page.status).toBe(404);
    expect(page.text).toContain('Curso não encontrado');
    expect(page.text).toContain('Este curso não existe ou foi removido.');
    expect(page.text).toMatch(/<a[^>]*href="\/courses"[^>]*>Voltar para cursos/);
    expect(page.text).not.toContain(course.title);
    // Its forms are refused the same way: no code can open a hidden course.
    const code = makeCourseCode(course.id);
    const unlock = await post(master.cookie, course.id, { intent: 'unlock', code: code.code });
    expect(unlock.status).toBe(404);
    expect(db.select().from(courseGrants).where(eq(courseGrants.userId, master.user.id)).all()).toHaveLength(0);
  });
});

describe('an admin', () => {
  test('always gets the full view, hidden, code and premium courses alike, with the Administração tab', async () => {
    for (const values of [{ isHidden: true }, { requiresPromoCode: true }, { priceCents: 9990 }]) {
      const { course } = courseWithContent(values);
      const data = await pageData(admin.cookie, course.id, '?tab=admin');
      expect(data.access).toMatchObject({ state: 'open', hasAccess: true, isAdmin: true });
      expect(data.tab).toBe('admin');
      expect(data.content!.lessons).toHaveLength(2);
    }
  });

  test('the Administração tab: Aulas, Materiais and Códigos Promocionais with Gerenciar Códigos', async () => {
    const { course, first } = courseWithContent({}, 'adm1');
    const visible = markup((await html(admin.cookie, pagePath(course.id, '?tab=admin'))).text);
    for (const text of [
      'Administração',
      'Aulas',
      'Materiais',
      'Códigos Promocionais',
      'Adicionar Aula',
      'Adicionar Material ao Curso',
      'Ordem 1',
    ])
      expect(visible).toContain(text);
    expect(visible).toContain(`href="/admin?tab=promocodes&amp;courseId=${course.id}"`);
    expect(visible).toContain('Gerenciar Códigos');
    expect(visible).toContain(`href="/courses/${course.id}?tab=admin&amp;dialog=lesson&amp;lesson=${first.id}"`);
    expect(visible).toContain(`href="/courses/${course.id}?tab=admin&amp;confirm=delete-lesson&amp;lesson=${first.id}"`);
  });

  test('the content tab carries every management control, and the empty state offers Adicionar Aula', async () => {
    const { course, first, lessonMaterial } = courseWithContent({}, 'adm2');
    const visible = markup((await html(admin.cookie, pagePath(course.id, '?tab=content'))).text);
    for (const text of ['Adicionar Aula', 'Editar Aula', 'Excluir Aula', 'Adicionar Material', 'Adicionar Material ao Curso'])
      expect(visible).toContain(text);
    expect(visible).toContain(`aria-label="Editar material ${lessonMaterial.title}"`);
    expect(visible).toContain(`aria-label="Excluir material ${lessonMaterial.title}"`);
    expect(visible).toContain(`href="/courses/${course.id}?tab=content&amp;dialog=material&amp;lesson=${first.id}"`);

    const empty = makeCourse();
    const emptyView = markup((await html(admin.cookie, pagePath(empty.id, '?tab=content'))).text);
    expect(emptyView).toContain('Nenhum conteúdo disponível');
    expect(emptyView).toContain(`href="/courses/${empty.id}?tab=content&amp;dialog=lesson"`);
  });

  test('dialogs and confirmations are URL state, read for admins only', async () => {
    const { course, first, lessonMaterial } = courseWithContent();
    expect((await pageData(admin.cookie, course.id, '?dialog=lesson')).dialog).toEqual({ kind: 'lesson', lesson: null });
    const edit = await pageData(admin.cookie, course.id, `?dialog=lesson&lesson=${first.id}`);
    expect(edit.dialog).toMatchObject({ kind: 'lesson', lesson: { id: first.id } });
    expect(edit.nextOrder).toBe(3);
    expect((await pageData(admin.cookie, course.id, `?dialog=material&lesson=${first.id}`)).dialog).toEqual({
      kind: 'material',
      material: null,
      lessonId: first.id,
    });
    expect((await pageData(admin.cookie, course.id, '?dialog=material')).dialog).toEqual({
      kind: 'material',
      material: null,
      lessonId: null,
    });
    expect((await pageData(admin.cookie, course.id, `?dialog=material&material=${lessonMaterial.id}`)).dialog).toMatchObject({
      kind: 'material',
      material: { id: lessonMaterial.id },
      lessonId: first.id,
    });
    expect((await pageData(admin.cookie, course.id, `?confirm=delete-lesson&lesson=${first.id}`)).confirm).toEqual({
      kind: 'delete-lesson',
      id: first.id,
      title: first.title,
    });
    expect((await pageData(admin.cookie, course.id, '?dialog=lesson&lesson=999999')).dialog).toBeNull();

    const master = await signedIn('E-MASTER');
    const student = await pageData(master.cookie, course.id, `?dialog=lesson&lesson=${first.id}&confirm=delete-lesson`);
    expect(student).toMatchObject({ dialog: null, confirm: null });
  });

  test('the dialogs render server-side: Nova Aula with the next order as placeholder, Editar Material filled in', async () => {
    const { course, lessonMaterial } = courseWithContent();
    const newLesson = markup((await html(admin.cookie, pagePath(course.id, '?tab=content&dialog=lesson'))).text);
    expect(newLesson).toContain('Nova Aula');
    expect(newLesson).toMatch(/<input[^>]*name="order"[^>]*placeholder="3"/);
    expect(newLesson).toMatch(/<input[^>]*name="intent"[^>]*value="create-lesson"/);
    expect(newLesson).toContain('Cancelar');
    expect(newLesson).toContain('Salvar');

    const editMaterial = markup(
      (await html(admin.cookie, pagePath(course.id, `?tab=content&dialog=material&material=${lessonMaterial.id}`))).text,
    );
    expect(editMaterial).toContain('Editar Material');
    expect(editMaterial).toMatch(/<input[^>]*name="intent"[^>]*value="update-material"/);
    expect(editMaterial).toContain(`value="${lessonMaterial.fileUrl}"`);
    expect(inputTag(editMaterial, 'downloadable')).toMatch(/type="checkbox"/);
    expect(inputTag(editMaterial, 'downloadable')).toMatch(/checked=""/);

    const newMaterial = markup((await html(admin.cookie, pagePath(course.id, '?tab=content&dialog=material'))).text);
    expect(newMaterial).toContain('Novo Material');
    expect(inputTag(newMaterial, 'downloadable')).toMatch(/type="checkbox"/);
    expect(inputTag(newMaterial, 'downloadable')).not.toMatch(/checked/);
  });

  test('a deletion without JavaScript is confirmed on a page of its own, with the text and a POST form', async () => {
    const { course, first, lessonMaterial } = courseWithContent();
    const lessonConfirm = markup(
      (await html(admin.cookie, pagePath(course.id, `?tab=content&confirm=delete-lesson&lesson=${first.id}`))).text,
    );
    expect(lessonConfirm).toContain('Tem certeza que deseja excluir esta aula? Esta ação não pode ser desfeita.');
    expect(lessonConfirm).toMatch(/<form method="post"[^>]*>/);
    expect(lessonConfirm).toMatch(/<input type="hidden" name="intent" value="delete-lesson"\/>/);
    expect(lessonConfirm).toContain(`name="lessonId" value="${first.id}"`);
    expect(lessonConfirm).toMatch(/<a[^>]*href="\/courses\/\d+\?tab=content&amp;lesson=\d+"[^>]*>Cancelar/);

    const materialConfirm = markup(
      (await html(admin.cookie, pagePath(course.id, `?tab=content&confirm=delete-material&material=${lessonMaterial.id}`))).text,
    );
    expect(materialConfirm).toContain('Tem certeza que deseja excluir este material? Esta ação não pode ser desfeita.');
    expect(materialConfirm).toContain(`name="materialId" value="${lessonMaterial.id}"`);
  });
});

describe('the course code form (Desbloquear Acesso)', () => {
  let master: Signed;
  beforeEach(async () => {
    master = await signedIn('E-MASTER');
  });

  test('a valid code writes the grant and lands on the course with Código promocional aplicado', async () => {
    const { course } = courseWithContent({ requiresPromoCode: true });
    const code = makeCourseCode(course.id, { validUntil: new Date(Date.now() + 30 * 86_400_000) });
    const response = await post(master.cookie, course.id, { intent: 'unlock', code: `  ${code.code}  ` });
    expectRedirect(response, `/courses/${course.id}`);
    expect(await flashedToast(response)).toEqual({
      title: 'Código promocional aplicado',
      description: 'Você agora tem acesso ao curso!',
      type: 'success',
    });
    const grant = db
      .select()
      .from(courseGrants)
      .where(and(eq(courseGrants.userId, master.user.id), eq(courseGrants.courseId, course.id)))
      .get();
    expect(grant).toMatchObject({ source: 'promo', active: true });
    expect(grant!.endsAt?.getTime()).toBe(code.validUntil!.getTime());
    expect(db.select().from(promoCodes).where(eq(promoCodes.id, code.id)).get()!.usedCount).toBe(1);
  });

  test.each([
    ['an empty code', () => '', 400, 'Por favor, insira um código promocional.'],
    ['an unknown code', () => 'NAOEXISTE', 404, 'Código promocional inválido.'],
  ])('%s is refused beside the field with Erro ao aplicar código', async (_case, code, status, message) => {
    const { course } = courseWithContent({ requiresPromoCode: true });
    const response = await post(master.cookie, course.id, { intent: 'unlock', code: code() });
    expect(response.status).toBe(status);
    const data = await reply(response);
    expect(data.intent).toBe('unlock');
    expect(data.result.error?.code).toEqual([message]);
    expect(context.toast.pending).toEqual({ title: 'Erro ao aplicar código', description: message, type: 'error' });
    expect((await pageData(master.cookie, course.id)).access.state).toBe('promo');
  });

  test("another course's code, a role code, a used-up or expired code give nothing", async () => {
    const { course } = courseWithContent({ requiresPromoCode: true });
    const other = makeCourse({ requiresPromoCode: true });
    const cases: Array<[string, string]> = [
      [makeCourseCode(other.id).code, 'Este código promocional não é válido para este curso.'],
      [
        makeCourseCode(course.id, { promoType: 'role', courseId: null, targetRole: 'E-MASTER' }).code,
        'Este código promocional não é válido para este curso.',
      ],
      [makeCourseCode(course.id, { maxUses: 1, usedCount: 1 }).code, 'Este código promocional atingiu o limite de usos.'],
      [makeCourseCode(course.id, { expiryDate: new Date(Date.now() - 1000) }).code, 'Este código promocional expirou.'],
    ];
    for (const [code, message] of cases) {
      const response = await post(master.cookie, course.id, { intent: 'unlock', code });
      expect(response.status, code).toBeGreaterThanOrEqual(400);
      expect((await reply(response)).result.error?.code, code).toEqual([message]);
      expect(context.toast.pending?.title).toBe('Erro ao aplicar código');
    }
    expect(db.select().from(courseGrants).where(eq(courseGrants.userId, master.user.id)).all()).toHaveLength(0);
  });

  test('the same user cannot use a code twice', async () => {
    const { course } = courseWithContent({ requiresPromoCode: true });
    const code = makeCourseCode(course.id);
    expectRedirect(await post(master.cookie, course.id, { intent: 'unlock', code: code.code }), `/courses/${course.id}`);
    const again = await post(master.cookie, course.id, { intent: 'unlock', code: code.code });
    expect(again.status).toBe(409);
    expect((await reply(again)).result.error?.code).toEqual(['Você já utilizou este código promocional.']);
  });
});

describe('lesson progress', () => {
  test('marking lessons done and undoing: n de m, the next lesson, and the way back to the lesson', async () => {
    const master = await signedIn('E-MASTER');
    const { course, first, second } = courseWithContent();
    const third = makeLesson(course.id, { title: 'Terceira aula', order: 5 });
    const response = await post(
      master.cookie,
      course.id,
      { intent: 'progress', lessonId: String(first.id), done: 'true' },
      `?tab=content&lesson=${first.id}`,
    );
    expectRedirect(response, `/courses/${course.id}?tab=content&lesson=${first.id}#lesson-${first.id}`);
    expectRedirect(
      await post(master.cookie, course.id, { intent: 'progress', lessonId: String(second.id), done: 'true' }),
      `/courses/${course.id}?tab=content&lesson=${second.id}#lesson-${second.id}`,
    );

    let data = await pageData(master.cookie, course.id);
    expect(data.content!.progress).toEqual({ done: 2, total: 3, nextLessonId: third.id });
    expect(data.content!.lessons.map((lesson) => lesson.done)).toEqual([true, true, false]);
    expect(data.continueTo).toBe(`/courses/${course.id}?tab=content&lesson=${third.id}#lesson-${third.id}`);
    const visible = markup((await html(master.cookie, pagePath(course.id))).text);
    expect(visible).toContain('2 de 3 aulas concluídas');
    expect(visible).toContain('Continuar de onde parou');
    expect(visible).toContain(`href="/courses/${course.id}?tab=content&amp;lesson=${third.id}#lesson-${third.id}"`);

    // Marking twice is harmless; undoing takes the mark back.
    await post(master.cookie, course.id, { intent: 'progress', lessonId: String(first.id), done: 'true' });
    expectRedirect(await post(master.cookie, course.id, { intent: 'progress', lessonId: String(first.id), done: 'false' }), /lesson-/);
    data = await pageData(master.cookie, course.id);
    expect(data.content!.progress).toEqual({ done: 1, total: 3, nextLessonId: first.id });

    // Progress is private: another user starts at zero.
    const other = await signedIn('E-MASTER');
    expect((await pageData(other.cookie, course.id)).content!.progress.done).toBe(0);
  });

  test('refused without access to the course, for a lesson of another course, and for bad input', async () => {
    const master = await signedIn('E-MASTER');
    const locked = courseWithContent({ requiresPromoCode: true });
    const denied = await post(master.cookie, locked.course.id, { intent: 'progress', lessonId: String(locked.first.id), done: 'true' });
    expect(denied.status).toBe(403);
    expect((await reply(denied)).result.error?.['']).toEqual(['Você não tem acesso a este curso']);

    const open = courseWithContent();
    const foreign = await post(master.cookie, open.course.id, { intent: 'progress', lessonId: String(locked.first.id), done: 'true' });
    expect(foreign.status).toBe(404);
    expect((await post(master.cookie, open.course.id, { intent: 'progress', lessonId: 'x', done: 'true' })).status).toBe(400);
    expect(
      (await post(master.cookie, open.course.id, { intent: 'progress', lessonId: String(open.first.id), done: 'talvez' })).status,
    ).toBe(400);
    expect(db.select().from(lessonProgress).where(eq(lessonProgress.userId, master.user.id)).all()).toHaveLength(0);
  });
});

describe('admin content management', () => {
  const LESSON = {
    title: 'Nova aula de teste',
    description: 'Uma descrição com mais de dez caracteres.',
    youtubeUrl: 'https://youtu.be/abcdefghijk',
    videoSource: 'youtube',
  };
  const MATERIAL = {
    title: 'Planilha de cálculo',
    description: '',
    fileUrl: 'https://files.example.com/planilha.xlsx',
    fileType: 'xls',
    iconType: 'file',
  };

  const lessonsOf = (courseId: number) => db.select().from(lessons).where(eq(lessons.courseId, courseId)).all();
  const materialsOf = (courseId: number) => db.select().from(materials).where(eq(materials.courseId, courseId)).all();

  test('Nova Aula: a blank order goes after the last lesson (highest + 1), a given one is kept', async () => {
    const { course } = courseWithContent();
    makeLesson(course.id, { title: 'Aula sete', order: 7 });
    const response = await post(admin.cookie, course.id, { intent: 'create-lesson', ...LESSON, order: '' }, '?tab=content&dialog=lesson');
    const created = lessonsOf(course.id).find((lesson) => lesson.title === LESSON.title)!;
    expect(created.order).toBe(8);
    expectRedirect(response, `/courses/${course.id}?tab=content&lesson=${created.id}#lesson-${created.id}`);
    expect(await flashedToast(response)).toMatchObject({ title: 'Aula criada', type: 'success' });

    await post(admin.cookie, course.id, { intent: 'create-lesson', ...LESSON, title: 'Aula no meio', order: '2' });
    expect(lessonsOf(course.id).find((lesson) => lesson.title === 'Aula no meio')!.order).toBe(2);

    const empty = makeCourse();
    await post(admin.cookie, empty.id, { intent: 'create-lesson', ...LESSON });
    expect(lessonsOf(empty.id)[0].order).toBe(1);
  });

  test.each([
    ['title', { title: 'ab' }, 'O título deve ter pelo menos 3 caracteres'],
    ['description', { description: 'curta' }, 'A descrição deve ter pelo menos 10 caracteres'],
    ['youtubeUrl', { youtubeUrl: 'abc' }, 'Video URL must be at least 5 characters'],
    ['videoSource', { videoSource: 'vimeo' }, 'Fonte de vídeo inválida'],
    ['order', { order: '0' }, 'A ordem deve ser um número maior ou igual a 1'],
    ['order', { order: '1.5' }, 'A ordem deve ser um número maior ou igual a 1'],
  ])('Nova Aula refuses a bad %s with the validation message and Erro ao criar aula', async (field, overrides, message) => {
    const { course } = courseWithContent();
    const response = await post(admin.cookie, course.id, { intent: 'create-lesson', ...LESSON, ...overrides });
    expect(response.status).toBe(400);
    const data = await reply(response);
    expect(data.intent).toBe('create-lesson');
    expect(data.result.error?.[field]).toEqual([message]);
    expect(context.toast.pending).toEqual({ title: 'Erro ao criar aula', description: message, type: 'error' });
    expect(lessonsOf(course.id)).toHaveLength(2);
  });

  test('Editar Aula changes the lesson; a new order reorders the accordion', async () => {
    const { course, first, second } = courseWithContent();
    const response = await post(
      admin.cookie,
      course.id,
      { intent: 'update-lesson', lessonId: String(first.id), ...LESSON, title: 'Primeira, agora última', order: '9' },
      `?tab=content&dialog=lesson&lesson=${first.id}`,
    );
    expectRedirect(response, `/courses/${course.id}?tab=content&lesson=${first.id}#lesson-${first.id}`);
    expect(await flashedToast(response)).toMatchObject({ title: 'Aula atualizada', type: 'success' });
    const data = await pageData(admin.cookie, course.id);
    expect(data.content!.lessons.map((lesson) => [lesson.id, lesson.title, lesson.order])).toEqual([
      [second.id, second.title, 2],
      [first.id, 'Primeira, agora última', 9],
    ]);
  });

  test('Editar Aula refuses bad input and a lesson of another course', async () => {
    const { course, first } = courseWithContent();
    const other = courseWithContent();
    const invalid = await post(admin.cookie, course.id, { intent: 'update-lesson', lessonId: String(first.id), ...LESSON, title: 'x' });
    expect(invalid.status).toBe(400);
    expect(context.toast.pending).toMatchObject({ title: 'Erro ao atualizar aula' });
    const foreign = await post(admin.cookie, course.id, { intent: 'update-lesson', lessonId: String(other.first.id), ...LESSON });
    expect(foreign.status).toBe(404);
    expect(context.toast.pending).toEqual({ title: 'Erro ao atualizar aula', description: 'Aula não encontrada', type: 'error' });
    expect(lessonsOf(other.course.id).find((lesson) => lesson.id === other.first.id)!.title).toBe(other.first.title);
  });

  test('Excluir Aula removes the lesson with its materials and everyone’s progress on it', async () => {
    const { course, first, second, lessonMaterial, courseMaterial } = courseWithContent();
    const master = await signedIn('E-MASTER');
    await post(master.cookie, course.id, { intent: 'progress', lessonId: String(first.id), done: 'true' });
    const response = await post(
      admin.cookie,
      course.id,
      { intent: 'delete-lesson', lessonId: String(first.id) },
      `?tab=content&confirm=delete-lesson&lesson=${first.id}`,
    );
    expectRedirect(response, `/courses/${course.id}?tab=content`);
    expect(await flashedToast(response)).toMatchObject({ title: 'Aula removida', type: 'success' });
    expect(lessonsOf(course.id).map((lesson) => lesson.id)).toEqual([second.id]);
    expect(materialsOf(course.id).map((material) => material.id)).toEqual([courseMaterial.id]);
    expect(materialsOf(course.id).some((material) => material.id === lessonMaterial.id)).toBe(false);
    expect(db.select().from(lessonProgress).where(eq(lessonProgress.lessonId, first.id)).all()).toHaveLength(0);

    const missing = await post(admin.cookie, course.id, { intent: 'delete-lesson', lessonId: String(first.id) });
    expect(missing.status).toBe(404);
    expect(context.toast.pending).toEqual({ title: 'Erro ao remover aula', description: 'Aula não encontrada', type: 'error' });
  });

  test('Novo Material: in a lesson or for the whole course; downloading is off unless ticked', async () => {
    const { course, first } = courseWithContent();
    const response = await post(
      admin.cookie,
      course.id,
      { intent: 'create-material', ...MATERIAL, lessonId: String(first.id) },
      `?tab=content&dialog=material&lesson=${first.id}`,
    );
    const created = materialsOf(course.id).find((material) => material.title === MATERIAL.title)!;
    expect(created).toMatchObject({ lessonId: first.id, downloadable: false, description: null, fileType: 'xls' });
    expectRedirect(response, `/courses/${course.id}?tab=content&lesson=${first.id}`);
    expect(await flashedToast(response)).toMatchObject({ title: 'Material criado', type: 'success' });

    await post(admin.cookie, course.id, {
      intent: 'create-material',
      ...MATERIAL,
      title: 'Norma completa',
      lessonId: '',
      downloadable: 'on',
    });
    expect(materialsOf(course.id).find((material) => material.title === 'Norma completa')).toMatchObject({
      lessonId: null,
      downloadable: true,
      iconType: 'file',
    });
  });

  test.each([
    ['title', { title: 'ab' }, 'O título deve ter pelo menos 3 caracteres'],
    ['fileUrl', { fileUrl: 'abc' }, 'O link do arquivo deve ter pelo menos 5 caracteres'],
    ['fileUrl', { fileUrl: 'javascript:alert(1)' }, 'O link do arquivo deve ser uma URL http:// ou https:// válida.'],
    ['fileUrl', { fileUrl: 'ftp://files.example.com/a.pdf' }, 'O link do arquivo deve ser uma URL http:// ou https:// válida.'],
    ['fileUrl', { fileUrl: 'data:text/html,<script>alert(1)</script>' }, 'O link do arquivo deve ser uma URL http:// ou https:// válida.'],
    ['fileType', { fileType: 'exe' }, 'Tipo de arquivo inválido'],
    ['iconType', { iconType: 'video' }, 'Tipo de ícone inválido'],
    ['lessonId', { lessonId: 'abc' }, 'Aula inválida'],
  ])('Novo Material refuses a bad %s with its message and Erro ao criar material', async (field, overrides, message) => {
    const { course } = courseWithContent();
    const response = await post(admin.cookie, course.id, { intent: 'create-material', ...MATERIAL, ...overrides });
    expect(response.status).toBe(400);
    expect((await reply(response)).result.error?.[field]?.[0]).toBe(message);
    expect(context.toast.pending).toEqual({ title: 'Erro ao criar material', description: message, type: 'error' });
    expect(materialsOf(course.id)).toHaveLength(2);
  });

  test("Novo Material refuses another course's lesson", async () => {
    const { course } = courseWithContent();
    const other = courseWithContent();
    const response = await post(admin.cookie, course.id, { intent: 'create-material', ...MATERIAL, lessonId: String(other.first.id) });
    expect(response.status).toBe(400);
    expect((await reply(response)).result.error?.lessonId).toEqual(['A aula escolhida não pertence a este curso']);
  });

  test('Editar Material changes it (and can move it to the course); Excluir Material removes it', async () => {
    const { course, first, lessonMaterial, courseMaterial } = courseWithContent();
    const response = await post(
      admin.cookie,
      course.id,
      {
        intent: 'update-material',
        materialId: String(lessonMaterial.id),
        ...MATERIAL,
        title: 'Apostila revisada',
        lessonId: '',
        downloadable: 'on',
      },
      `?tab=content&lesson=${first.id}&dialog=material&material=${lessonMaterial.id}`,
    );
    expectRedirect(response, `/courses/${course.id}?tab=content`);
    expect(await flashedToast(response)).toMatchObject({ title: 'Material atualizado', type: 'success' });
    expect(materialsOf(course.id).find((material) => material.id === lessonMaterial.id)).toMatchObject({
      title: 'Apostila revisada',
      lessonId: null,
      downloadable: true,
    });

    const invalid = await post(admin.cookie, course.id, {
      intent: 'update-material',
      materialId: String(lessonMaterial.id),
      ...MATERIAL,
      fileUrl: 'javascript:void(0)',
    });
    expect(invalid.status).toBe(400);
    expect(context.toast.pending?.title).toBe('Erro ao atualizar material');

    const removed = await post(
      admin.cookie,
      course.id,
      { intent: 'delete-material', materialId: String(courseMaterial.id) },
      `?tab=content&lesson=${first.id}&confirm=delete-material&material=${courseMaterial.id}`,
    );
    expectRedirect(removed, `/courses/${course.id}?tab=content&lesson=${first.id}`);
    expect(await flashedToast(removed)).toMatchObject({ title: 'Material removido', type: 'success' });
    expect(materialsOf(course.id).map((material) => material.id)).toEqual([lessonMaterial.id]);

    const other = courseWithContent();
    const foreign = await post(admin.cookie, course.id, { intent: 'delete-material', materialId: String(other.lessonMaterial.id) });
    expect(foreign.status).toBe(404);
    expect(context.toast.pending).toEqual({ title: 'Erro ao remover material', description: 'Material não encontrado', type: 'error' });
    expect(materialsOf(other.course.id)).toHaveLength(2);
  });

  test('every admin intent answers 403 to an E-MASTER user who can open the course, and changes nothing', async () => {
    const { course, first, lessonMaterial } = courseWithContent();
    const master = await signedIn('E-MASTER');
    const before = { lessons: lessonsOf(course.id), materials: materialsOf(course.id) };
    const attempts: Record<string, string>[] = [
      { intent: 'create-lesson', ...LESSON },
      { intent: 'update-lesson', lessonId: String(first.id), ...LESSON },
      { intent: 'delete-lesson', lessonId: String(first.id) },
      { intent: 'create-material', ...MATERIAL },
      { intent: 'update-material', materialId: String(lessonMaterial.id), ...MATERIAL },
      { intent: 'delete-material', materialId: String(lessonMaterial.id) },
      // Invalid fields too: the role is checked before anything else.
      { intent: 'create-lesson' },
    ];
    for (const fields of attempts) {
      const response = await post(master.cookie, course.id, fields);
      expect(response.status, fields.intent).toBe(403);
      expect(await response.json()).toEqual({ message: 'Acesso negado' });
    }
    expect(lessonsOf(course.id)).toEqual(before.lessons);
    expect(materialsOf(course.id)).toEqual(before.materials);
  });

  test('an unknown intent is a 400 and a cross-site post a 403', async () => {
    const { course } = courseWithContent();
    expect((await post(admin.cookie, course.id, { intent: 'drop-course' })).status).toBe(400);
    const crossSite = await call(
      action,
      formRequest(
        pagePath(course.id),
        { intent: 'create-lesson', ...LESSON },
        { cookie: admin.cookie, headers: { Origin: 'https://evil.example' } },
      ),
      {
        id: String(course.id),
      },
    );
    expect(crossSite.status).toBe(403);
    expect(lessonsOf(course.id)).toHaveLength(2);
  });
});
