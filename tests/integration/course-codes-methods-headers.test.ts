import { format } from 'node:util';
import { UNSAFE_ErrorResponseImpl as ErrorResponseImpl } from '@remix-run/router';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { db } from '../../db/client';
import { courseGrants, courses, promoCodes, promoUsage, users } from '../../db/schema';
import { handleError } from '~/entry.server';
import { action as accountAction } from '~/routes/_app+/account';
import { action as coursePageAction } from '~/routes/_app+/courses.$id';
import { action as catalogueAction } from '~/routes/_app+/courses._index';
import { action as dashboardAction } from '~/routes/_app+/dashboard';
import { action as courseCodeApi } from '~/routes/api+/courses.$id.use-promo-code';
import { loader as notificationsApi } from '~/routes/api+/notifications';
import { action as usePromoApi } from '~/routes/api+/promocodes.use';
import { action as registerApi } from '~/routes/api+/register';
import { loader as userApi } from '~/routes/api+/user';
import { foldKey, sortKey } from '~/utils/fold';
import { resetAllLimits } from '~/utils/rate-limit.server';
import { body, call, createUser, expectRedirect, formRequest, getRequest, jsonRequest, sessionCookie, uniqueCpf } from '../setup/helpers';

/** Findings of the outside probe of the production build: course codes, methods and headers. */

const RESTRICTED = 'Esta funcionalidade está disponível apenas para usuários E-MASTER. Faça upgrade da sua conta para acessar os cursos.';
const NOT_FOUND = 'Curso não encontrado';

let seq = 0;
const next = () => ++seq;

function insertCourse(values: Partial<typeof courses.$inferInsert> = {}) {
  const title = `Curso da sonda ${next()}`;
  return db
    .insert(courses)
    .values({
      description: 'Um curso para a sonda de produção.',
      category: 'electrical',
      instructor: 'Eng. Sonda',
      duration: '8 horas',
      level: 'beginner',
      requiresPromoCode: true,
      ...values,
      title,
      titleKey: sortKey(title),
    })
    .returning()
    .get();
}

/** A course code like the demo data's CLP2025 (365 days, 20 uses). */
function insertCourseCode(courseId: number) {
  const code = `SONDA${next()}`;
  return db
    .insert(promoCodes)
    .values({ code, codeKey: foldKey(code), days: 365, maxUses: 20, promoType: 'course', courseId })
    .returning()
    .get();
}

const usedCount = (promoId: number) => db.select().from(promoCodes).where(eq(promoCodes.id, promoId)).get()!.usedCount;
const usesOf = (promoId: number) => db.select().from(promoUsage).where(eq(promoUsage.promoId, promoId)).all();
const grantsOf = (userId: number, courseId: number) =>
  db
    .select()
    .from(courseGrants)
    .where(and(eq(courseGrants.userId, userId), eq(courseGrants.courseId, courseId)))
    .all();

async function signed(role: 'E-BASIC' | 'E-TOOL' | 'E-MASTER' | 'admin') {
  const user = await createUser({ role });
  return { user, cookie: await sessionCookie(user) };
}

const redeemApi = (cookie: string, payload: Record<string, unknown>) =>
  call(usePromoApi, jsonRequest('/api/promocodes/use', payload, { cookie }));
const pageForm = (
  fn: Parameters<typeof call>[0],
  path: string,
  cookie: string,
  fields: Record<string, string>,
  params: Record<string, string> = {},
) => call(fn, formRequest(path, fields, { cookie }), params, { toast: { pending: null } });

/** Nothing was spent or given: the code keeps its uses and the user has no grant of the course. */
function expectNothingSpent(promo: { id: number }, userId: number, courseId: number) {
  expect(usedCount(promo.id)).toBe(0);
  expect(usesOf(promo.id)).toEqual([]);
  expect(grantsOf(userId, courseId)).toEqual([]);
}

beforeEach(() => resetAllLimits());

describe('a course code is refused, before a use is spent, to whoever could not open its course', () => {
  let course: typeof courses.$inferSelect;
  let hidden: typeof courses.$inferSelect;

  beforeAll(() => {
    course = insertCourse();
    hidden = insertCourse({ isHidden: true });
  });

  test('POST /api/promocodes/use: E-BASIC and E-TOOL get 403 with the courses message (with or without courseId)', async () => {
    for (const role of ['E-BASIC', 'E-TOOL'] as const) {
      const promo = insertCourseCode(course.id);
      const { user, cookie } = await signed(role);
      for (const payload of [{ code: promo.code }, { code: promo.code, courseId: course.id }]) {
        const response = await redeemApi(cookie, payload);
        expect(response.status, role).toBe(403);
        expect(await response.json()).toEqual({ message: RESTRICTED });
      }
      expectNothingSpent(promo, user.id, course.id);
    }
  });

  test('POST /api/promocodes/use: a code of a hidden course is 404 for an E-MASTER, and nothing is spent', async () => {
    const promo = insertCourseCode(hidden.id);
    const { user, cookie } = await signed('E-MASTER');
    const response = await redeemApi(cookie, { code: promo.code });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: NOT_FOUND });
    expectNothingSpent(promo, user.id, hidden.id);
  });

  test("'Ativar código' on /account and the dashboard box refuse it beside the field", async () => {
    const promo = insertCourseCode(course.id);
    const { user, cookie } = await signed('E-BASIC');
    const account = await pageForm(accountAction, '/account', cookie, { intent: 'promo', code: promo.code });
    expect(account.status).toBe(403);
    expect((await body<{ result: { error: Record<string, string[]> } }>(account)).result.error.code).toEqual([RESTRICTED]);
    const dashboard = await pageForm(dashboardAction, '/dashboard', cookie, { intent: 'promo', code: promo.code });
    expect(dashboard.status).toBe(403);
    expectNothingSpent(promo, user.id, course.id);
  });

  test("the catalogue's 'Acesso Exclusivo' dialog refuses a hidden course's code (404), spending nothing", async () => {
    const promo = insertCourseCode(hidden.id);
    const { user, cookie } = await signed('E-MASTER');
    const response = await pageForm(catalogueAction, '/courses?index&dialog=promo', cookie, { intent: 'promo', code: promo.code });
    expect(response.status).toBe(404);
    expect((await body<{ result: { error: Record<string, string[]> } }>(response)).result.error.code).toEqual([NOT_FOUND]);
    expectNothingSpent(promo, user.id, hidden.id);
  });

  test("'Desbloquear Acesso' and /api/courses/:id/use-promo-code: below E-MASTER never reaches the code, a hidden course is 404", async () => {
    const promo = insertCourseCode(course.id);
    const basic = await signed('E-BASIC');
    expectRedirect(
      await pageForm(
        coursePageAction,
        `/courses/${course.id}`,
        basic.cookie,
        { intent: 'unlock', code: promo.code },
        { id: String(course.id) },
      ),
      '/dashboard',
    );
    const api = await call(
      courseCodeApi,
      jsonRequest(`/api/courses/${course.id}/use-promo-code`, { code: promo.code }, { cookie: basic.cookie }),
      { id: String(course.id) },
    );
    expect(api.status).toBe(403);
    expectNothingSpent(promo, basic.user.id, course.id);

    const hiddenCode = insertCourseCode(hidden.id);
    const master = await signed('E-MASTER');
    const refused = await call(
      courseCodeApi,
      jsonRequest(`/api/courses/${hidden.id}/use-promo-code`, { code: hiddenCode.code }, { cookie: master.cookie }),
      { id: String(hidden.id) },
    );
    expect(refused.status).toBe(404);
    expectNothingSpent(hiddenCode, master.user.id, hidden.id);
  });

  test('registering with a course code refuses the registration (a new account is E-BASIC) and spends nothing', async () => {
    const promo = insertCourseCode(course.id);
    const username = `sonda_${next()}`;
    const response = await call(
      registerApi,
      jsonRequest('/api/register', {
        username,
        email: `${username}@example.com`,
        cpf: uniqueCpf(),
        password: 'senha123',
        promoCode: promo.code,
      }),
    );
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: RESTRICTED });
    expect(
      db
        .select()
        .from(users)
        .where(eq(users.usernameKey, foldKey(username)))
        .get(),
    ).toBeUndefined();
    expect(usedCount(promo.id)).toBe(0);
  });

  test('still works for whoever can open the course: E-MASTER on every path, an admin even for a hidden course', async () => {
    const viaApi = insertCourseCode(course.id);
    const master = await signed('E-MASTER');
    const ok = await redeemApi(master.cookie, { code: viaApi.code });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ message: 'Você agora tem acesso ao curso!' });
    expect(usedCount(viaApi.id)).toBe(1);
    expect(grantsOf(master.user.id, course.id)).toMatchObject([{ source: 'promo', active: true }]);

    const viaPage = insertCourseCode(course.id);
    const other = await signed('E-MASTER');
    const unlocked = await pageForm(
      coursePageAction,
      `/courses/${course.id}`,
      other.cookie,
      { intent: 'unlock', code: viaPage.code },
      { id: String(course.id) },
    );
    expectRedirect(unlocked, `/courses/${course.id}`);
    expect(usedCount(viaPage.id)).toBe(1);

    const viaAccount = insertCourseCode(course.id);
    const third = await signed('E-MASTER');
    expect((await pageForm(accountAction, '/account', third.cookie, { intent: 'promo', code: viaAccount.code })).status).toBe(200);
    expect(grantsOf(third.user.id, course.id)).toHaveLength(1);

    const hiddenCode = insertCourseCode(hidden.id);
    const admin = await signed('admin');
    expectRedirect(
      await pageForm(catalogueAction, '/courses?index&dialog=promo', admin.cookie, { intent: 'promo', code: hiddenCode.code }),
      `/courses/${hidden.id}`,
    );
    expect(usedCount(hiddenCode.id)).toBe(1);
  });
});

describe('methods and headers', () => {
  test('GET /api/user and the other personal API reads are Cache-Control: private, no-store, like the pages', async () => {
    const { cookie } = await signed('E-BASIC');
    for (const [name, loader, path] of [
      ['user', userApi, '/api/user'],
      ['notifications', notificationsApi, '/api/notifications'],
    ] as const) {
      const response = await call(loader, getRequest(path, { cookie }));
      expect(response.status, name).toBe(200);
      expect(response.headers.get('Cache-Control'), name).toBe('private, no-store');
    }
  });

  test('the 405 of an API action names the methods it dispatches on in Allow', async () => {
    const { cookie } = await signed('E-BASIC');
    const response = await call(usePromoApi, jsonRequest('/api/promocodes/use', { code: 'X' }, { cookie, method: 'PUT' }));
    expect(response.status).toBe(405);
    expect(response.headers.get('Allow')).toBe('POST');
  });

  describe('handleError', () => {
    const lines: string[] = [];
    afterEach(() => {
      vi.restoreAllMocks();
      lines.length = 0;
    });
    const capture = () => {
      for (const method of ['error', 'warn', 'log', 'info'] as const)
        vi.spyOn(console, method).mockImplementation((...args) => void lines.push(...format(...args).split('\n')));
    };

    test("an expected refusal Remix raises itself (a route without the method's handler) is at most one line, never a stack", () => {
      capture();
      const request = new Request('http://localhost:3000/about', { method: 'POST' });
      const missingAction = new ErrorResponseImpl(
        405,
        'Method Not Allowed',
        new Error(
          'You made a POST request to "/about" but did not provide an `action` for route "routes/_marketing+/about", so there is no way to handle the request.',
        ),
        true,
      );
      handleError(missingAction, { request });
      const missingLoader = new ErrorResponseImpl(
        400,
        'Bad Request',
        new Error(
          'You made a GET request to "/api/login" but did not provide a `loader` for route "routes/api+/login", so there is no way to handle the request.',
        ),
        true,
      );
      handleError(missingLoader, { request: new Request('http://localhost:3000/api/login') });
      expect(lines.length).toBeLessThanOrEqual(2);
      expect(lines.join('\n')).not.toMatch(/^\s+at /m);
    });

    test('a real failure is still logged with its stack', () => {
      capture();
      handleError(new Error('falha de verdade'), { request: new Request('http://localhost:3000/dashboard') });
      expect(lines.join('\n')).toMatch(/falha de verdade[\s\S]*\n\s+at /);
    });
  });
});
