import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { db } from '../../db/client';
import {
  auditLog,
  courseGrants,
  coursePurchases,
  courses,
  lessonProgress,
  lessons,
  materials,
  promoCodes,
  promoUsage,
  type CourseRow,
  type UserRow,
} from '../../db/schema';
import { DAY_MS } from '~/models/accounts/role-arithmetic';
import { COURSE_ACCESS_MESSAGES, grantCourse } from '~/models/courses/access.server';
import * as accessRoute from '~/routes/api+/courses.$id.access';
import * as courseRoute from '~/routes/api+/courses.$id';
import * as grantRoute from '~/routes/api+/courses.$id.grants.$userId';
import * as grantsRoute from '~/routes/api+/courses.$id.grants';
import * as lessonRoute from '~/routes/api+/courses.$id.lessons.$lessonId';
import * as lessonsRoute from '~/routes/api+/courses.$id.lessons';
import * as materialRoute from '~/routes/api+/courses.$id.materials.$materialId';
import * as materialsRoute from '~/routes/api+/courses.$id.materials';
import * as toggleRoute from '~/routes/api+/courses.$id.toggle-visibility';
import * as redeemRoute from '~/routes/api+/courses.$id.use-promo-code';
import * as coursesRoute from '~/routes/api+/courses';
import * as promoUseRoute from '~/routes/api+/promocodes.use';
import { foldKey, sortKey } from '~/utils/fold';
import { resetAllLimits } from '~/utils/rate-limit.server';
import { createUser, sessionCookie } from '../setup/helpers';
import { apiCall, expectAdminOnly, safeJson, signedTiers, type Signed, type Tier } from './helpers/admin-api';

/**
 * The course JSON API (the specification's JSON API, 'Courses'): who may call what (E-MASTER and admin read,
 * admins write), each access state, entitlements from a code, a purchase and an admin, that no
 * lesson, material or video link leaves without access, validation with the specification's Validation rules
 * messages, the course delete's cascade, and the audit row of every admin write.
 */

type CourseView = {
  id: number;
  title: string;
  description: string;
  category: string;
  instructor: string;
  duration: string;
  level: string;
  imageUrl: string | null;
  isHidden: boolean;
  requiresPromoCode: boolean;
  price: string | null;
  priceLabel: string | null;
};
type Access = { state: 'promo' | 'premium' | 'open'; hasAccess: boolean; hasPurchased: boolean; isAdmin: boolean };
type LessonView = {
  id: number;
  courseId: number;
  title: string;
  youtubeUrl: string;
  videoSource: string;
  order: number;
  video: { kind: string; id?: string; embedUrl?: string };
};
type MaterialView = {
  id: number;
  courseId: number;
  lessonId: number | null;
  title: string;
  fileUrl: string;
  fileType: string;
  iconType: string;
  downloadable: boolean;
};

const RESTRICTED = COURSE_ACCESS_MESSAGES.restricted;
const NO_ACCESS = 'Você não tem acesso a este curso';
const NOT_FOUND = 'Curso não encontrado';

let tiers: Record<Tier, Signed>;
let admin: UserRow;
let adminCookie: string;

beforeAll(async () => {
  tiers = await signedTiers();
  admin = tiers.admin.user;
  adminCookie = tiers.admin.cookie;
});

beforeEach(() => {
  resetAllLimits();
});

// ---- calls -----------------------------------------------------------------------------------

type Cookie = string | undefined;
const p = (values: Record<string, number | string>) =>
  Object.fromEntries(Object.entries(values).map(([key, value]) => [key, String(value)]));

const api = {
  list: (cookie: Cookie, query = '') => apiCall(coursesRoute.loader, 'GET', `/api/courses${query}`, { cookie }),
  create: (cookie: Cookie, body: unknown) => apiCall(coursesRoute.action, 'POST', '/api/courses', { cookie, body }),
  get: (cookie: Cookie, id: number | string) => apiCall(courseRoute.loader, 'GET', `/api/courses/${id}`, { cookie, params: p({ id }) }),
  patch: (cookie: Cookie, id: number | string, body: unknown) =>
    apiCall(courseRoute.action, 'PATCH', `/api/courses/${id}`, { cookie, body, params: p({ id }) }),
  remove: (cookie: Cookie, id: number | string) =>
    apiCall(courseRoute.action, 'DELETE', `/api/courses/${id}`, { cookie, params: p({ id }) }),
  toggle: (cookie: Cookie, id: number | string, body?: unknown) =>
    apiCall(toggleRoute.action, 'PATCH', `/api/courses/${id}/toggle-visibility`, { cookie, body, params: p({ id }) }),
  access: (cookie: Cookie, id: number | string) =>
    apiCall(accessRoute.loader, 'GET', `/api/courses/${id}/access`, { cookie, params: p({ id }) }),
  lessons: (cookie: Cookie, id: number | string) =>
    apiCall(lessonsRoute.loader, 'GET', `/api/courses/${id}/lessons`, { cookie, params: p({ id }) }),
  materials: (cookie: Cookie, id: number | string) =>
    apiCall(materialsRoute.loader, 'GET', `/api/courses/${id}/materials`, { cookie, params: p({ id }) }),
  createLesson: (cookie: Cookie, id: number | string, body: unknown) =>
    apiCall(lessonsRoute.action, 'POST', `/api/courses/${id}/lessons`, { cookie, body, params: p({ id }) }),
  updateLesson: (cookie: Cookie, id: number | string, lessonId: number | string, body: unknown) =>
    apiCall(lessonRoute.action, 'PUT', `/api/courses/${id}/lessons/${lessonId}`, { cookie, body, params: p({ id, lessonId }) }),
  deleteLesson: (cookie: Cookie, id: number | string, lessonId: number | string) =>
    apiCall(lessonRoute.action, 'DELETE', `/api/courses/${id}/lessons/${lessonId}`, { cookie, params: p({ id, lessonId }) }),
  createMaterial: (cookie: Cookie, id: number | string, body: unknown) =>
    apiCall(materialsRoute.action, 'POST', `/api/courses/${id}/materials`, { cookie, body, params: p({ id }) }),
  updateMaterial: (cookie: Cookie, id: number | string, materialId: number | string, body: unknown) =>
    apiCall(materialRoute.action, 'PUT', `/api/courses/${id}/materials/${materialId}`, { cookie, body, params: p({ id, materialId }) }),
  deleteMaterial: (cookie: Cookie, id: number | string, materialId: number | string) =>
    apiCall(materialRoute.action, 'DELETE', `/api/courses/${id}/materials/${materialId}`, { cookie, params: p({ id, materialId }) }),
  redeem: (cookie: Cookie, id: number | string, body: unknown) =>
    apiCall(redeemRoute.action, 'POST', `/api/courses/${id}/use-promo-code`, { cookie, body, params: p({ id }) }),
  grant: (cookie: Cookie, id: number | string, body: unknown) =>
    apiCall(grantsRoute.action, 'POST', `/api/courses/${id}/grants`, { cookie, body, params: p({ id }) }),
  revoke: (cookie: Cookie, id: number | string, userId: number | string) =>
    apiCall(grantRoute.action, 'DELETE', `/api/courses/${id}/grants/${userId}`, { cookie, params: p({ id, userId }) }),
};

// ---- fixtures --------------------------------------------------------------------------------

let sequence = 0;
const next = () => ++sequence;

function insertCourse(values: Partial<typeof courses.$inferInsert> = {}): CourseRow {
  const title = values.title ?? `Curso de Ensaio ${next()}`;
  return db
    .insert(courses)
    .values({
      description: 'Um curso completo de engenharia aplicada.',
      category: 'mechanical',
      instructor: 'Eng. Souza',
      duration: '10 horas',
      level: 'beginner',
      ...values,
      title,
      titleKey: sortKey(title),
    })
    .returning()
    .get();
}

/** A course with a lesson (YouTube link), a lesson material and a course material, all with values unique to it. */
function courseWithContent(values: Partial<typeof courses.$inferInsert> = {}) {
  const course = insertCourse(values);
  const n = next();
  const videoId = `Vid${String(n).padStart(8, '0')}`;
  const lesson = db
    .insert(lessons)
    .values({
      courseId: course.id,
      title: `Aula secreta ${n}`,
      description: 'Conteúdo da aula protegida.',
      youtubeUrl: `https://www.youtube.com/watch?v=${videoId}&t=5`,
      order: 1,
    })
    .returning()
    .get();
  const lessonMaterial = db
    .insert(materials)
    .values({
      courseId: course.id,
      lessonId: lesson.id,
      title: `Apostila ${n}`,
      fileUrl: `https://arquivos.example.com/apostila-${n}.pdf`,
      fileType: 'pdf',
    })
    .returning()
    .get();
  const courseMaterial = db
    .insert(materials)
    .values({
      courseId: course.id,
      lessonId: null,
      title: `Planilha ${n}`,
      fileUrl: `https://arquivos.example.com/planilha-${n}.xlsx`,
      fileType: 'xls',
    })
    .returning()
    .get();
  const secrets = [
    lesson.youtubeUrl,
    videoId,
    lesson.title,
    lessonMaterial.fileUrl,
    courseMaterial.fileUrl,
    lessonMaterial.title,
    courseMaterial.title,
  ];
  return { course, lesson, lessonMaterial, courseMaterial, secrets };
}

async function signed(role: 'E-BASIC' | 'E-TOOL' | 'E-MASTER' | 'admin' = 'E-MASTER'): Promise<Signed> {
  const user = await createUser({ role });
  return { user, cookie: await sessionCookie(user) };
}

const insertCode = (values: Partial<typeof promoCodes.$inferInsert> & { code: string }) =>
  db
    .insert(promoCodes)
    .values({ days: 30, maxUses: 10, ...values, codeKey: foldKey(values.code) })
    .returning()
    .get();

const grantsOf = (courseId: number, userId?: number) =>
  db
    .select()
    .from(courseGrants)
    .where(and(eq(courseGrants.courseId, courseId), userId === undefined ? undefined : eq(courseGrants.userId, userId)))
    .all();
const activeGrantsOf = (courseId: number, userId: number) => grantsOf(courseId, userId).filter((grant) => grant.active);
const storedCourse = (id: number) => db.select().from(courses).where(eq(courses.id, id)).get();
const auditRows = (action: string, entityId: number) =>
  db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, entityId)))
    .all();

/** The one audit row of an admin write: by this admin, with their name kept. */
function expectAudited(action: string, entityId: number, summary?: RegExp | string) {
  const rows = auditRows(action, entityId);
  expect(rows, `${action} #${entityId}`).toHaveLength(1);
  expect(rows[0]).toMatchObject({ actorId: admin.id, actorName: admin.username });
  if (summary) expect(rows[0].summary).toMatch(summary);
}

async function expectNoLeak(response: Response, secrets: string[]) {
  const text = await response.text();
  for (const secret of secrets) expect(text, `leaked ${secret}`).not.toContain(secret);
  return text;
}

// ---- who may call ----------------------------------------------------------------------------

describe('who may call the course API', () => {
  test('visitors get 401 on every read and on the code box', async () => {
    const { course } = courseWithContent();
    for (const response of [
      await api.list(undefined),
      await api.get(undefined, course.id),
      await api.access(undefined, course.id),
      await api.lessons(undefined, course.id),
      await api.materials(undefined, course.id),
      await api.redeem(undefined, course.id, { code: 'QUALQUER' }),
    ]) {
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ message: 'Não autenticado' });
    }
  });

  test.each(['E-BASIC', 'E-TOOL'] as const)('%s gets 403 with the Acesso Restrito text everywhere, and no content', async (tier) => {
    const { course, secrets } = courseWithContent();
    const cookie = tiers[tier].cookie;
    for (const response of [
      await api.list(cookie),
      await api.get(cookie, course.id),
      await api.access(cookie, course.id),
      await api.lessons(cookie, course.id),
      await api.materials(cookie, course.id),
      await api.redeem(cookie, course.id, { code: 'QUALQUER' }),
    ]) {
      expect(response.status).toBe(403);
      const text = await expectNoLeak(response, [...secrets, course.title]);
      expect(JSON.parse(text)).toEqual({ message: RESTRICTED });
    }
  });

  test('an E-BASIC user holding a grant is still refused (courses are for E-MASTER)', async () => {
    const { course, secrets } = courseWithContent({ requiresPromoCode: true });
    const user = await signed('E-BASIC');
    db.transaction((tx) => grantCourse(tx, { userId: user.user.id, courseId: course.id, source: 'admin' }));
    const response = await api.lessons(user.cookie, course.id);
    expect(response.status).toBe(403);
    await expectNoLeak(response, secrets);
  });

  test('methods a path does not have answer 405', async () => {
    const { course } = courseWithContent();
    const response = await apiCall(courseRoute.action, 'POST', `/api/courses/${course.id}`, {
      cookie: adminCookie,
      body: {},
      params: p({ id: course.id }),
    });
    expect(response.status).toBe(405);
  });
});

// ---- reads -----------------------------------------------------------------------------------

describe('GET /api/courses', () => {
  test('lists visible courses newest first with X-Total-Count; hidden ones only for admins', async () => {
    const tag = `Listagem${next()}`;
    const older = insertCourse({ title: `${tag} Elétrica Básica`, createdAt: new Date(Date.now() - 60_000) });
    const hidden = insertCourse({ title: `${tag} Oculto`, isHidden: true });
    const newer = insertCourse({ title: `${tag} Mecânica`, createdAt: new Date(Date.now() + 60_000) });

    const asMaster = await api.list(tiers['E-MASTER'].cookie, `?q=${tag}`);
    expect(asMaster.status).toBe(200);
    expect(asMaster.headers.get('X-Total-Count')).toBe('2');
    const masterList = await safeJson<CourseView[]>(asMaster);
    expect(masterList.map((course) => course.id)).toEqual([newer.id, older.id]);

    const asAdmin = await api.list(adminCookie, `?q=${tag}`);
    expect(asAdmin.headers.get('X-Total-Count')).toBe('3');
    const adminList = await safeJson<CourseView[]>(asAdmin);
    expect(adminList.map((course) => course.id)).toEqual([newer.id, hidden.id, older.id]);
    expect(adminList.find((course) => course.id === hidden.id)).toMatchObject({ isHidden: true });
  });

  test('pages with ?page= and ?perPage=, searches titles without accents, and refuses bad parameters with 400', async () => {
    const tag = `Paginacao${next()}`;
    for (let index = 0; index < 3; index += 1)
      insertCourse({ title: `${tag} Curso ${index}`, createdAt: new Date(Date.now() + index * 1000) });
    const second = await api.list(tiers['E-MASTER'].cookie, `?q=${tag}&perPage=2&page=2`);
    expect(second.headers.get('X-Total-Count')).toBe('3');
    expect(second.headers.get('X-Page')).toBe('2');
    expect(second.headers.get('X-Page-Count')).toBe('2');
    expect(await safeJson<CourseView[]>(second)).toHaveLength(1);

    const accentless = insertCourse({ title: `${tag} Elétrica Industrial` });
    const found = await safeJson<CourseView[]>(await api.list(tiers['E-MASTER'].cookie, `?q=${tag.toLowerCase()} eletrica`));
    expect(found.map((course) => course.id)).toEqual([accentless.id]);

    const bad = await api.list(tiers['E-MASTER'].cookie, '?perPage=500');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: 'No máximo 100 itens por página' });
  });
});

describe('GET /api/courses/{id}', () => {
  test('answers { course } with the specified fields and the price in reais, and nothing of its content', async () => {
    const { course, secrets } = courseWithContent({
      priceCents: 19_990,
      requiresPromoCode: false,
      imageUrl: 'https://img.example.com/c.png',
    });
    const response = await api.get(tiers['E-MASTER'].cookie, course.id);
    expect(response.status).toBe(200);
    const text = await expectNoLeak(response, secrets);
    expect(JSON.parse(text)).toEqual({
      course: {
        id: course.id,
        title: course.title,
        description: course.description,
        category: 'mechanical',
        instructor: 'Eng. Souza',
        duration: '10 horas',
        level: 'beginner',
        imageUrl: 'https://img.example.com/c.png',
        isHidden: false,
        requiresPromoCode: false,
        price: '199.90',
        priceLabel: 'R$ 199,90',
        createdAt: course.createdAt.toISOString(),
        createdBy: null,
      },
    });
  });

  test('a hidden course is a 404 for E-MASTER on every read (the same as a missing one), and fully there for an admin', async () => {
    const { course, secrets } = courseWithContent({ isHidden: true });
    const master = tiers['E-MASTER'].cookie;
    for (const response of [
      await api.get(master, course.id),
      await api.access(master, course.id),
      await api.lessons(master, course.id),
      await api.materials(master, course.id),
    ]) {
      expect(response.status).toBe(404);
      const text = await expectNoLeak(response, [...secrets, course.title]);
      expect(JSON.parse(text)).toEqual({ message: NOT_FOUND });
    }
    expect((await api.get(adminCookie, course.id)).status).toBe(200);
    expect(await safeJson<Access>(await api.access(adminCookie, course.id))).toEqual({
      state: 'open',
      hasAccess: true,
      hasPurchased: false,
      isAdmin: true,
    });
    expect(await safeJson<LessonView[]>(await api.lessons(adminCookie, course.id))).toHaveLength(1);
  });

  test('unknown and malformed ids are 404 on every path', async () => {
    for (const id of [987_654, 'abc', '0x1', '-3']) {
      for (const response of [
        await api.get(adminCookie, id),
        await api.access(adminCookie, id),
        await api.lessons(adminCookie, id),
        await api.materials(adminCookie, id),
        await api.patch(adminCookie, id, { title: 'Outro título' }),
        await api.remove(adminCookie, id),
        await api.toggle(adminCookie, id),
        await api.createLesson(adminCookie, id, { title: 'Aula nova', description: 'Uma descrição válida.', youtubeUrl: 'dQw4w9WgXcQ' }),
        await api.createMaterial(adminCookie, id, { title: 'Material', fileUrl: 'https://example.com/a.pdf', fileType: 'pdf' }),
        await api.grant(adminCookie, id, { userId: tiers['E-MASTER'].user.id }),
      ]) {
        expect(response.status, String(id)).toBe(404);
        expect(await response.json()).toEqual({ message: NOT_FOUND });
      }
    }
  });
});

// ---- access states -----------------------------------------------------------------------------

describe('access states for E-MASTER', () => {
  test('an open course (no code, no price): open, lessons by order with their embeds, and every material', async () => {
    const { course, lesson, lessonMaterial, courseMaterial } = courseWithContent();
    const later = db
      .insert(lessons)
      .values({
        courseId: course.id,
        title: 'Segunda aula',
        description: 'Mais conteúdo da aula.',
        youtubeUrl: '1A2b3C4d5E6f7G8h9I0j',
        videoSource: 'drive',
        order: 2,
      })
      .returning()
      .get();
    const { cookie } = await signed();
    expect(await safeJson<Access>(await api.access(cookie, course.id))).toEqual({
      state: 'open',
      hasAccess: true,
      hasPurchased: false,
      isAdmin: false,
    });

    const list = await safeJson<LessonView[]>(await api.lessons(cookie, course.id));
    expect(list.map((item) => item.id)).toEqual([lesson.id, later.id]);
    expect(list[0]).toMatchObject({
      youtubeUrl: lesson.youtubeUrl,
      video: { kind: 'youtube', embedUrl: expect.stringMatching(/^https:\/\/www\.youtube-nocookie\.com\/embed\/Vid\d{8}$/) },
    });
    expect(list[1].video).toEqual({
      kind: 'drive',
      id: '1A2b3C4d5E6f7G8h9I0j',
      embedUrl: 'https://drive.google.com/file/d/1A2b3C4d5E6f7G8h9I0j/preview',
    });

    const files = await safeJson<MaterialView[]>(await api.materials(cookie, course.id));
    expect(files.map((item) => item.id).sort()).toEqual([lessonMaterial.id, courseMaterial.id].sort());
    expect(files.find((item) => item.id === courseMaterial.id)).toMatchObject({ lessonId: null, fileUrl: courseMaterial.fileUrl });
  });

  test('a promo-code course: state promo, 403 on content without any of it; a code of this course opens it', async () => {
    const { course, lesson, secrets } = courseWithContent({ requiresPromoCode: true });
    const code = `CURSO${next()}`;
    const promo = insertCode({ code, promoType: 'course', courseId: course.id, maxUses: 5 });
    const { user, cookie } = await signed();

    expect(await safeJson<Access>(await api.access(cookie, course.id))).toEqual({
      state: 'promo',
      hasAccess: false,
      hasPurchased: false,
      isAdmin: false,
    });
    for (const response of [
      await api.lessons(cookie, course.id),
      await api.materials(cookie, course.id),
      await api.get(cookie, course.id),
      await api.list(cookie),
    ]) {
      const text = await expectNoLeak(response, secrets);
      if (response.status === 403) expect(JSON.parse(text)).toEqual({ message: NO_ACCESS });
      else expect(response.status).toBe(200);
    }
    expect((await api.lessons(cookie, course.id)).status).toBe(403);
    expect((await api.materials(cookie, course.id)).status).toBe(403);

    const redeemed = await api.redeem(cookie, course.id, { code: ` ${code.toLowerCase()} ` });
    expect(redeemed.status).toBe(200);
    expect(await safeJson(redeemed)).toEqual({
      message: 'Você agora tem acesso ao curso!',
      access: { state: 'open', hasAccess: true, hasPurchased: false, isAdmin: false },
    });
    expect(await safeJson<Access>(await api.access(cookie, course.id))).toMatchObject({ state: 'open', hasAccess: true });
    const list = await safeJson<LessonView[]>(await api.lessons(cookie, course.id));
    expect(list.map((item) => item.youtubeUrl)).toEqual([lesson.youtubeUrl]);

    const grants = activeGrantsOf(course.id, user.id);
    expect(grants).toHaveLength(1);
    const usage = db.select().from(promoUsage).where(eq(promoUsage.promoId, promo.id)).get()!;
    expect(grants[0]).toMatchObject({ source: 'promo', sourceId: usage.id, endsAt: null });
  });

  test('a premium course: state premium and 403; a purchase record with its grant opens it with hasPurchased', async () => {
    const { course, lesson, secrets } = courseWithContent({ priceCents: 4_990 });
    const { user, cookie } = await signed();
    expect(await safeJson<Access>(await api.access(cookie, course.id))).toEqual({
      state: 'premium',
      hasAccess: false,
      hasPurchased: false,
      isAdmin: false,
    });
    const refused = await api.lessons(cookie, course.id);
    expect(refused.status).toBe(403);
    await expectNoLeak(refused, secrets);
    await expectNoLeak(await api.materials(cookie, course.id), secrets);

    // What the payments issue does on a paid intent: the purchase record and its grant, in one transaction.
    db.transaction((tx) => {
      const purchase = tx
        .insert(coursePurchases)
        .values({ userId: user.id, courseId: course.id, stripePaymentId: `pi_test_${next()}`, purchasedAt: new Date(), priceCents: 4_990 })
        .returning()
        .get();
      grantCourse(tx, { userId: user.id, courseId: course.id, source: 'purchase', sourceId: purchase.id });
    });
    expect(await safeJson<Access>(await api.access(cookie, course.id))).toEqual({
      state: 'open',
      hasAccess: true,
      hasPurchased: true,
      isAdmin: false,
    });
    expect((await safeJson<LessonView[]>(await api.lessons(cookie, course.id)))[0].id).toBe(lesson.id);
  });

  test('an admin grant opens a premium course (not as a purchase); revoking it closes the course again', async () => {
    const { course, secrets } = courseWithContent({ priceCents: 9_900 });
    const { user, cookie } = await signed();
    const granted = await api.grant(adminCookie, course.id, { userId: user.id });
    expect(granted.status).toBe(201);
    expect(await safeJson(granted)).toMatchObject({ grant: { userId: user.id, courseId: course.id, source: 'admin', endsAt: null } });
    expect(await safeJson<Access>(await api.access(cookie, course.id))).toEqual({
      state: 'open',
      hasAccess: true,
      hasPurchased: false,
      isAdmin: false,
    });
    expect((await api.materials(cookie, course.id)).status).toBe(200);

    const revoked = await api.revoke(adminCookie, course.id, user.id);
    expect(revoked.status).toBe(200);
    expect(await revoked.json()).toEqual({ message: 'Acesso revogado' });
    expect(await safeJson<Access>(await api.access(cookie, course.id))).toMatchObject({ state: 'premium', hasAccess: false });
    await expectNoLeak(await api.lessons(cookie, course.id), secrets);
    expect(activeGrantsOf(course.id, user.id)).toHaveLength(0);
  });

  test('admins always have the full view: promo, premium, code-and-price and hidden courses', async () => {
    for (const values of [
      { requiresPromoCode: true },
      { priceCents: 1_000 },
      { requiresPromoCode: true, priceCents: 2_000 },
      { isHidden: true, requiresPromoCode: true },
    ]) {
      const { course, lesson } = courseWithContent(values);
      expect(await safeJson<Access>(await api.access(adminCookie, course.id))).toEqual({
        state: 'open',
        hasAccess: true,
        hasPurchased: false,
        isAdmin: true,
      });
      expect((await safeJson<LessonView[]>(await api.lessons(adminCookie, course.id)))[0].youtubeUrl).toBe(lesson.youtubeUrl);
      expect(await safeJson<MaterialView[]>(await api.materials(adminCookie, course.id))).toHaveLength(2);
    }
  });

  test('a grant whose end has passed gives nothing: the course asks for its code again', async () => {
    const { course, secrets } = courseWithContent({ requiresPromoCode: true });
    const { user, cookie } = await signed();
    const twoDaysAgo = new Date(Date.now() - 2 * DAY_MS);
    db.transaction((tx) =>
      grantCourse(tx, { userId: user.id, courseId: course.id, source: 'promo', endsAt: new Date(Date.now() - DAY_MS) }, twoDaysAgo),
    );
    expect(await safeJson<Access>(await api.access(cookie, course.id))).toMatchObject({ state: 'promo', hasAccess: false });
    await expectNoLeak(await api.lessons(cookie, course.id), secrets);
    // An admin cannot revoke what is no longer in force.
    expect((await api.revoke(adminCookie, course.id, user.id)).status).toBe(404);
  });

  test('a grant with a future end opens the course until then', async () => {
    const { course } = courseWithContent({ requiresPromoCode: true });
    const { user, cookie } = await signed();
    const response = await api.grant(adminCookie, course.id, { userId: user.id, endsAt: '2099-12-31' });
    expect(response.status).toBe(201);
    expect(await safeJson(response)).toMatchObject({ grant: { endsAt: '2100-01-01T02:59:59.999Z' } });
    expect(await safeJson<Access>(await api.access(cookie, course.id))).toMatchObject({ hasAccess: true });
  });
});

// ---- entitlements ------------------------------------------------------------------------------

describe('entitlements: one active grant per user and course', () => {
  const grant = (
    userId: number,
    courseId: number,
    source: 'promo' | 'purchase' | 'admin',
    endsAt: Date | null = null,
    sourceId: number | null = null,
  ) => db.transaction((tx) => grantCourse(tx, { userId, courseId, source, endsAt, sourceId }));

  test('a purchase after a code grant in force replaces it, so hasPurchased is true', async () => {
    const course = insertCourse({ requiresPromoCode: true, priceCents: 5_000 });
    const { user, cookie } = await signed();
    grant(user.id, course.id, 'promo');
    expect(await safeJson<Access>(await api.access(cookie, course.id))).toMatchObject({ hasAccess: true, hasPurchased: false });
    grant(user.id, course.id, 'purchase', null, 77);
    expect(await safeJson<Access>(await api.access(cookie, course.id))).toMatchObject({ hasAccess: true, hasPurchased: true });
    expect(activeGrantsOf(course.id, user.id)).toMatchObject([{ source: 'purchase', sourceId: 77, endsAt: null }]);
    expect(grantsOf(course.id, user.id)).toHaveLength(2);
  });

  test('a purchase replacing a longer code grant keeps the later end', async () => {
    const course = insertCourse({ priceCents: 5_000 });
    const { user } = await signed();
    const inTenDays = new Date(Date.now() + 10 * DAY_MS);
    grant(user.id, course.id, 'promo');
    grant(user.id, course.id, 'purchase', inTenDays);
    expect(activeGrantsOf(course.id, user.id)).toMatchObject([{ source: 'purchase', endsAt: null }]);
  });

  test('a purchase for good is not replaced by a 30-day code; a shorter code grant is not replaced by a shorter one', async () => {
    const course = insertCourse({ priceCents: 5_000 });
    const { user, cookie } = await signed();
    const kept = grant(user.id, course.id, 'purchase');
    expect(grant(user.id, course.id, 'promo', new Date(Date.now() + 30 * DAY_MS)).id).toBe(kept.id);
    expect(await safeJson<Access>(await api.access(cookie, course.id))).toMatchObject({ hasPurchased: true });

    const other = insertCourse({ requiresPromoCode: true });
    const long = grant(user.id, other.id, 'promo', new Date(Date.now() + 30 * DAY_MS));
    expect(grant(user.id, other.id, 'admin', new Date(Date.now() + 5 * DAY_MS)).id).toBe(long.id);
    expect(grantsOf(other.id, user.id)).toHaveLength(1);
  });

  test('a longer grant replaces a shorter one; a purchase lengthened by an admin still counts as a purchase', async () => {
    const course = insertCourse({ priceCents: 5_000 });
    const { user, cookie } = await signed();
    grant(user.id, course.id, 'purchase', new Date(Date.now() + 10 * DAY_MS), 5);
    const lengthened = await api.grant(adminCookie, course.id, { userId: user.id });
    expect(await safeJson(lengthened)).toMatchObject({ grant: { source: 'purchase', endsAt: null } });
    expect(await safeJson<Access>(await api.access(cookie, course.id))).toMatchObject({ hasAccess: true, hasPurchased: true });
    expect(activeGrantsOf(course.id, user.id)).toHaveLength(1);
  });

  test('the database itself holds one active grant per user and course', async () => {
    const course = insertCourse();
    const { user } = await signed();
    grant(user.id, course.id, 'admin');
    expect(() =>
      db.insert(courseGrants).values({ userId: user.id, courseId: course.id, source: 'admin', startsAt: new Date(), active: true }).run(),
    ).toThrow(/UNIQUE/);
  });
});

// ---- course codes ------------------------------------------------------------------------------

describe('POST /api/courses/{id}/use-promo-code', () => {
  test('an empty code, an unknown code, a code of another course and a role code are refused with their messages, granting nothing', async () => {
    const course = insertCourse({ requiresPromoCode: true });
    const other = insertCourse({ requiresPromoCode: true });
    const otherCode = insertCode({ code: `OUTRO${next()}`, promoType: 'course', courseId: other.id });
    const roleCode = insertCode({ code: `CARGO${next()}`, promoType: 'role', targetRole: 'E-MASTER' });
    const { user, cookie } = await signed();
    const cases: [unknown, number, string][] = [
      [{ code: '   ' }, 400, 'Por favor, insira um código promocional.'],
      [{}, 400, 'Por favor, insira um código promocional.'],
      [{ code: 'NAOEXISTE' }, 404, 'Código promocional inválido.'],
      [{ code: otherCode.code }, 400, 'Este código promocional não é válido para este curso.'],
      [{ code: roleCode.code }, 400, 'Este código promocional não é válido para este curso.'],
    ];
    for (const [body, status, message] of cases) {
      const response = await api.redeem(cookie, course.id, body);
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect(await response.json()).toEqual({ message });
    }
    expect(grantsOf(course.id, user.id)).toHaveLength(0);
    expect(grantsOf(other.id, user.id)).toHaveLength(0);
    expect(db.select().from(promoCodes).where(eq(promoCodes.id, otherCode.id)).get()!.usedCount).toBe(0);
    expect(db.select().from(promoCodes).where(eq(promoCodes.id, roleCode.id)).get()!.usedCount).toBe(0);
  });

  test('an expired code, a code whose access period is over, an inactive code and an exhausted one are refused', async () => {
    const course = insertCourse({ requiresPromoCode: true });
    const { user, cookie } = await signed();
    const cases: [Partial<typeof promoCodes.$inferInsert>, number, string][] = [
      [{ expiryDate: new Date(Date.now() - 1000) }, 400, 'Este código promocional expirou.'],
      [{ validUntil: new Date(Date.now() - 1000) }, 400, 'Este código promocional expirou.'],
      [{ isActive: false }, 400, 'Este código promocional não está mais ativo.'],
      [{ maxUses: 1, usedCount: 1 }, 409, 'Este código promocional atingiu o limite de usos.'],
    ];
    for (const [values, status, message] of cases) {
      const promo = insertCode({ code: `REC${next()}`, promoType: 'course', courseId: course.id, ...values });
      const response = await api.redeem(cookie, course.id, { code: promo.code });
      expect(response.status, JSON.stringify(values)).toBe(status);
      expect(await response.json()).toEqual({ message });
    }
    expect(grantsOf(course.id, user.id)).toHaveLength(0);
  });

  test("a code's validUntil becomes the grant's end", async () => {
    const course = insertCourse({ requiresPromoCode: true });
    const validUntil = new Date(Date.now() + 7 * DAY_MS);
    const promo = insertCode({ code: `PRAZO${next()}`, promoType: 'course', courseId: course.id, validUntil });
    const { user, cookie } = await signed();
    expect((await api.redeem(cookie, course.id, { code: promo.code })).status).toBe(200);
    expect(activeGrantsOf(course.id, user.id)[0].endsAt?.getTime()).toBe(validUntil.getTime());
  });

  test('a hidden course answers 404 and does not spend the code', async () => {
    const course = insertCourse({ requiresPromoCode: true, isHidden: true });
    const promo = insertCode({ code: `OCULTO${next()}`, promoType: 'course', courseId: course.id });
    const { cookie } = await signed();
    const response = await api.redeem(cookie, course.id, { code: promo.code });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: NOT_FOUND });
    expect(db.select().from(promoCodes).where(eq(promoCodes.id, promo.id)).get()!.usedCount).toBe(0);
  });

  test('the same user cannot use a code twice', async () => {
    const course = insertCourse({ requiresPromoCode: true });
    const promo = insertCode({ code: `DUAS${next()}`, promoType: 'course', courseId: course.id });
    const { cookie } = await signed();
    expect((await api.redeem(cookie, course.id, { code: promo.code })).status).toBe(200);
    const again = await api.redeem(cookie, course.id, { code: promo.code });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: 'Você já utilizou este código promocional.' });
  });

  test('maxUses holds under concurrent redemption: 8 users at once on a code of 2 uses → exactly 2 grants', async () => {
    const course = insertCourse({ requiresPromoCode: true });
    const promo = insertCode({ code: `CORRIDA${next()}`, promoType: 'course', courseId: course.id, maxUses: 2 });
    const racers = await Promise.all(Array.from({ length: 8 }, () => signed()));
    const responses = await Promise.all(racers.map(({ cookie }) => api.redeem(cookie, course.id, { code: promo.code })));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(2);
    expect(statuses.filter((status) => status === 409)).toHaveLength(6);

    expect(db.select().from(promoCodes).where(eq(promoCodes.id, promo.id)).get()!.usedCount).toBe(2);
    const grants = grantsOf(course.id);
    expect(grants).toHaveLength(2);
    const usages = db.select().from(promoUsage).where(eq(promoUsage.promoId, promo.id)).all();
    expect(grants.map((grant) => grant.userId).sort()).toEqual(usages.map((usage) => usage.userId).sort());
    const accesses = await Promise.all(
      racers.map(async ({ cookie }) => (await safeJson<Access>(await api.access(cookie, course.id))).hasAccess),
    );
    expect(accesses.filter(Boolean)).toHaveLength(2);
  });

  test('attempts spend the account promo limit: the 11th within the window answers 429', async () => {
    const course = insertCourse({ requiresPromoCode: true });
    const { cookie } = await signed();
    for (let attempt = 1; attempt <= 10; attempt += 1)
      expect((await api.redeem(cookie, course.id, { code: `CHUTE${attempt}` })).status).toBe(404);
    const blocked = await api.redeem(cookie, course.id, { code: 'CHUTE11' });
    expect(blocked.status).toBe(429);
    expect((await blocked.json()).message).toMatch(/^Muitas tentativas/);
  });

  test('a course code redeemed through /api/promocodes/use writes the same grant', async () => {
    const { course } = courseWithContent({ requiresPromoCode: true });
    const promo = insertCode({ code: `GERAL${next()}`, promoType: 'course', courseId: course.id });
    const { user, cookie } = await signed();
    const response = await apiCall(promoUseRoute.action, 'POST', '/api/promocodes/use', {
      cookie,
      body: { code: promo.code, courseId: course.id },
    });
    expect(response.status).toBe(200);
    expect(activeGrantsOf(course.id, user.id)).toMatchObject([{ source: 'promo' }]);
    expect((await api.lessons(cookie, course.id)).status).toBe(200);
  });
});

// ---- admin writes ------------------------------------------------------------------------------

const VALID_COURSE = {
  title: 'Resistência dos Materiais',
  description: 'Tensões, deformações e flambagem.',
  category: 'mechanical',
  instructor: 'Eng. Pereira',
  duration: '20 horas',
  level: 'intermediate',
};
const VALID_LESSON = {
  title: 'Introdução',
  description: 'O que veremos no curso.',
  youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ',
  videoSource: 'youtube',
};
const VALID_MATERIAL = {
  title: 'Apostila',
  fileUrl: 'https://arquivos.example.com/apostila.pdf',
  fileType: 'pdf',
  iconType: 'file',
  downloadable: true,
};

describe('every write is admin-only and changes nothing otherwise', () => {
  test('401 for visitors and 403 Acesso negado for E-BASIC, E-TOOL and E-MASTER on all twelve writes', async () => {
    const { course, lesson, lessonMaterial } = courseWithContent();
    const target = await signed();
    db.transaction((tx) => grantCourse(tx, { userId: target.user.id, courseId: course.id, source: 'admin' }));
    const auditBefore = db.select().from(auditLog).all().length;
    const writes: ((cookie?: string) => Promise<Response>)[] = [
      (cookie) => api.create(cookie, VALID_COURSE),
      (cookie) => api.patch(cookie, course.id, { title: 'Título trocado' }),
      (cookie) => api.remove(cookie, course.id),
      (cookie) => api.toggle(cookie, course.id),
      (cookie) => api.createLesson(cookie, course.id, VALID_LESSON),
      (cookie) => api.updateLesson(cookie, course.id, lesson.id, { ...VALID_LESSON, title: 'Trocada' }),
      (cookie) => api.deleteLesson(cookie, course.id, lesson.id),
      (cookie) => api.createMaterial(cookie, course.id, VALID_MATERIAL),
      (cookie) => api.updateMaterial(cookie, course.id, lessonMaterial.id, { ...VALID_MATERIAL, title: 'Trocado' }),
      (cookie) => api.deleteMaterial(cookie, course.id, lessonMaterial.id),
      (cookie) => api.grant(cookie, course.id, { userId: tiers['E-MASTER'].user.id }),
      (cookie) => api.revoke(cookie, course.id, target.user.id),
    ];
    for (const write of writes) await expectAdminOnly(tiers, write);

    expect(storedCourse(course.id)).toMatchObject({ title: course.title, isHidden: false });
    expect(db.select().from(lessons).where(eq(lessons.courseId, course.id)).all()).toMatchObject([{ id: lesson.id, title: lesson.title }]);
    expect(db.select().from(materials).where(eq(materials.courseId, course.id)).all()).toHaveLength(2);
    expect(db.select().from(materials).where(eq(materials.id, lessonMaterial.id)).get()!.title).toBe(lessonMaterial.title);
    expect(activeGrantsOf(course.id, target.user.id)).toHaveLength(1);
    expect(activeGrantsOf(course.id, tiers['E-MASTER'].user.id)).toHaveLength(0);
    expect(db.select().from(courses).where(eq(courses.title, VALID_COURSE.title)).all()).toHaveLength(0);
    expect(db.select().from(auditLog).all()).toHaveLength(auditBefore);
  });
});

describe('POST /api/courses, PATCH and DELETE /api/courses/{id}', () => {
  test('creates a course (201 { course }) with the defaults, the price in reais, and an audit row', async () => {
    const response = await api.create(adminCookie, {
      ...VALID_COURSE,
      title: '  Álgebra Linear  ',
      price: '199,90',
      requiresPromoCode: true,
    });
    expect(response.status).toBe(201);
    const { course } = await safeJson<{ course: CourseView & { createdBy: number } }>(response);
    expect(course).toMatchObject({
      title: 'Álgebra Linear',
      isHidden: false,
      requiresPromoCode: true,
      imageUrl: null,
      price: '199.90',
      priceLabel: 'R$ 199,90',
      createdBy: admin.id,
    });
    expect(storedCourse(course.id)).toMatchObject({ titleKey: 'algebra linear', priceCents: 19_990 });
    expectAudited('course.create', course.id, /Álgebra Linear/);

    const asNumber = await safeJson<{ course: CourseView }>(await api.create(adminCookie, { ...VALID_COURSE, price: 49.9 }));
    expect(asNumber.course.price).toBe('49.90');
    const free = await safeJson<{ course: CourseView }>(await api.create(adminCookie, { ...VALID_COURSE, price: null }));
    expect(free.course.price).toBeNull();
  });

  test.each([
    ['a short title', { title: 'ab' }, 'O título deve ter pelo menos 3 caracteres'],
    ['a missing title', { title: undefined }, 'O título deve ter pelo menos 3 caracteres'],
    ['a short description', { description: 'curta' }, 'A descrição deve ter pelo menos 10 caracteres'],
    ['an unknown category', { category: 'civil' }, 'Categoria inválida'],
    ['a short instructor', { instructor: 'Jo' }, 'O instrutor deve ter pelo menos 3 caracteres'],
    ['an empty duration', { duration: '  ' }, 'A duração é obrigatória'],
    ['an unknown level', { level: 'expert' }, 'Nível inválido'],
    ['a script image URL', { imageUrl: 'javascript:alert(1)' }, 'A imagem deve ser uma URL http:// ou https:// válida.'],
    ['a zero price', { price: 0 }, 'O preço deve ser maior que zero'],
    ['a negative price', { price: -10 }, 'O preço deve ser maior que zero'],
    ['a price that is not a number', { price: 'grátis' }, 'O preço deve ser maior que zero'],
    ['a title of the wrong type', { title: 42 }, 'O título deve ter pelo menos 3 caracteres'],
  ])('POST refuses %s with 400 and its message, writing nothing', async (_case, overrides, message) => {
    const title = `Recusado ${next()}`;
    const auditBefore = db.select().from(auditLog).all().length;
    const response = await api.create(adminCookie, { ...VALID_COURSE, title, ...overrides });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message });
    expect(db.select().from(courses).where(eq(courses.title, title)).get()).toBeUndefined();
    expect(db.select().from(auditLog).all()).toHaveLength(auditBefore);
  });

  test('a body that is not a JSON object is a 400, never a 500', async () => {
    for (const [body, message] of [
      ['{not json', 'JSON inválido no corpo da requisição.'],
      ['[1,2]', 'O corpo da requisição deve ser um objeto JSON.'],
      ['"texto"', 'O corpo da requisição deve ser um objeto JSON.'],
    ] as const) {
      const response = await api.create(adminCookie, body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message });
    }
  });

  test('PATCH changes only the given fields, keeps the sort key in step, clears the price with null, and is audited', async () => {
    const course = insertCourse({ title: 'Hidráulica', priceCents: 10_000 });
    const response = await api.patch(adminCookie, course.id, { title: 'Élétrica Predial', level: 'advanced', price: null });
    expect(response.status).toBe(200);
    const { course: updated } = await safeJson<{ course: CourseView }>(response);
    expect(updated).toMatchObject({
      title: 'Élétrica Predial',
      level: 'advanced',
      price: null,
      description: course.description,
      requiresPromoCode: false,
    });
    expect(storedCourse(course.id)).toMatchObject({ titleKey: 'eletrica predial', priceCents: null });
    expectAudited('course.update', course.id, /title: Hidráulica → Élétrica Predial.*level: beginner → advanced.*priceCents: 10000 → —/);

    const invalid = await api.patch(adminCookie, course.id, { title: 'ok', level: 'beginner' });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual({ message: 'O título deve ter pelo menos 3 caracteres' });
    expect(storedCourse(course.id)).toMatchObject({ title: 'Élétrica Predial', level: 'advanced' });

    // Nothing to change: answered, not audited again.
    expect((await api.patch(adminCookie, course.id, {})).status).toBe(200);
    expect(auditRows('course.update', course.id)).toHaveLength(1);
  });

  test('PATCH /toggle-visibility flips without a body, sets with { isHidden }, refuses a non-boolean, and audits each change', async () => {
    const course = insertCourse();
    const flipped = await safeJson<{ course: CourseView }>(await api.toggle(adminCookie, course.id));
    expect(flipped.course.isHidden).toBe(true);
    expect((await api.get(tiers['E-MASTER'].cookie, course.id)).status).toBe(404);
    const set = await safeJson<{ course: CourseView }>(await api.toggle(adminCookie, course.id, { isHidden: false }));
    expect(set.course.isHidden).toBe(false);
    expect((await api.get(tiers['E-MASTER'].cookie, course.id)).status).toBe(200);
    expect(auditRows('course.visibility', course.id).map((row) => row.summary)).toEqual([
      'isHidden: false → true',
      'isHidden: true → false',
    ]);

    const bad = await api.toggle(adminCookie, course.id, { isHidden: 'sim' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: 'isHidden deve ser verdadeiro ou falso' });
    expect(storedCourse(course.id)!.isHidden).toBe(false);
  });

  test('DELETE removes the course with its lessons, materials, progress, grants and codes in one call, and is audited', async () => {
    const { course, lesson } = courseWithContent({ requiresPromoCode: true });
    const student = await signed();
    const promo = insertCode({ code: `APAGAR${next()}`, promoType: 'course', courseId: course.id });
    expect((await api.redeem(student.cookie, course.id, { code: promo.code })).status).toBe(200);
    db.insert(lessonProgress).values({ userId: student.user.id, lessonId: lesson.id, courseId: course.id, completedAt: new Date() }).run();
    db.insert(coursePurchases).values({ userId: student.user.id, courseId: course.id, purchasedAt: new Date(), priceCents: 1_000 }).run();

    const response = await api.remove(adminCookie, course.id);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: 'Curso excluído' });
    expect(storedCourse(course.id)).toBeUndefined();
    expect(db.select().from(lessons).where(eq(lessons.courseId, course.id)).all()).toHaveLength(0);
    expect(db.select().from(materials).where(eq(materials.courseId, course.id)).all()).toHaveLength(0);
    expect(db.select().from(lessonProgress).where(eq(lessonProgress.courseId, course.id)).all()).toHaveLength(0);
    expect(grantsOf(course.id)).toHaveLength(0);
    expect(db.select().from(promoCodes).where(eq(promoCodes.id, promo.id)).get()).toBeUndefined();
    expect(db.select().from(promoUsage).where(eq(promoUsage.promoId, promo.id)).all()).toHaveLength(0);
    expectAudited('course.delete', course.id, `excluído: ${course.title}`);

    expect((await api.remove(adminCookie, course.id)).status).toBe(404);
    expect((await api.access(student.cookie, course.id)).status).toBe(404);
  });
});

describe('lessons: POST, PUT and DELETE /api/courses/{id}/lessons', () => {
  test('POST appends after the highest order unless one is given; the list follows the order; audited', async () => {
    const course = insertCourse();
    const first = await api.createLesson(adminCookie, course.id, VALID_LESSON);
    expect(first.status).toBe(201);
    const one = await safeJson<LessonView>(first);
    expect(one).toMatchObject({
      courseId: course.id,
      order: 1,
      video: { kind: 'youtube', id: 'dQw4w9WgXcQ', embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' },
    });
    const ten = await safeJson<LessonView>(
      await api.createLesson(adminCookie, course.id, { ...VALID_LESSON, title: 'Décima', order: '10' }),
    );
    expect(ten.order).toBe(10);
    const eleven = await safeJson<LessonView>(
      await api.createLesson(adminCookie, course.id, {
        ...VALID_LESSON,
        title: 'Seguinte',
        videoSource: 'drive',
        youtubeUrl: 'https://drive.google.com/open?id=1A2b3C4d5E6f7G8h9I0j',
      }),
    );
    expect(eleven).toMatchObject({
      order: 11,
      video: { kind: 'drive', embedUrl: 'https://drive.google.com/file/d/1A2b3C4d5E6f7G8h9I0j/preview' },
    });
    const middle = await safeJson<LessonView>(await api.createLesson(adminCookie, course.id, { ...VALID_LESSON, title: 'Meio', order: 5 }));

    const list = await safeJson<LessonView[]>(await api.lessons(adminCookie, course.id));
    expect(list.map((lesson) => lesson.id)).toEqual([one.id, middle.id, ten.id, eleven.id]);
    for (const lesson of [one, ten, eleven, middle]) expectAudited('lesson.create', lesson.id, `curso #${course.id}`);
  });

  test.each([
    ['a video URL under 5 characters', { youtubeUrl: 'abc' }, 'Video URL must be at least 5 characters'],
    ['a missing video URL', { youtubeUrl: undefined }, 'Video URL must be at least 5 characters'],
    ['a short title', { title: 'ab' }, 'O título deve ter pelo menos 3 caracteres'],
    ['a short description', { description: 'curta' }, 'A descrição deve ter pelo menos 10 caracteres'],
    ['an unknown video source', { videoSource: 'vimeo' }, 'Fonte de vídeo inválida'],
    ['order 0', { order: 0 }, 'A ordem deve ser um número maior ou igual a 1'],
    ['a negative order', { order: -2 }, 'A ordem deve ser um número maior ou igual a 1'],
    ['a fractional order', { order: 1.5 }, 'A ordem deve ser um número maior ou igual a 1'],
    ['an order that is not a number', { order: 'primeira' }, 'A ordem deve ser um número maior ou igual a 1'],
  ])('POST and PUT refuse %s with 400 and its message, writing nothing', async (_case, overrides, message) => {
    const course = insertCourse();
    const existing = db
      .insert(lessons)
      .values({ courseId: course.id, title: 'Existente', description: 'Aula que já existe.', youtubeUrl: 'dQw4w9WgXcQ', order: 1 })
      .returning()
      .get();
    const created = await api.createLesson(adminCookie, course.id, { ...VALID_LESSON, ...overrides });
    expect(created.status).toBe(400);
    expect(await created.json()).toEqual({ message });
    const updated = await api.updateLesson(adminCookie, course.id, existing.id, { ...VALID_LESSON, ...overrides });
    expect(updated.status).toBe(400);
    expect(await updated.json()).toEqual({ message });
    expect(db.select().from(lessons).where(eq(lessons.courseId, course.id)).all()).toEqual([existing]);
    expect(auditRows('lesson.update', existing.id)).toHaveLength(0);
  });

  test('PUT replaces the lesson (an omitted order keeps its place) and is audited; another course’s lesson is a 404', async () => {
    const { course, lesson } = courseWithContent();
    const other = insertCourse();
    const response = await api.updateLesson(adminCookie, course.id, lesson.id, {
      title: 'Aula revista',
      description: 'Descrição revista da aula.',
      youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ',
      videoSource: 'youtube',
    });
    expect(response.status).toBe(200);
    expect(await safeJson<LessonView>(response)).toMatchObject({
      id: lesson.id,
      title: 'Aula revista',
      order: 1,
      youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ',
    });
    expectAudited('lesson.update', lesson.id, /title: Aula secreta \d+ → Aula revista/);

    for (const [courseId, lessonId] of [
      [other.id, lesson.id],
      [course.id, 987_654],
      [course.id, 'x'],
    ] as const) {
      const missing = await api.updateLesson(adminCookie, courseId, lessonId, VALID_LESSON);
      expect(missing.status).toBe(404);
      expect(await missing.json()).toEqual({ message: 'Aula não encontrada' });
    }
  });

  test('DELETE removes the lesson with its materials and everyone’s progress on it; audited; a second time is a 404', async () => {
    const { course, lesson, lessonMaterial, courseMaterial } = courseWithContent();
    const student = await signed();
    db.insert(lessonProgress).values({ userId: student.user.id, lessonId: lesson.id, courseId: course.id, completedAt: new Date() }).run();
    const response = await api.deleteLesson(adminCookie, course.id, lesson.id);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: 'Aula removida' });
    expect(db.select().from(lessons).where(eq(lessons.id, lesson.id)).get()).toBeUndefined();
    expect(db.select().from(materials).where(eq(materials.id, lessonMaterial.id)).get()).toBeUndefined();
    expect(db.select().from(materials).where(eq(materials.id, courseMaterial.id)).get()).toBeDefined();
    expect(db.select().from(lessonProgress).where(eq(lessonProgress.lessonId, lesson.id)).all()).toHaveLength(0);
    expectAudited('lesson.delete', lesson.id);
    expect((await api.deleteLesson(adminCookie, course.id, lesson.id)).status).toBe(404);
  });
});

describe('materials: POST, PUT and DELETE /api/courses/{id}/materials', () => {
  test('POST creates a course material or a lesson material (201), each audited; GET lists both', async () => {
    const { course, lesson } = courseWithContent();
    const created = await api.createMaterial(adminCookie, course.id, { ...VALID_MATERIAL, description: '  ' });
    expect(created.status).toBe(201);
    const forCourse = await safeJson<MaterialView & { description: string | null }>(created);
    expect(forCourse).toMatchObject({ courseId: course.id, lessonId: null, description: null, downloadable: true, iconType: 'file' });
    const forLesson = await safeJson<MaterialView>(
      await api.createMaterial(adminCookie, course.id, {
        title: 'Link útil',
        fileUrl: 'https://example.com/ref',
        fileType: 'link',
        iconType: 'link',
        lessonId: String(lesson.id),
      }),
    );
    expect(forLesson).toMatchObject({ lessonId: lesson.id, downloadable: false, iconType: 'link' });
    const ids = (await safeJson<MaterialView[]>(await api.materials(adminCookie, course.id))).map((material) => material.id);
    expect(ids).toEqual(expect.arrayContaining([forCourse.id, forLesson.id]));
    expectAudited('material.create', forCourse.id);
    expectAudited('material.create', forLesson.id);
  });

  test.each([
    ['a short title', { title: 'ab' }, 'O título deve ter pelo menos 3 caracteres'],
    ['a file URL under 5 characters', { fileUrl: 'a.pd' }, 'O link do arquivo deve ter pelo menos 5 caracteres'],
    [
      'a script file URL',
      { fileUrl: 'javascript:alert(document.cookie)' },
      'O link do arquivo deve ser uma URL http:// ou https:// válida.',
    ],
    ['a local file URL', { fileUrl: 'file:///etc/passwd' }, 'O link do arquivo deve ser uma URL http:// ou https:// válida.'],
    ['a missing file type', { fileType: undefined }, 'Tipo de arquivo inválido'],
    ['an unknown file type', { fileType: 'exe' }, 'Tipo de arquivo inválido'],
    ['an unknown icon type', { iconType: 'star' }, 'Tipo de ícone inválido'],
    ['a lesson id that is not an id', { lessonId: 'primeira' }, 'Aula inválida'],
  ])('POST and PUT refuse %s with 400 and its message, writing nothing', async (_case, overrides, message) => {
    const { course, courseMaterial } = courseWithContent();
    const before = db.select().from(materials).where(eq(materials.courseId, course.id)).all();
    for (const response of [
      await api.createMaterial(adminCookie, course.id, { ...VALID_MATERIAL, ...overrides }),
      await api.updateMaterial(adminCookie, course.id, courseMaterial.id, { ...VALID_MATERIAL, ...overrides }),
    ]) {
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message });
    }
    expect(db.select().from(materials).where(eq(materials.courseId, course.id)).all()).toEqual(before);
  });

  test('a lesson of another course is refused (400) on POST and PUT', async () => {
    const { course, courseMaterial } = courseWithContent();
    const { lesson: foreign } = courseWithContent();
    for (const response of [
      await api.createMaterial(adminCookie, course.id, { ...VALID_MATERIAL, lessonId: foreign.id }),
      await api.updateMaterial(adminCookie, course.id, courseMaterial.id, { ...VALID_MATERIAL, lessonId: foreign.id }),
    ]) {
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: 'A aula escolhida não pertence a este curso' });
    }
    expect(db.select().from(materials).where(eq(materials.id, courseMaterial.id)).get()!.lessonId).toBeNull();
  });

  test('PUT replaces the material and is audited; DELETE removes it, audited; unknown or foreign ids are 404', async () => {
    const { course, lesson, courseMaterial } = courseWithContent();
    const other = insertCourse();
    const response = await api.updateMaterial(adminCookie, course.id, courseMaterial.id, {
      ...VALID_MATERIAL,
      title: 'Apostila revista',
      lessonId: lesson.id,
    });
    expect(response.status).toBe(200);
    expect(await safeJson<MaterialView>(response)).toMatchObject({
      id: courseMaterial.id,
      title: 'Apostila revista',
      lessonId: lesson.id,
      fileType: 'pdf',
    });
    expectAudited('material.update', courseMaterial.id, /title: Planilha \d+ → Apostila revista/);

    const foreign = await api.updateMaterial(adminCookie, other.id, courseMaterial.id, VALID_MATERIAL);
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ message: 'Material não encontrado' });

    const deleted = await api.deleteMaterial(adminCookie, course.id, courseMaterial.id);
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ message: 'Material removido' });
    expect(db.select().from(materials).where(eq(materials.id, courseMaterial.id)).get()).toBeUndefined();
    expectAudited('material.delete', courseMaterial.id);
    expect((await api.deleteMaterial(adminCookie, course.id, courseMaterial.id)).status).toBe(404);
    expect((await api.deleteMaterial(adminCookie, course.id, 'abc')).status).toBe(404);
  });
});

describe('grants: POST /api/courses/{id}/grants and DELETE /api/courses/{id}/grants/{userId}', () => {
  test('grant and revoke are audited with the user named', async () => {
    const course = insertCourse({ requiresPromoCode: true });
    const { user } = await signed();
    expect((await api.grant(adminCookie, course.id, { userId: String(user.id) })).status).toBe(201);
    expect(auditRows('course.grant', course.id).map((row) => row.summary)).toEqual([`usuário #${user.id}: acesso até sem prazo`]);
    expect((await api.revoke(adminCookie, course.id, user.id)).status).toBe(200);
    expectAudited('course.revoke', course.id, `usuário #${user.id}: acesso revogado`);
  });

  test.each([
    ['a missing user', { userId: undefined }, 400, 'Usuário inválido'],
    ['a user id that is not an id', { userId: 'maria' }, 400, 'Usuário inválido'],
    ['an unknown user', { userId: 987_654 }, 404, 'Usuário não encontrado'],
    ['an invalid end', { endsAt: '31/12/2099' }, 400, 'Data de término inválida'],
    ['an end in the past', { endsAt: '2020-01-01' }, 400, 'O acesso concedido já teria terminado.'],
  ])('POST refuses %s, writing nothing', async (_case, body, status, message) => {
    const course = insertCourse();
    const { user } = await signed();
    const response = await api.grant(adminCookie, course.id, { userId: user.id, ...body });
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({ message });
    expect(grantsOf(course.id)).toHaveLength(0);
    expect(auditRows('course.grant', course.id)).toHaveLength(0);
  });

  test('DELETE without a grant in force, for an unknown user or a malformed id, is a 404', async () => {
    const course = insertCourse();
    const { user } = await signed();
    const none = await api.revoke(adminCookie, course.id, user.id);
    expect(none.status).toBe(404);
    expect(await none.json()).toEqual({ message: 'Este usuário não tem acesso concedido a este curso.' });
    const unknown = await api.revoke(adminCookie, course.id, 987_654);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: 'Usuário não encontrado' });
    expect((await api.revoke(adminCookie, course.id, 'x')).status).toBe(404);
    expect(auditRows('course.revoke', course.id)).toHaveLength(0);
  });
});
