import { queryPlans } from './helpers/query-plans';
import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { db, openDatabase, sqliteConnection } from '../../db/client';
import { courseGrants, courses, lessonProgress, lessons, promoCodes, promoUsage, type CourseRow, type UserRow } from '../../db/schema';
import { COURSE_ACCESS_MESSAGES, grantCourse } from '~/models/courses/access.server';
import { continueHref, lastCourseWorkedOn } from '~/models/courses/content.server';
import { listCatalogue } from '~/models/courses/course.server';
import { getUserById } from '~/models/accounts/user.server';
import * as catalogueRoute from '~/routes/_app+/courses._index';
import * as appLayout from '~/routes/_app+/_layout';
import { loader as dashboardLoader } from '~/routes/_app+/dashboard';
import { courseListQuerySchema } from '~/schemas/course-list';
import { foldKey, sortKey } from '~/utils/fold';
import { parseListQuery } from '~/utils/pagination.server';
import { resetAllLimits } from '~/utils/rate-limit.server';
import { readToast } from '~/utils/toast.server';
import { allowConsole } from '../setup/console';
import { body, call, createUser, expectRedirect, formRequest, getRequest, sessionCookie } from '../setup/helpers';
import { documentHandler } from './helpers/document-handler';

/**
 * The catalogue /courses (the specification's 'Course catalogue' screen): who may open it, what each viewer sees
 * and in which access state, search, sort, filters, tabs and pages as URL state, the 'Acesso
 * Exclusivo' code dialog, the load-error state, the indexes its queries use, and the dashboard's
 * Cursos card.
 */

const DAY = 24 * 60 * 60 * 1000;
const RESTRICTED_TOAST = { type: 'error', title: 'Acesso Restrito', description: COURSE_ACCESS_MESSAGES.restricted };

type Card = {
  id: number;
  title: string;
  isHidden: boolean;
  priceLabel: string | null;
  access: { state: 'promo' | 'premium' | 'open'; hasAccess: boolean; hasPurchased: boolean; isAdmin: boolean };
  progress: { done: number; total: number } | null;
};
type CatalogueData = {
  isAdmin: boolean;
  state: { q: string; sort: string; level: string | null; category: string | null; filter: string };
  courses: Card[];
  total: number;
  page: number;
  pageCount: number;
  categories: string[];
  dialog: string | null;
};

type Signed = { user: UserRow; cookie: string };
const signed: Record<'basic' | 'tool' | 'master' | 'admin', Signed> = {} as never;

/** The courses of this file, oldest first: 'Mais recentes' lists them from the last. */
const c: Record<'quimica' | 'eletrica' | 'algebra' | 'comandos' | 'premium' | 'oculto', CourseRow> = {} as never;
const lessonIds: Record<'eletrica' | 'comandos' | 'oculto', number[]> = {} as never;

function insertCourse(values: Partial<typeof courses.$inferInsert> & { title: string }, createdAt: Date): CourseRow {
  return db
    .insert(courses)
    .values({
      description: 'Um curso completo de engenharia, com exemplos resolvidos.',
      category: 'mechanical',
      instructor: 'Eng. Silva',
      duration: '10 horas',
      level: 'beginner',
      ...values,
      titleKey: sortKey(values.title),
      createdAt,
    })
    .returning()
    .get();
}

function insertLessons(courseId: number, count: number): number[] {
  return Array.from(
    { length: count },
    (_, index) =>
      db
        .insert(lessons)
        .values({
          courseId,
          title: `Aula ${index + 1}`,
          description: 'Conteúdo da aula de teste.',
          youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ',
          order: index + 1,
        })
        .returning({ id: lessons.id })
        .get().id,
  );
}

const done = (userId: number, courseId: number, lessonId: number, completedAt: Date) =>
  db.insert(lessonProgress).values({ userId, courseId, lessonId, completedAt }).run();

beforeAll(async () => {
  for (const [key, role] of [
    ['basic', 'E-BASIC'],
    ['tool', 'E-TOOL'],
    ['master', 'E-MASTER'],
    ['admin', 'admin'],
  ] as const) {
    const user = await createUser({ role });
    signed[key] = { user, cookie: await sessionCookie(user) };
  }
  const now = Date.now();
  const at = (daysAgo: number) => new Date(now - daysAgo * DAY);
  c.quimica = insertCourse({ title: 'Química de Polímeros', category: 'chemical', level: 'beginner', requiresPromoCode: true }, at(6));
  c.eletrica = insertCourse({ title: 'Fundamentos de Elétrica Industrial', category: 'electrical', level: 'beginner' }, at(5));
  c.algebra = insertCourse({ title: 'Álgebra Linear para Engenheiros', category: 'other', level: 'advanced' }, at(4));
  c.comandos = insertCourse(
    { title: 'Comandos Elétricos com Código', category: 'electrical', level: 'intermediate', requiresPromoCode: true },
    at(3),
  );
  c.premium = insertCourse({ title: 'Automação Premium', category: 'informatics', level: 'advanced', priceCents: 19_990 }, at(2));
  c.oculto = insertCourse({ title: 'Caldeiras (em produção)', category: 'mechanical', level: 'intermediate', isHidden: true }, at(1));
  lessonIds.eletrica = insertLessons(c.eletrica.id, 3);
  lessonIds.comandos = insertLessons(c.comandos.id, 2);
  lessonIds.oculto = insertLessons(c.oculto.id, 1);
  insertLessons(c.quimica.id, 2);

  const master = signed.master.user;
  grantCourse(db, { userId: master.id, courseId: c.comandos.id, source: 'promo' });
  done(master.id, c.eletrica.id, lessonIds.eletrica[0], at(2));
  done(master.id, c.comandos.id, lessonIds.comandos[0], at(3));
});

beforeEach(() => {
  resetAllLimits();
});

async function toastOf(response: Response) {
  const cookie = response.headers.getSetCookie().find((header) => header.startsWith('en_toast='));
  expect(cookie, 'a toast cookie').toBeTruthy();
  return (await readToast(new Request('http://localhost/', { headers: { Cookie: cookie!.split(';')[0] } }))).toast;
}

async function catalogue(who: keyof typeof signed, query = ''): Promise<CatalogueData> {
  const response = await call(catalogueRoute.loader, getRequest(`/courses${query}`, { cookie: signed[who].cookie }));
  expect(response.status).toBe(200);
  return body<CatalogueData>(response);
}

const titles = (data: CatalogueData) => data.courses.map((course) => course.title);

describe('who may open the catalogue', () => {
  test('visitors go to /auth and come back to the catalogue after logging in', async () => {
    expectRedirect(
      await call(catalogueRoute.loader, getRequest('/courses?q=x')),
      `/auth?${new URLSearchParams({ redirectTo: '/courses?q=x' })}`,
    );
  });

  test.each(['basic', 'tool'] as const)(
    '%s users are sent to /dashboard with the "Acesso Restrito" toast, page and form alike',
    async (who) => {
      const page = await call(catalogueRoute.loader, getRequest('/courses', { cookie: signed[who].cookie }));
      expectRedirect(page, '/dashboard');
      expect(await toastOf(page)).toEqual(RESTRICTED_TOAST);

      const post = await call(
        catalogueRoute.action,
        formRequest('/courses?index&dialog=promo', { intent: 'promo', code: 'QUALQUER' }, { cookie: signed[who].cookie }),
      );
      expectRedirect(post, '/dashboard');
      expect(await toastOf(post)).toEqual(RESTRICTED_TOAST);
    },
  );
});

describe('the catalogue as each viewer sees it', () => {
  test('an E-MASTER sees the visible courses only, newest first, each in its access state', async () => {
    const data = await catalogue('master');
    expect(data.isAdmin).toBe(false);
    expect(titles(data)).toEqual([
      'Automação Premium',
      'Comandos Elétricos com Código',
      'Álgebra Linear para Engenheiros',
      'Fundamentos de Elétrica Industrial',
      'Química de Polímeros',
    ]);
    const byTitle = Object.fromEntries(data.courses.map((course) => [course.title, course]));
    expect(byTitle['Automação Premium'].access).toMatchObject({ state: 'premium', hasAccess: false });
    expect(byTitle['Automação Premium'].priceLabel).toBe('R$ 199,90');
    expect(byTitle['Química de Polímeros'].access).toMatchObject({ state: 'promo', hasAccess: false });
    // A code course with the viewer's entitlement in force is open.
    expect(byTitle['Comandos Elétricos com Código'].access).toMatchObject({ state: 'open', hasAccess: true, hasPurchased: false });
    expect(byTitle['Álgebra Linear para Engenheiros'].access).toMatchObject({ state: 'open', hasAccess: true });
    expect(data.courses.every((course) => !course.isHidden)).toBe(true);
    expect(data.total).toBe(5);
  });

  test("progress shows on open courses with lessons only, counting this viewer's lessons", async () => {
    const byTitle = Object.fromEntries((await catalogue('master')).courses.map((course) => [course.title, course]));
    expect(byTitle['Fundamentos de Elétrica Industrial'].progress).toEqual({ done: 1, total: 3 });
    expect(byTitle['Comandos Elétricos com Código'].progress).toEqual({ done: 1, total: 2 });
    expect(byTitle['Álgebra Linear para Engenheiros'].progress).toBeNull();
    // Lessons exist, but the course is closed to this viewer: nothing about its content.
    expect(byTitle['Química de Polímeros'].progress).toBeNull();

    const other = await createUser({ role: 'E-MASTER' });
    const fresh = (
      await call(catalogueRoute.loader, getRequest('/courses', { cookie: await sessionCookie(other) })).then((r) => body<CatalogueData>(r))
    ).courses;
    expect(fresh.find((course) => course.id === c.eletrica.id)!.progress).toEqual({ done: 0, total: 3 });
  });

  test('an admin sees hidden courses too, every one open, and the categories of all of them', async () => {
    const data = await catalogue('admin');
    expect(data.isAdmin).toBe(true);
    expect(titles(data)[0]).toBe('Caldeiras (em produção)');
    expect(data.courses.find((course) => course.id === c.oculto.id)!.isHidden).toBe(true);
    expect(data.courses.every((course) => course.access.state === 'open' && course.access.hasAccess && course.access.isAdmin)).toBe(true);
    expect(data.categories).toEqual(['mechanical', 'electrical', 'informatics', 'chemical', 'other']);
  });

  test('the category tabs come from the courses the viewer may see', async () => {
    // The only mechanical course is hidden: no 'Mecânica' tab for an E-MASTER.
    expect((await catalogue('master')).categories).toEqual(['electrical', 'informatics', 'chemical', 'other']);
  });
});

describe('search, sort, filters and pages are URL state', () => {
  test('the search ignores accents and letter case: "eletrica" finds "Elétrica"', async () => {
    const data = await catalogue('master', '?q=eletrica');
    expect(data.state.q).toBe('eletrica');
    expect(titles(data)).toEqual(['Fundamentos de Elétrica Industrial']);
    expect(titles(await catalogue('master', '?q=ELETRIC'))).toEqual([
      'Comandos Elétricos com Código',
      'Fundamentos de Elétrica Industrial',
    ]);
    expect(titles(await catalogue('master', `?q=${encodeURIComponent('  ÁLGEBRA ')}`))).toEqual(['Álgebra Linear para Engenheiros']);
    expect(titles(await catalogue('master', '?q=50%25'))).toEqual([]);
  });

  test('a hidden course is never found by an E-MASTER, even by its exact title', async () => {
    expect(titles(await catalogue('master', '?q=Caldeiras'))).toEqual([]);
    expect(titles(await catalogue('admin', '?q=Caldeiras'))).toEqual(['Caldeiras (em produção)']);
  });

  test('Nome A-Z orders by the title without accents ("Álgebra" among the A\'s), Nome Z-A the reverse', async () => {
    const ascending = titles(await catalogue('master', '?sort=name-asc'));
    expect(ascending).toEqual([
      'Álgebra Linear para Engenheiros',
      'Automação Premium',
      'Comandos Elétricos com Código',
      'Fundamentos de Elétrica Industrial',
      'Química de Polímeros',
    ]);
    expect(titles(await catalogue('master', '?sort=name-desc'))).toEqual([...ascending].reverse());
    // An unknown order falls back to 'Mais recentes'.
    const fallback = await catalogue('master', '?sort=price');
    expect(fallback.state.sort).toBe('recent');
    expect(titles(fallback)[0]).toBe('Automação Premium');
  });

  test('the level and category filters combine with the search and each other', async () => {
    expect(titles(await catalogue('master', '?level=advanced'))).toEqual(['Automação Premium', 'Álgebra Linear para Engenheiros']);
    expect(titles(await catalogue('master', '?category=electrical'))).toEqual([
      'Comandos Elétricos com Código',
      'Fundamentos de Elétrica Industrial',
    ]);
    expect(titles(await catalogue('master', '?category=electrical&level=beginner'))).toEqual(['Fundamentos de Elétrica Industrial']);
    expect(titles(await catalogue('master', '?category=electrical&q=comandos'))).toEqual(['Comandos Elétricos com Código']);
    const unknown = await catalogue('master', '?level=expert&category=civil');
    expect(unknown.state).toMatchObject({ level: null, category: null });
    expect(unknown.total).toBe(5);
  });

  test('"Desbloqueados com código": the code courses this viewer opened; every code course for an admin', async () => {
    const master = await catalogue('master', '?filter=unlocked');
    expect(master.state.filter).toBe('unlocked');
    expect(titles(master)).toEqual(['Comandos Elétricos com Código']);
    expect(titles(await catalogue('admin', '?filter=unlocked'))).toEqual(['Comandos Elétricos com Código', 'Química de Polímeros']);
    const other = await createUser({ role: 'E-MASTER' });
    const none = await call(catalogueRoute.loader, getRequest('/courses?filter=unlocked', { cookie: await sessionCookie(other) }));
    expect((await body<CatalogueData>(none)).total).toBe(0);
  });

  test('an entitlement that has ended no longer counts as unlocked, and the course is closed again', () => {
    const user = { id: signed.master.user.id, role: 'E-MASTER' as const };
    const query = parseListQuery(new URLSearchParams('filter=unlocked'), courseListQuerySchema);
    const later = new Date(Date.now() + 400 * DAY);
    grantCourse(db, { userId: user.id, courseId: c.quimica.id, source: 'promo', endsAt: new Date(Date.now() + 30 * DAY) });
    try {
      expect(listCatalogue(user, query).items.map((course) => course.id)).toEqual([c.comandos.id, c.quimica.id]);
      const afterwards = listCatalogue(user, query, later);
      expect(afterwards.items.map((course) => course.id)).toEqual([c.comandos.id]);
    } finally {
      db.delete(courseGrants)
        .where(and(eq(courseGrants.userId, user.id), eq(courseGrants.courseId, c.quimica.id)))
        .run();
    }
  });

  test('pages of the list: perPage and page from the URL, a page past the end shows the last one', async () => {
    const second = await catalogue('master', '?perPage=2&page=2');
    expect(second).toMatchObject({ page: 2, pageCount: 3, total: 5 });
    expect(titles(second)).toEqual(['Álgebra Linear para Engenheiros', 'Fundamentos de Elétrica Industrial']);
    const past = await catalogue('master', '?perPage=2&page=99');
    expect(past.page).toBe(3);
    expect(titles(past)).toEqual(['Química de Polímeros']);
    // The default page holds 12 cards (the 1-2-3 column grid).
    expect((await catalogue('master', '?page=abc')).page).toBe(1);
  });

  test('?dialog=promo opens the "Acesso Exclusivo" dialog; any other value opens nothing', async () => {
    expect((await catalogue('master', '?dialog=promo')).dialog).toBe('promo');
    expect((await catalogue('master', '?dialog=rate')).dialog).toBeNull();
    expect((await catalogue('master')).dialog).toBeNull();
  });
});

describe('the "Acesso Exclusivo" dialog', () => {
  let courseCode: number;
  let roleCode: number;
  let hiddenCode: number;

  beforeAll(() => {
    courseCode = db
      .insert(promoCodes)
      .values({ code: 'QUIMICA10', codeKey: foldKey('QUIMICA10'), days: 30, maxUses: 5, promoType: 'course', courseId: c.quimica.id })
      .returning()
      .get().id;
    roleCode = db
      .insert(promoCodes)
      .values({ code: 'CARGO30', codeKey: foldKey('CARGO30'), days: 30, maxUses: 5, targetRole: 'E-MASTER' })
      .returning()
      .get().id;
    hiddenCode = db
      .insert(promoCodes)
      .values({ code: 'CALDEIRA', codeKey: foldKey('CALDEIRA'), days: 30, maxUses: 5, promoType: 'course', courseId: c.oculto.id })
      .returning()
      .get().id;
  });

  const redeem = (cookie: string, fields: Record<string, string>) =>
    call(catalogueRoute.action, formRequest('/courses?index&dialog=promo', { intent: 'promo', ...fields }, { cookie }));

  type Reply = { intent: string; result: { error?: Record<string, string[] | null> } };

  async function refusal(response: Response, status: number, message: string) {
    expect(response.status).toBe(status);
    const reply = await body<Reply>(response.clone());
    expect(reply.intent).toBe('promo');
    expect(reply.result.error?.code).toEqual([message]);
    expect(await toastOf(response)).toEqual({ type: 'error', title: 'Erro ao aplicar código', description: message });
  }

  const usesOf = (promoId: number) => db.select().from(promoUsage).where(eq(promoUsage.promoId, promoId)).all();

  test('a course code (any case, spaces trimmed) opens its course and leads there with the success toast', async () => {
    const user = await createUser({ role: 'E-MASTER' });
    const response = await redeem(await sessionCookie(user), { code: '  quimica10 ' });
    expectRedirect(response, `/courses/${c.quimica.id}`);
    expect(await toastOf(response)).toEqual({
      type: 'success',
      title: 'Código promocional aplicado',
      description: 'Você agora tem acesso ao curso!',
    });

    const grant = db
      .select()
      .from(courseGrants)
      .where(and(eq(courseGrants.userId, user.id), eq(courseGrants.courseId, c.quimica.id)))
      .get();
    expect(grant).toMatchObject({ source: 'promo', active: true });
    expect(usesOf(courseCode).map((use) => use.userId)).toContain(user.id);
    expect(db.select().from(promoCodes).where(eq(promoCodes.id, courseCode)).get()!.usedCount).toBe(1);

    const after = await call(catalogueRoute.loader, getRequest('/courses?filter=unlocked', { cookie: await sessionCookie(user) }));
    const cards = (await body<CatalogueData>(after)).courses;
    expect(cards.map((card) => [card.id, card.access.state])).toEqual([[c.quimica.id, 'open']]);
  });

  test('the same code a second time: "Você já utilizou este código promocional."', async () => {
    const user = await createUser({ role: 'E-MASTER' });
    const cookie = await sessionCookie(user);
    expectRedirect(await redeem(cookie, { code: 'QUIMICA10' }), `/courses/${c.quimica.id}`);
    await refusal(await redeem(cookie, { code: 'QUIMICA10' }), 409, 'Você já utilizou este código promocional.');
  });

  test('an empty code, a short one and an unknown one are refused beside the field', async () => {
    const cookie = signed.master.cookie;
    await refusal(await redeem(cookie, { code: '   ' }), 400, 'Por favor, insira um código promocional.');
    await refusal(await redeem(cookie, { code: 'ab' }), 400, 'O código deve ter pelo menos 3 caracteres');
    await refusal(await redeem(cookie, { code: 'NAOEXISTE' }), 404, 'Código promocional inválido.');
  });

  test('a role code is refused and stays unused (no use, no role change)', async () => {
    const user = await createUser({ role: 'E-MASTER', days: 5 });
    const expiry = getUserById(user.id)!.roleExpiryDate;
    await refusal(await redeem(await sessionCookie(user), { code: 'cargo30' }), 400, 'Este código promocional não é válido para cursos.');
    expect(usesOf(roleCode)).toEqual([]);
    expect(db.select().from(promoCodes).where(eq(promoCodes.id, roleCode)).get()!.usedCount).toBe(0);
    expect(getUserById(user.id)!.roleExpiryDate).toEqual(expiry);
  });

  test('an expired or spent course code says so', async () => {
    const expired = db
      .insert(promoCodes)
      .values({
        code: 'VENCIDO',
        codeKey: 'vencido',
        days: 30,
        maxUses: 5,
        promoType: 'course',
        courseId: c.quimica.id,
        expiryDate: new Date(Date.now() - DAY),
      })
      .returning()
      .get();
    await refusal(await redeem(signed.master.cookie, { code: 'VENCIDO' }), 400, 'Este código promocional expirou.');
    db.insert(promoCodes)
      .values({ code: 'ESGOTADO', codeKey: 'esgotado', days: 30, maxUses: 1, usedCount: 1, promoType: 'course', courseId: c.quimica.id })
      .run();
    await refusal(await redeem(signed.master.cookie, { code: 'ESGOTADO' }), 409, 'Este código promocional atingiu o limite de usos.');
    expect(usesOf(expired.id)).toEqual([]);
  });

  test('a code of a course still hidden is refused as the course is (404) and stays unused; an admin redeems it', async () => {
    const user = await createUser({ role: 'E-MASTER' });
    await refusal(await redeem(await sessionCookie(user), { code: 'CALDEIRA' }), 404, 'Curso não encontrado');
    expect(usesOf(hiddenCode)).toEqual([]);
    // An admin sees hidden courses and lands on the course itself.
    expectRedirect(await redeem(signed.admin.cookie, { code: 'CALDEIRA' }), `/courses/${c.oculto.id}`);
  });

  test('every attempt spends the per-account limit: the eleventh in 15 minutes is refused', async () => {
    const user = await createUser({ role: 'E-MASTER' });
    const cookie = await sessionCookie(user);
    for (let attempt = 0; attempt < 10; attempt++) expect((await redeem(cookie, { code: `ERRADO${attempt}` })).status).toBe(404);
    const blocked = await redeem(cookie, { code: 'QUIMICA10' });
    expect(blocked.status).toBe(429);
    expect(
      db
        .select()
        .from(courseGrants)
        .where(and(eq(courseGrants.userId, user.id), eq(courseGrants.courseId, c.quimica.id)))
        .get(),
    ).toBeUndefined();
  });
});

describe('when the catalogue cannot be read', () => {
  test('the page says "Erro ao carregar cursos" with a "Tentar novamente" link that reloads the same address', async () => {
    const failing = { ...catalogueRoute, loader: () => Promise.reject(new Error('database is locked')) };
    allowConsole('error', /Error: database is locked/); // the server logs what the page does not show
    const serve = documentHandler([
      { id: 'routes/_app+/_layout', parentId: 'root', module: appLayout },
      { id: 'routes/_app+/courses._index', parentId: 'routes/_app+/_layout', path: 'courses', index: true, module: failing },
    ]);
    const response = await serve(getRequest('/courses?q=nr&category=electrical', { cookie: signed.master.cookie }));
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(html).toContain('Erro ao carregar cursos');
    expect(html).toMatch(/<a href="\/courses\?q=nr&amp;category=electrical"[^>]*>Tentar novamente<\/a>/);
    expect(html).not.toContain('database is locked');

    const working = documentHandler([
      { id: 'routes/_app+/_layout', parentId: 'root', module: appLayout },
      { id: 'routes/_app+/courses._index', parentId: 'routes/_app+/_layout', path: 'courses', index: true, module: catalogueRoute },
    ]);
    const page = await (await working(getRequest('/courses?dialog=promo', { cookie: signed.master.cookie }))).text();
    expect(page).toContain('Acesso Exclusivo');
    expect(page).not.toContain('Erro ao carregar cursos');
  });
});

/**
 * Per-user tables are only ever searched through an index; the small courses table may be walked
 * (in index order), and so may json_each: the page's course ids, bound as one JSON array.
 */
function expectIndexed(plans: { sql: string; plan: string[] }[]) {
  for (const { sql, plan } of plans) {
    for (const line of plan) {
      // CONSTANT ROW: the database version's `select total_changes()`, which reads no table.
      if (line.startsWith('SCAN '))
        expect(line, `${sql}\n${plan.join('\n')}`).toMatch(/^SCAN (courses\b|json_each VIRTUAL TABLE|CONSTANT ROW)/);
      if (/\b(lesson_progress|course_grants|lessons)\b/.test(line))
        expect(line, sql).toMatch(/^SEARCH .* USING (COVERING )?INDEX|PRIMARY KEY/);
    }
  }
}

describe('the catalogue kept per database version', () => {
  const master = () => ({ id: signed.master.user.id, role: 'E-MASTER' as const });
  const page = (search = '') => listCatalogue(master(), parseListQuery(new URLSearchParams(search), courseListQuerySchema));

  test("a second view of the same page reads only the viewer's grants and progress", () => {
    page();
    const plans = queryPlans(sqliteConnection(), () => {
      page();
      page();
    });
    // queryPlans opens a fresh connection: the first view there reads the page; the second reads the viewer's part only.
    const second = plans.slice(plans.findLastIndex((p) => p.sql === 'select total_changes()'));
    expect(second.map((p) => p.sql).join('\n')).not.toMatch(/from "courses"|from "lessons"/);
    expect(second.map((p) => p.sql).join('\n')).toContain('"lesson_progress"');
  });

  test('a course edited, hidden or given a lesson shows at once on the next view', () => {
    const before = page();
    const shown = before.items.find((course) => course.id === c.algebra.id)!;
    expect(shown.title).toBe(c.algebra.title);
    db.update(courses).set({ title: 'Álgebra Linear Aplicada' }).where(eq(courses.id, c.algebra.id)).run();
    expect(page().items.find((course) => course.id === c.algebra.id)?.title).toBe('Álgebra Linear Aplicada');
    db.update(courses).set({ title: c.algebra.title }).where(eq(courses.id, c.algebra.id)).run();

    const lessonsBefore = page().items.find((course) => course.id === c.eletrica.id)!.progress!.total;
    const [added] = insertLessons(c.eletrica.id, 1);
    expect(page().items.find((course) => course.id === c.eletrica.id)!.progress!.total).toBe(lessonsBefore + 1);
    db.delete(lessons).where(eq(lessons.id, added)).run();
    expect(page().items.find((course) => course.id === c.eletrica.id)!.progress!.total).toBe(lessonsBefore);

    db.update(courses).set({ isHidden: true }).where(eq(courses.id, c.algebra.id)).run();
    expect(page().items.map((course) => course.id)).not.toContain(c.algebra.id);
    expect(page().total).toBe(before.total - 1);
    db.update(courses).set({ isHidden: false }).where(eq(courses.id, c.algebra.id)).run();
    expect(page().items.map((course) => course.id)).toContain(c.algebra.id);
  });

  test('a write by another process moves the version too', () => {
    const before = page();
    const other = openDatabase(sqliteConnection().name);
    try {
      other.sqlite.prepare('update courses set title = ? where id = ?').run('Química Geral II', c.quimica.id);
      expect(page().items.find((course) => course.id === c.quimica.id)?.title).toBe('Química Geral II');
      other.sqlite.prepare('update courses set title = ? where id = ?').run(c.quimica.title, c.quimica.id);
      expect(page().items.find((course) => course.id === c.quimica.id)?.title).toBe(c.quimica.title);
      expect(page().total).toBe(before.total);
    } finally {
      other.sqlite.close();
    }
  });

  test("each viewer's progress and grants are their own, not the cached page's", () => {
    const masterView = page().items.find((course) => course.id === c.eletrica.id)!;
    const admin = listCatalogue(
      { id: signed.admin.user.id, role: 'admin' },
      parseListQuery(new URLSearchParams(''), courseListQuerySchema),
    ).items.find((course) => course.id === c.eletrica.id)!;
    expect(admin.progress?.total).toBe(masterView.progress?.total);
    expect(admin.progress?.done).toBe(0);
    expect(masterView.progress?.done).toBeGreaterThan(0);
  });
});

describe('the indexes behind the catalogue and the Cursos card', () => {
  test('the catalogue searches course_grants, lessons and lesson_progress by index, whatever the filters', () => {
    const user = { id: signed.master.user.id, role: 'E-MASTER' as const };
    for (const search of ['', 'filter=unlocked', 'q=eletrica&sort=name-asc', 'level=beginner&category=electrical&sort=name-desc']) {
      const plans = queryPlans(sqliteConnection(), () =>
        listCatalogue(user, parseListQuery(new URLSearchParams(search), courseListQuerySchema)),
      );
      const text = plans.map((p) => p.sql).join('\n');
      expect(text).toContain('"course_grants"');
      expect(text).toContain('"lesson_progress"');
      expectIndexed(plans);
      // The page is read in index order, never sorted afterwards.
      const page = plans.find((p) => /limit \?/i.test(p.sql) && p.sql.includes('from "courses"'))!;
      expect(page.plan.join('\n')).not.toContain('TEMP B-TREE FOR ORDER BY');
    }
  });

  test('the Cursos card is one statement, every table searched by index', () => {
    const plans = queryPlans(sqliteConnection(), () => lastCourseWorkedOn({ id: signed.master.user.id, role: 'E-MASTER' }));
    expect(plans).toHaveLength(1);
    expect(plans[0].plan[0]).toMatch(/^SEARCH lesson_progress USING INDEX lesson_progress_user_completed_idx/);
    expect(plans[0].plan.join('\n')).not.toContain('TEMP B-TREE');
    expect(plans[0].plan.filter((line) => line.startsWith('SCAN '))).toEqual([]);
  });
});

describe("the dashboard's Cursos card", () => {
  type Recent = { title: string; done: number; total: number; href: string; finished: boolean } | null;
  const recentOf = async (cookie: string) =>
    (await body<{ recentCourse: Recent }>(await call(dashboardLoader, getRequest('/dashboard', { cookie })))).recentCourse;

  test('an E-MASTER sees the course last worked on, "n de m", and where to continue', async () => {
    expect(await recentOf(signed.master.cookie)).toEqual({
      title: 'Fundamentos de Elétrica Industrial',
      done: 1,
      total: 3,
      href: continueHref(c.eletrica.id, lessonIds.eletrica[1]),
      finished: false,
    });
  });

  test('no progress, or below E-MASTER: the plain card', async () => {
    const fresh = await createUser({ role: 'E-MASTER' });
    expect(await recentOf(await sessionCookie(fresh))).toBeNull();
    // Progress left from when the user was E-MASTER does not show once the role has lapsed.
    done(signed.tool.user.id, c.eletrica.id, lessonIds.eletrica[0], new Date());
    expect(await recentOf(signed.tool.cookie)).toBeNull();
  });

  test('a course the user can no longer open is skipped for the one before it', async () => {
    const user = await createUser({ role: 'E-MASTER' });
    const cookie = await sessionCookie(user);
    grantCourse(db, { userId: user.id, courseId: c.comandos.id, source: 'promo' });
    done(user.id, c.eletrica.id, lessonIds.eletrica[0], new Date(Date.now() - DAY));
    done(user.id, c.comandos.id, lessonIds.comandos[0], new Date());
    expect((await recentOf(cookie))!.title).toBe('Comandos Elétricos com Código');
    db.update(courseGrants).set({ active: false }).where(eq(courseGrants.userId, user.id)).run();
    expect((await recentOf(cookie))!.title).toBe('Fundamentos de Elétrica Industrial');
  });

  test('a finished course offers to go back to it; an admin sees hidden courses too', async () => {
    const user = await createUser({ role: 'E-MASTER' });
    grantCourse(db, { userId: user.id, courseId: c.comandos.id, source: 'promo' });
    lessonIds.comandos.forEach((lessonId, index) => done(user.id, c.comandos.id, lessonId, new Date(Date.now() - index)));
    expect(await recentOf(await sessionCookie(user))).toEqual({
      title: 'Comandos Elétricos com Código',
      done: 2,
      total: 2,
      href: `/courses/${c.comandos.id}`,
      finished: true,
    });

    done(signed.admin.user.id, c.oculto.id, lessonIds.oculto[0], new Date());
    expect(await recentOf(signed.admin.cookie)).toMatchObject({ title: 'Caldeiras (em produção)', done: 1, total: 1, finished: true });
  });
});
