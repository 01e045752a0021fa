import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { db } from '../../db/client';
import { courses, planPrices } from '../../db/schema';
import { action as pricesPageAction, loader as pricesPageLoader } from '~/routes/_app+/admin.prices';
import { action as coursePricesApi } from '~/routes/api+/admin.course-prices';
import { action as planPricesApi } from '~/routes/api+/admin.plan-prices';
import { getRequest } from '../setup/helpers';
import { apiCall, expectAdminOnly, signedTiers, type Signed, type Tier } from './helpers/admin-api';
import {
  auditSince,
  expectOneAudit,
  expectPageAdminOnly,
  insertCourse,
  lastAuditId,
  pageGet,
  pagePost,
  replyErrors,
  toastOf,
} from './helpers/admin-pages';
import { serve } from './helpers/document-handler';

/** The Prices tab: /admin/prices and POST /api/admin/plan-prices and /api/admin/course-prices. */

const PATH = '/admin/prices';
const PAGE_MESSAGE = 'Preço deve ser um número positivo';
const API_MESSAGE = 'O preço mensal deve ser maior que zero';
const COURSE_MESSAGE = 'O preço deve ser maior que zero';

let tiers: Record<Tier, Signed>;
let admin: Signed;

beforeAll(async () => {
  tiers = await signedTiers();
  admin = tiers.admin;
});

beforeEach(() => {
  db.delete(planPrices).run();
});

type PricesPage = {
  plans: Array<{
    planType: string;
    monthlyPriceCents: number;
    monthlyPriceLabel: string;
    isSet: boolean;
    updatedByName: string | null;
    updatedLabel: string;
  }>;
  courses: { items: Array<{ id: number; title: string; priceLabel: string | null; category: string; instructor: string }>; total: number };
  courseOptions: Array<{ id: number; title: string }>;
};

const load = async (query = '') => (await (await pageGet(pricesPageLoader, `${PATH}${query}`, admin.cookie)).json()) as PricesPage;
const post = (fields: Record<string, string>) => pagePost(pricesPageAction, PATH, fields, admin.cookie);
const planRow = (planType: 'E-TOOL' | 'E-MASTER') => db.select().from(planPrices).where(eq(planPrices.planType, planType)).get();
const coursePrice = (id: number) => db.select({ cents: courses.priceCents }).from(courses).where(eq(courses.id, id)).get()?.cents;
const planApi = (body: unknown, cookie = admin.cookie) => apiCall(planPricesApi, 'POST', '/api/admin/plan-prices', { cookie, body });
const courseApi = (body: unknown, cookie = admin.cookie) => apiCall(coursePricesApi, 'POST', '/api/admin/course-prices', { cookie, body });

describe('access', () => {
  test('the page: visitors to /auth, every non-admin tier to /dashboard; the API: 401 and 403; nothing changes', async () => {
    const course = insertCourse({ priceCents: 1000 });
    await expectPageAdminOnly(tiers, PATH, (cookie) => pageGet(pricesPageLoader, PATH, cookie));
    const forms: Array<Record<string, string>> = [
      { intent: 'plan-price', planType: 'E-TOOL', monthlyPrice: '1,00' },
      { intent: 'course-price', courseId: String(course.id), price: '1,00' },
      { intent: 'remove-course-price', courseId: String(course.id) },
    ];
    for (const fields of forms) {
      await expectPageAdminOnly(tiers, PATH, (cookie) => pagePost(pricesPageAction, PATH, fields, cookie));
    }
    await expectAdminOnly(tiers, (cookie) => planApi({ planType: 'E-TOOL', monthlyPrice: 1 }, cookie ?? ''));
    await expectAdminOnly(tiers, (cookie) => courseApi({ courseId: course.id, price: null }, cookie ?? ''));
    expect(planRow('E-TOOL')).toBeUndefined();
    expect(coursePrice(course.id)).toBe(1000);
  });
});

describe('plan prices', () => {
  test("'29,90' on the page is stored as 2990 with when and by whom; the table shows it; toast 'Preço atualizado'; one audit row", async () => {
    expect((await load()).plans).toEqual([
      expect.objectContaining({ planType: 'E-TOOL', monthlyPriceLabel: 'R$ 29,90', isSet: false, updatedLabel: 'Preço anunciado' }),
      expect.objectContaining({ planType: 'E-MASTER', monthlyPriceLabel: 'R$ 59,90', isSet: false }),
    ]);
    const started = Date.now();
    const { result: response, row } = await expectOneAudit(admin, 'price.plan', () =>
      post({ intent: 'plan-price', planType: 'E-TOOL', monthlyPrice: '39,90' }),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe(PATH);
    expect(await toastOf(response)).toEqual({ title: 'Preço atualizado', description: 'E-TOOL: R$ 39,90 por mês.', type: 'success' });
    expect(row).toMatchObject({ entityType: 'plan_price', summary: 'E-TOOL: R$ 29,90 (anunciado) → R$ 39,90' });

    await post({ intent: 'plan-price', planType: 'E-TOOL', monthlyPrice: '29,90' });
    const stored = planRow('E-TOOL')!;
    expect(stored).toMatchObject({ monthlyPriceCents: 2990, updatedBy: admin.user.id });
    expect(stored.updatedAt.getTime()).toBeGreaterThanOrEqual(started);
    expect((await load()).plans[0]).toMatchObject({
      planType: 'E-TOOL',
      monthlyPriceLabel: 'R$ 29,90',
      isSet: true,
      updatedByName: admin.user.username,
    });
  });

  test("'29.90', ' 1.234,50 ' and 'R$ 49,90' mean the same amounts: the server keeps only digits, dots and commas", async () => {
    const cases: Array<[string, number]> = [
      ['29.90', 2990],
      [' 1.234,50 ', 123450],
      ['R$ 49,90', 4990],
      ['59', 5900],
    ];
    for (const [typed, cents] of cases) {
      await post({ intent: 'plan-price', planType: 'E-MASTER', monthlyPrice: typed });
      expect(planRow('E-MASTER')?.monthlyPriceCents, typed).toBe(cents);
    }
  });

  test(`the page refuses what is not a positive amount with '${PAGE_MESSAGE}' and 'Erro ao atualizar preço', writing nothing`, async () => {
    const before = lastAuditId();
    for (const typed of ['0', '0,00', '', 'abc', '-', '12,345']) {
      const response = await post({ intent: 'plan-price', planType: 'E-TOOL', monthlyPrice: typed });
      expect(response.status, typed).toBe(400);
      expect((await replyErrors(response)).monthlyPrice, typed).toEqual([PAGE_MESSAGE]);
      expect(await toastOf(response)).toEqual({ title: 'Erro ao atualizar preço', description: PAGE_MESSAGE, type: 'error' });
    }
    const badPlan = await post({ intent: 'plan-price', planType: 'admin', monthlyPrice: '10' });
    expect((await replyErrors(badPlan)).planType).toEqual(['O plano deve ser E-TOOL ou E-MASTER']);
    expect(planRow('E-TOOL')).toBeUndefined();
    expect(auditSince(before)).toEqual([]);
  });

  test(`POST /api/admin/plan-prices takes a number, records updatedAt/updatedBy and one audit row; otherwise '${API_MESSAGE}'`, async () => {
    const { result: response } = await expectOneAudit(admin, 'price.plan', () => planApi({ planType: 'E-MASTER', monthlyPrice: 69.9 }));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      planType: 'E-MASTER',
      monthlyPrice: '69.90',
      monthlyPriceLabel: 'R$ 69,90',
      monthlyPriceCents: 6990,
      updatedBy: admin.user.id,
      updatedByName: admin.user.username,
    });
    expect(planRow('E-MASTER')).toMatchObject({ monthlyPriceCents: 6990, updatedBy: admin.user.id });

    const before = lastAuditId();
    for (const monthlyPrice of [0, -10, '29.90', null, undefined]) {
      const refused = await planApi({ planType: 'E-TOOL', monthlyPrice });
      expect(refused.status, String(monthlyPrice)).toBe(400);
      expect(await refused.json()).toEqual({ message: API_MESSAGE });
    }
    const plan = await planApi({ planType: 'E-BASIC', monthlyPrice: 10 });
    expect(await plan.json()).toEqual({ message: 'O plano deve ser E-TOOL ou E-MASTER' });
    const decimals = await planApi({ planType: 'E-TOOL', monthlyPrice: 29.999 });
    expect(await decimals.json()).toEqual({ message: 'Use no máximo duas casas decimais (ex.: 29,90)' });
    expect(planRow('E-TOOL')).toBeUndefined();
    expect(auditSince(before)).toEqual([]);
  });

  test('a new price shows on the landing page at once, even after the anonymous page was rendered and cached', async () => {
    const before = await (await serve(getRequest('/'))).text();
    expect(before).toContain('R$ 29,90');
    await post({ intent: 'plan-price', planType: 'E-TOOL', monthlyPrice: '24,90' });
    const after = await (await serve(getRequest('/'))).text();
    expect(after).toContain('R$ 24,90');
    expect(after).not.toContain('R$ 29,90');
  });
});

describe('course prices', () => {
  test("the course form sets a price ('149,90' → 14990); 'Remover preço' clears it; each writes one audit row and toasts", async () => {
    const course = insertCourse({ title: 'Curso à Venda', category: 'electrical', instructor: 'Eng. Prado' });
    const listed = async () => (await load('?perPage=100')).courses.items.find((item) => item.id === course.id)!;
    expect(await listed()).toMatchObject({ title: 'Curso à Venda', priceLabel: null, category: 'electrical', instructor: 'Eng. Prado' });

    const { result: set } = await expectOneAudit(admin, 'course.price', () =>
      post({ intent: 'course-price', courseId: String(course.id), price: '149,90' }),
    );
    expect(await toastOf(set)).toEqual({ title: 'Preço atualizado', description: 'Curso à Venda: R$ 149,90.', type: 'success' });
    expect(coursePrice(course.id)).toBe(14990);
    expect(await listed()).toMatchObject({ priceLabel: 'R$ 149,90' });

    const { result: removed, row } = await expectOneAudit(admin, 'course.price', () =>
      post({ intent: 'remove-course-price', courseId: String(course.id) }),
    );
    expect(await toastOf(removed)).toMatchObject({ title: 'Preço removido', type: 'success' });
    expect(row.summary).toBe('priceCents: 14990 → —');
    expect(coursePrice(course.id)).toBeNull();
    expect(await listed()).toMatchObject({ priceLabel: null });
  });

  test(`refusals: '${COURSE_MESSAGE}', no course chosen, a course that is gone ('Erro ao atualizar preço' / 'Erro ao remover preço')`, async () => {
    const course = insertCourse({ priceCents: 5000 });
    for (const price of ['0', '', 'abc']) {
      const response = await post({ intent: 'course-price', courseId: String(course.id), price });
      expect(response.status, price).toBe(400);
      expect((await replyErrors(response)).price).toEqual([COURSE_MESSAGE]);
      expect(await toastOf(response)).toEqual({ title: 'Erro ao atualizar preço', description: COURSE_MESSAGE, type: 'error' });
    }
    const noCourse = await post({ intent: 'course-price', courseId: '', price: '10' });
    expect((await replyErrors(noCourse)).courseId).toEqual(['Selecione um curso']);
    const gone = await post({ intent: 'course-price', courseId: '999999', price: '10' });
    expect(gone.status).toBe(404);
    expect(await toastOf(gone)).toEqual({ title: 'Erro ao atualizar preço', description: 'Curso não encontrado', type: 'error' });
    const removeGone = await post({ intent: 'remove-course-price', courseId: '999999' });
    expect(removeGone.status).toBe(404);
    expect(await toastOf(removeGone)).toEqual({ title: 'Erro ao remover preço', description: 'Curso não encontrado', type: 'error' });
    expect(coursePrice(course.id)).toBe(5000);
  });

  test(`POST /api/admin/course-prices: a number sets it, null removes it, one audit row each; '${COURSE_MESSAGE}' otherwise`, async () => {
    const course = insertCourse();
    const { result: set } = await expectOneAudit(admin, 'course.price', () => courseApi({ courseId: course.id, price: 99.9 }));
    expect(set.status).toBe(200);
    expect(await set.json()).toMatchObject({ id: course.id, price: '99.90', priceLabel: 'R$ 99,90' });
    expect(coursePrice(course.id)).toBe(9990);
    await expectOneAudit(admin, 'course.price', () => courseApi({ courseId: course.id, price: null }));
    expect(coursePrice(course.id)).toBeNull();

    for (const price of [0, -5, '10', undefined]) {
      const refused = await courseApi({ courseId: course.id, price });
      expect(refused.status, String(price)).toBe(400);
      expect(await refused.json()).toEqual({ message: COURSE_MESSAGE });
    }
    for (const courseId of ['3', 1.5, undefined]) {
      const badId = await courseApi({ courseId, price: 10 });
      expect(await badId.json()).toEqual({ message: 'Curso inválido' });
    }
    const gone = await courseApi({ courseId: 999999, price: 10 });
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ message: 'Curso não encontrado' });
  });
});
