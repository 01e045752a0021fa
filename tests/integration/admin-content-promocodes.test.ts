import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { db, sqliteConnection } from '../../db/client';
import { promoCodes } from '../../db/schema';
import { listPromoCodes } from '~/models/courses/promo-code.server';
import { action as promoPageAction, loader as promoPageLoader } from '~/routes/_app+/admin.promocodes';
import { action as deletePromoApi } from '~/routes/api+/promocodes.$id';
import { action as createPromoApi } from '~/routes/api+/promocodes';
import { foldKey } from '~/utils/fold';
import { apiCall, expectAdminOnly, signedTiers, type Signed, type Tier } from './helpers/admin-api';
import { expectOneAudit, expectPageAdminOnly, insertCourse, pageGet, pagePost, replyErrors, toastOf } from './helpers/admin-pages';
import { queryPlans } from './helpers/query-plans';

/** The Promo codes tab: /admin/promocodes and the promo-code API, over the same model. */

const PATH = '/admin/promocodes';
const CROSS_FIELD = 'Você deve selecionar um cargo alvo ou um curso, dependendo do tipo de código';

let tiers: Record<Tier, Signed>;
let admin: Signed;

beforeAll(async () => {
  tiers = await signedTiers();
  admin = tiers.admin;
});

type PromoPage = {
  items: Array<{
    id: number;
    code: string;
    promoType: string;
    targetRole: string | null;
    courseTitle: string | null;
    days: number;
    maxUses: number;
    usedCount: number;
    expiryLabel: string;
  }>;
  total: number;
  page: number;
  pageCount: number;
  courseId: number | null;
  courses: Array<{ id: number; title: string }>;
};

const load = async (query = '', cookie = admin.cookie) =>
  (await (await pageGet(promoPageLoader, `${PATH}${query}`, cookie)).json()) as PromoPage;
const post = (fields: Record<string, string>, cookie = admin.cookie, path = PATH) => pagePost(promoPageAction, path, fields, cookie);
const stored = (code: string) =>
  db
    .select()
    .from(promoCodes)
    .where(eq(promoCodes.codeKey, foldKey(code)))
    .get();
const roleForm = (code: string, extra: Record<string, string> = {}) => ({
  intent: 'create',
  code,
  promoType: 'role',
  targetRole: 'E-TOOL',
  courseId: '',
  days: '30',
  maxUses: '10',
  expiryDate: '',
  validUntil: '',
  ...extra,
});
let sequence = 0;
const insertCode = (values: Partial<typeof promoCodes.$inferInsert> = {}) => {
  const code = values.code ?? `LISTA${++sequence}`;
  return db
    .insert(promoCodes)
    .values({ days: 30, maxUses: 10, ...values, code, codeKey: foldKey(code) })
    .returning()
    .get();
};

describe('access', () => {
  test('the page sends visitors to /auth and every non-admin tier to /dashboard, for its list and its forms', async () => {
    await expectPageAdminOnly(tiers, PATH, (cookie) => pageGet(promoPageLoader, PATH, cookie));
    await expectPageAdminOnly(tiers, PATH, (cookie) => pagePost(promoPageAction, PATH, roleForm('NAOPODE'), cookie));
    const existing = insertCode();
    await expectPageAdminOnly(tiers, PATH, (cookie) =>
      pagePost(promoPageAction, PATH, { intent: 'delete', id: String(existing.id) }, cookie),
    );
    expect(stored('NAOPODE')).toBeUndefined();
    expect(stored(existing.code)).toBeDefined();
  });

  test('the API answers 401 to visitors and 403 to every non-admin tier', async () => {
    const existing = insertCode();
    await expectAdminOnly(tiers, (cookie) => apiCall(createPromoApi, 'POST', '/api/promocodes', { cookie, body: { code: 'NAOPODEAPI' } }));
    await expectAdminOnly(tiers, (cookie) =>
      apiCall(deletePromoApi, 'DELETE', `/api/promocodes/${existing.id}`, { cookie, params: { id: String(existing.id) } }),
    );
    expect(stored('NAOPODEAPI')).toBeUndefined();
    expect(stored(existing.code)).toBeDefined();
  });
});

describe('create', () => {
  test('a role code with the form defaults: stored, listed first with its target, uses and expiry, toast, one audit row', async () => {
    const { result: response, row } = await expectOneAudit(admin, 'promo.create', () =>
      post(roleForm('BOASVINDAS', { expiryDate: '2031-12-31' })),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe(PATH);
    expect(await toastOf(response)).toMatchObject({ title: 'Código promocional criado', type: 'success' });
    const promo = stored('BOASVINDAS')!;
    expect(promo).toMatchObject({
      promoType: 'role',
      targetRole: 'E-TOOL',
      courseId: null,
      days: 30,
      maxUses: 10,
      usedCount: 0,
      createdBy: admin.user.id,
    });
    expect(row).toMatchObject({ entityType: 'promo_code', entityId: promo.id });
    expect(row.summary).toContain('BOASVINDAS');

    const listed = (await load()).items[0];
    expect(listed).toMatchObject({
      code: 'BOASVINDAS',
      promoType: 'role',
      targetRole: 'E-TOOL',
      days: 30,
      maxUses: 10,
      usedCount: 0,
      expiryLabel: '31/12/2031',
    });
  });

  test('a course code names its course; the role field a form without JavaScript also sends is ignored, and the list shows the course title', async () => {
    const course = insertCourse({ title: 'Hidráulica Aplicada' });
    const response = await post(
      roleForm('HIDRO10', {
        promoType: 'course',
        targetRole: 'E-MASTER',
        courseId: String(course.id),
        validUntil: '2031-06-30',
        days: '7',
        maxUses: '3',
      }),
    );
    expect(response.status).toBe(302);
    expect(stored('HIDRO10')).toMatchObject({ promoType: 'course', courseId: course.id, targetRole: 'E-TOOL', days: 7, maxUses: 3 });
    expect(stored('HIDRO10')!.validUntil?.toISOString()).toBe('2031-07-01T02:59:59.999Z');
    const listed = (await load()).items.find((item) => item.code === 'HIDRO10')!;
    expect(listed).toMatchObject({ promoType: 'course', courseTitle: 'Hidráulica Aplicada', targetRole: null, expiryLabel: '-' });
  });

  test('a role code ignores the course field and the course-only validity a form without JavaScript sends', async () => {
    const course = insertCourse();
    await post(roleForm('SOCARGO', { targetRole: 'E-MASTER', courseId: String(course.id), validUntil: '2031-06-30' }));
    expect(stored('SOCARGO')).toMatchObject({ promoType: 'role', targetRole: 'E-MASTER', courseId: null, validUntil: null });
  });

  test("the cross-field rule: a course code without a course, or a role code without a role, gives the validation rules' message, a toast and nothing stored", async () => {
    const noCourse = await post(roleForm('SEMCURSO', { promoType: 'course', courseId: '' }));
    expect(noCourse.status).toBe(400);
    expect(await toastOf(noCourse)).toEqual({ title: 'Erro ao criar código promocional', description: CROSS_FIELD, type: 'error' });
    expect((await replyErrors(noCourse)).courseId).toEqual([CROSS_FIELD]);

    const noRole = await post(roleForm('SEMCARGO', { targetRole: '' }));
    expect(noRole.status).toBe(400);
    expect((await replyErrors(noRole)).targetRole).toEqual([CROSS_FIELD]);

    const missingCourse = await post(roleForm('CURSOSUMIU', { promoType: 'course', courseId: '999999' }));
    expect(missingCourse.status).toBe(400);
    expect((await replyErrors(missingCourse)).courseId).toEqual(['Curso não encontrado']);
    expect([stored('SEMCURSO'), stored('SEMCARGO'), stored('CURSOSUMIU')]).toEqual([undefined, undefined, undefined]);
  });

  test('the validation rules: code min 3, days and uses required and at least 1; a cleared field is an error, not a silent default', async () => {
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ code: 'AB' }, 'code', 'O código deve ter pelo menos 3 caracteres'],
      [{ days: '' }, 'days', 'Informe a quantidade de dias'],
      [{ days: '0' }, 'days', 'A quantidade de dias deve ser no mínimo 1'],
      [{ maxUses: '' }, 'maxUses', 'Informe o número máximo de usos'],
      [{ maxUses: '0' }, 'maxUses', 'O número máximo de usos deve ser no mínimo 1'],
      [{ expiryDate: '31/12/2030' }, 'expiryDate', 'Data de expiração inválida'],
    ];
    for (const [fields, field, message] of cases) {
      const response = await post(roleForm('VALIDO1', fields));
      expect(response.status, message).toBe(400);
      expect((await replyErrors(response))[field], message).toEqual([message]);
      expect(await toastOf(response)).toEqual({ title: 'Erro ao criar código promocional', description: message, type: 'error' });
    }
    expect(stored('VALIDO1')).toBeUndefined();
  });

  test('a code that exists in any letter case is refused beside the field with a toast, and writes no audit row', async () => {
    insertCode({ code: 'Duplicado' });
    const response = await post(roleForm('DUPLICADO'));
    expect(response.status).toBe(409);
    expect((await replyErrors(response)).code).toEqual(['Já existe um código promocional com este código.']);
    expect(await toastOf(response)).toMatchObject({
      title: 'Erro ao criar código promocional',
      description: 'Já existe um código promocional com este código.',
    });
  });

  test('POST /api/promocodes records one audit row for the acting admin', async () => {
    const { result: response, row } = await expectOneAudit(admin, 'promo.create', () =>
      apiCall(createPromoApi, 'POST', '/api/promocodes', {
        cookie: admin.cookie,
        body: { code: 'APIAUDIT', promoType: 'role', targetRole: 'E-MASTER' },
      }),
    );
    expect(response.status).toBe(201);
    expect(row.entityId).toBe(stored('APIAUDIT')!.id);
  });
});

describe('delete', () => {
  test('the page deletes a code after its confirmation, keeps the filters, toasts, and records one audit row', async () => {
    const promo = insertCode({ code: 'APAGAR1' });
    const confirm = await load(`?confirm=delete-promo&promo=${promo.id}`);
    expect(confirm).toMatchObject({ confirm: { id: promo.id, code: 'APAGAR1' } });
    const { result: response, row } = await expectOneAudit(admin, 'promo.delete', () =>
      post({ intent: 'delete', id: String(promo.id) }, admin.cookie, `${PATH}?q=apagar&confirm=delete-promo&promo=${promo.id}`),
    );
    expect(response.headers.get('Location')).toBe(`${PATH}?q=apagar`);
    expect(await toastOf(response)).toMatchObject({ title: 'Código promocional excluído', type: 'success' });
    expect(row).toMatchObject({ entityType: 'promo_code', entityId: promo.id });
    expect(stored('APAGAR1')).toBeUndefined();
  });

  test("a code that is gone: 'Erro ao excluir código promocional' with the server's message", async () => {
    const response = await post({ intent: 'delete', id: '999999' });
    expect(response.status).toBe(404);
    expect(await toastOf(response)).toEqual({
      title: 'Erro ao excluir código promocional',
      description: 'Código promocional não encontrado',
      type: 'error',
    });
  });

  test('DELETE /api/promocodes/{id} records one audit row', async () => {
    const promo = insertCode({ code: 'APAGARAPI' });
    const { result: response } = await expectOneAudit(admin, 'promo.delete', () =>
      apiCall(deletePromoApi, 'DELETE', `/api/promocodes/${promo.id}`, { cookie: admin.cookie, params: { id: String(promo.id) } }),
    );
    expect(response.status).toBe(200);
    expect(stored('APAGARAPI')).toBeUndefined();
  });
});

describe('the list', () => {
  test("the course page's link /admin/promocodes?courseId={id} lists only that course's codes, and the form starts as that course's code", async () => {
    const course = insertCourse({ title: 'Termodinâmica' });
    const other = insertCourse();
    insertCode({ code: 'TERMO1', promoType: 'course', courseId: course.id });
    insertCode({ code: 'TERMO2', promoType: 'course', courseId: course.id });
    insertCode({ code: 'OUTRO1', promoType: 'course', courseId: other.id });
    const page = await load(`?courseId=${course.id}`);
    expect(page.courseId).toBe(course.id);
    expect(page.items.map((item) => item.code).sort()).toEqual(['TERMO1', 'TERMO2']);
    expect(page.courses.map((option) => option.title)).toContain('Termodinâmica');
  });

  test('searches by code (letter case folded), 20 a page, newest first, the page clamped', async () => {
    for (let i = 1; i <= 23; i++) insertCode({ code: `Páginação${String(i).padStart(2, '0')}`, createdAt: new Date(Date.UTC(2030, 0, i)) });
    const first = await load(`?q=${encodeURIComponent('PÁGINAÇÃO')}`);
    expect(first.total).toBe(23);
    expect(first.pageCount).toBe(2);
    expect(first.items).toHaveLength(20);
    expect(first.items[0].code).toBe('Páginação23');
    const last = await load(`?q=${encodeURIComponent('páginação')}&page=9`);
    expect(last.page).toBe(2);
    expect(last.items.map((item) => item.code)).toEqual(['Páginação03', 'Páginação02', 'Páginação01']);
    expect((await load('?q=nadaassim')).items).toEqual([]);
  });
});

describe('indexes (a seeded database: 5,000 codes over 200 courses)', () => {
  test('the list and its course filter read through promo_codes_created_idx and promo_codes_course_idx, never a scan plus a sort', () => {
    const sqlite = sqliteConnection();
    const firstCourse = insertCourse().id;
    for (let i = 1; i < 200; i++) insertCourse();
    const insert = sqlite.prepare(
      'insert into promo_codes (code, code_key, days, max_uses, promo_type, course_id, created_at) values (?, ?, 30, 10, ?, ?, ?)',
    );
    sqlite.transaction(() => {
      for (let i = 0; i < 5000; i++) {
        const course = i % 3 === 0 ? firstCourse + (i % 200) : null;
        insert.run(`SEED${i}`, `seed${i}`, course ? 'course' : 'role', course, Date.UTC(2029, 0, 1) + i * 60_000);
      }
    })();
    sqlite.exec('analyze');

    const all = queryPlans(sqlite, () => listPromoCodes({ page: 3, perPage: 20 }));
    const byCourse = queryPlans(sqlite, () => listPromoCodes({ courseId: firstCourse + 3, page: 1, perPage: 20 }));
    const rows = (plans: ReturnType<typeof queryPlans>) => plans.find((plan) => /limit/i.test(plan.sql))!.plan.join(' | ');
    const counts = (plans: ReturnType<typeof queryPlans>) => plans.find((plan) => /count\(/i.test(plan.sql))!.plan.join(' | ');

    expect(rows(all)).toMatch(/SCAN promo_codes USING INDEX promo_codes_created_idx/);
    expect(rows(byCourse)).toMatch(/SEARCH promo_codes USING INDEX promo_codes_course_idx \(course_id=\?\)/);
    for (const plan of [rows(all), rows(byCourse)]) {
      expect(plan).not.toMatch(/TEMP B-TREE/);
      expect(plan).toMatch(/SEARCH courses USING INTEGER PRIMARY KEY/);
    }
    expect(counts(byCourse)).toMatch(/promo_codes_course_idx/);
    expect(listPromoCodes({ courseId: firstCourse + 3, page: 1, perPage: 20 }).total).toBe(Math.ceil(5000 / 3 / 200));
  });
});
