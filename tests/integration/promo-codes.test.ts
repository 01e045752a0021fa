import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { db } from '../../db/client';
import { courses, promoCodes, promoUsage, roleGrants } from '../../db/schema';
import { DAY_MS } from '~/models/accounts/role-arithmetic';
import { getUserById } from '~/models/accounts/user.server';
import { action as deletePromoAction } from '~/routes/api+/promocodes.$id';
import { loader as listPromoLoader, action as createPromoAction } from '~/routes/api+/promocodes';
import { action as redeemPromoAction } from '~/routes/api+/promocodes.use';
import { foldKey } from '~/utils/fold';
import { resetAllLimits } from '~/utils/rate-limit.server';
import { createUser, sessionCookie } from '../setup/helpers';
import { apiCall, expectAdminOnly, safeJson, signedTiers, type Signed, type Tier } from './helpers/admin-api';

type PromoView = {
  id: number;
  code: string;
  days: number;
  maxUses: number;
  usedCount: number;
  isActive: boolean;
  promoType: string;
  targetRole: string | null;
  courseId: number | null;
  courseTitle: string | null;
  expiryDate: string | null;
  validUntil: string | null;
};

let tiers: Record<Tier, Signed>;
let courseId: number;

beforeAll(async () => {
  tiers = await signedTiers();
  courseId = db
    .insert(courses)
    .values({
      title: 'Cálculo Estrutural',
      titleKey: 'calculo estrutural',
      description: 'Vigas, lajes e pilares.',
      category: 'mechanical',
      instructor: 'Eng. Silva',
      duration: '10 horas',
      level: 'beginner',
    })
    .returning({ id: courses.id })
    .get().id;
});

beforeEach(() => {
  resetAllLimits();
});

const createPromo = (body: unknown, cookie = tiers.admin.cookie) => apiCall(createPromoAction, 'POST', '/api/promocodes', { cookie, body });
const listPromos = (query = '', cookie = tiers.admin.cookie) => apiCall(listPromoLoader, 'GET', `/api/promocodes${query}`, { cookie });
const deletePromo = (id: number | string, cookie = tiers.admin.cookie) =>
  apiCall(deletePromoAction, 'DELETE', `/api/promocodes/${id}`, { cookie, params: { id: String(id) } });
const redeem = (cookie: string | undefined, body: unknown) => apiCall(redeemPromoAction, 'POST', '/api/promocodes/use', { cookie, body });

let codeSequence = 0;
const uniqueCode = (prefix = 'PROMO') => `${prefix}${++codeSequence}`;
const insertCode = (values: Partial<typeof promoCodes.$inferInsert> = {}) => {
  const code = values.code ?? uniqueCode('DB');
  return db
    .insert(promoCodes)
    .values({ days: 30, maxUses: 10, ...values, code, codeKey: foldKey(code) })
    .returning()
    .get();
};
const stored = (id: number) => db.select().from(promoCodes).where(eq(promoCodes.id, id)).get();

describe('admin promo code API: access', () => {
  test('list, create and delete answer 401 to visitors and 403 to every other tier, and change nothing', async () => {
    const existing = insertCode();
    await expectAdminOnly(tiers, (cookie) => listPromos('', cookie ?? ''));
    await expectAdminOnly(tiers, (cookie) => createPromo({ code: 'NAOCRIAR' }, cookie ?? ''));
    await expectAdminOnly(tiers, (cookie) => deletePromo(existing.id, cookie ?? ''));
    expect(stored(existing.id)).toBeDefined();
    expect(db.select().from(promoCodes).where(eq(promoCodes.code, 'NAOCRIAR')).get()).toBeUndefined();
  });
});

describe('POST /api/promocodes', () => {
  test('applies the defaults: role type, 30 days, 10 uses, target E-TOOL; the code is stored trimmed', async () => {
    const response = await createPromo({ code: '  BEMVINDO  ' });
    expect(response.status).toBe(201);
    const created = await safeJson<PromoView>(response);
    expect(created).toMatchObject({
      code: 'BEMVINDO',
      days: 30,
      maxUses: 10,
      usedCount: 0,
      isActive: true,
      promoType: 'role',
      targetRole: 'E-TOOL',
      courseId: null,
      expiryDate: null,
    });
    expect(stored(created.id)).toMatchObject({ code: 'BEMVINDO', createdBy: tiers.admin.user.id });
  });

  test('creates an E-MASTER code with numbers given as strings and an expiry date', async () => {
    const created = await safeJson<PromoView>(
      await createPromo({
        code: 'MASTER-90',
        days: '90',
        maxUses: '3',
        promoType: 'role',
        targetRole: 'E-MASTER',
        expiryDate: '2031-12-31',
      }),
    );
    expect(created).toMatchObject({ days: 90, maxUses: 3, targetRole: 'E-MASTER' });
    // A date alone means the end of that day in São Paulo (UTC-3).
    expect(created.expiryDate).toBe('2032-01-01T02:59:59.999Z');
  });

  test('creates a course code for an existing course', async () => {
    const created = await safeJson<PromoView>(
      await createPromo({ code: 'CURSO-ESTR', promoType: 'course', courseId: String(courseId), validUntil: '2031-06-30T10:00:00Z' }),
    );
    expect(created).toMatchObject({
      promoType: 'course',
      courseId,
      courseTitle: 'Cálculo Estrutural',
      targetRole: null,
      validUntil: '2031-06-30T10:00:00.000Z',
    });
  });

  test('a code that exists in any letter case is a 409', async () => {
    await createPromo({ code: 'DUPLICADO' });
    const response = await createPromo({ code: ' duplicado ' });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ message: 'Já existe um código promocional com este código.' });
  });

  const TARGET = 'Você deve selecionar um cargo alvo ou um curso, dependendo do tipo de código';
  test.each([
    ['a code shorter than 3', { code: 'AB' }, 'O código deve ter pelo menos 3 caracteres'],
    ['a code of spaces', { code: '     ' }, 'O código deve ter pelo menos 3 caracteres'],
    ['a missing code', { code: undefined }, 'O código deve ter pelo menos 3 caracteres'],
    ['0 days', { days: 0 }, 'A quantidade de dias deve ser no mínimo 1'],
    ['empty days', { days: '' }, 'Informe a quantidade de dias'],
    ['null days', { days: null }, 'Informe a quantidade de dias'],
    ['fractional days', { days: 2.5 }, 'A quantidade de dias deve ser um número inteiro'],
    ['0 uses', { maxUses: 0 }, 'O número máximo de usos deve ser no mínimo 1'],
    ['empty uses', { maxUses: '' }, 'Informe o número máximo de usos'],
    ['an unknown type', { promoType: 'desconto' }, 'O tipo do código deve ser cargo ou curso'],
    ['a role code with an empty target', { promoType: 'role', targetRole: '' }, TARGET],
    ['a role code with a null target', { promoType: 'role', targetRole: null }, TARGET],
    ['a role code for admin', { targetRole: 'admin' }, 'Códigos de cargo só podem conceder E-TOOL ou E-MASTER'],
    ['a role code for E-BASIC', { targetRole: 'E-BASIC' }, 'Códigos de cargo só podem conceder E-TOOL ou E-MASTER'],
    ['a course code without a course', { promoType: 'course' }, TARGET],
    ['a course code with an invalid course', { promoType: 'course', courseId: 'abc' }, TARGET],
    ['an invalid expiry date', { expiryDate: '31/12/2030' }, 'Data de expiração inválida'],
    ['an impossible expiry date', { expiryDate: '2030-02-30' }, 'Data de expiração inválida'],
    ['an invalid validity date', { validUntil: 'amanhã' }, 'Data de validade inválida'],
  ])('refuses %s with 400 and its message', async (_case, overrides, message) => {
    const code = uniqueCode('INV');
    const response = await createPromo({ code, ...overrides });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message });
    expect(db.select().from(promoCodes).where(eq(promoCodes.code, code)).get()).toBeUndefined();
  });

  test('a course code for a course that does not exist is refused', async () => {
    const response = await createPromo({ code: 'CURSO-FANTASMA', promoType: 'course', courseId: 987_654 });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'Curso não encontrado' });
  });
});

describe('GET /api/promocodes and DELETE /api/promocodes/{id}', () => {
  test('lists codes newest first, filters by course, and deletes with 404 for unknown ids', async () => {
    const first = await safeJson<PromoView>(await createPromo({ code: 'LISTA-1' }));
    const second = await safeJson<PromoView>(await createPromo({ code: 'LISTA-2', promoType: 'course', courseId }));
    const list = await safeJson<PromoView[]>(await listPromos());
    const ids = list.map((promo) => promo.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));

    const forCourse = await safeJson<PromoView[]>(await listPromos(`?courseId=${courseId}`));
    expect(forCourse.length).toBeGreaterThan(0);
    expect(forCourse.every((promo) => promo.courseId === courseId)).toBe(true);
    expect((await listPromos('?courseId=abc')).status).toBe(400);

    const deleted = await deletePromo(first.id);
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ message: 'Código promocional excluído' });
    expect(stored(first.id)).toBeUndefined();
    expect((await deletePromo(first.id)).status).toBe(404);
    expect((await deletePromo('xyz')).status).toBe(404);
  });
});

describe('POST /api/promocodes/use', () => {
  test('needs a signed-in user', async () => {
    const response = await redeem(undefined, { code: 'QUALQUER' });
    expect(response.status).toBe(401);
  });

  test('an empty or blank code is refused with the specification message', async () => {
    for (const code of ['', '   ', undefined]) {
      const response = await redeem(tiers['E-BASIC'].cookie, { code });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: 'Por favor, insira um código promocional.' });
    }
  });

  test('a role code (trimmed, any case) grants its days and answers { message, user }; a second use is refused', async () => {
    const promo = insertCode({ code: 'ATIVAR15', days: 15, targetRole: 'E-TOOL' });
    const user = await createUser();
    const cookie = await sessionCookie(user);
    const response = await redeem(cookie, { code: '  ativar15 ' });
    expect(response.status).toBe(200);
    const answer = await safeJson<{ message: string; user: { id: number; role: string; roleExpiryDate: string } }>(response);
    expect(answer.message).toBe('Código ativado! Você recebeu 15 dias de acesso E-TOOL.');
    expect(answer.user).toMatchObject({ id: user.id, role: 'E-TOOL' });
    expect((new Date(answer.user.roleExpiryDate).getTime() - Date.now()) / DAY_MS).toBeCloseTo(15, 1);
    expect(stored(promo.id)!.usedCount).toBe(1);

    const again = await redeem(cookie, { code: 'ATIVAR15' });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: 'Você já utilizou este código promocional.' });
    expect(stored(promo.id)!.usedCount).toBe(1);
  });

  test.each([
    ['unknown', () => 'NAOEXISTE', 404, 'Código promocional inválido.'],
    ['inactive', () => insertCode({ isActive: false }).code, 400, 'Este código promocional não está mais ativo.'],
    ['expired', () => insertCode({ expiryDate: new Date(Date.now() - 1000) }).code, 400, 'Este código promocional expirou.'],
    ['exhausted', () => insertCode({ maxUses: 1, usedCount: 1 }).code, 409, 'Este código promocional atingiu o limite de usos.'],
  ])('an %s code is refused with its message and grants nothing', async (_case, makeCode, status, message) => {
    const user = await createUser();
    const response = await redeem(await sessionCookie(user), { code: makeCode() });
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({ message });
    expect(getUserById(user.id)!.role).toBe('E-BASIC');
  });

  test('attempts are limited per account: the 11th within the window answers 429', async () => {
    const cookie = tiers['E-MASTER'].cookie;
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      expect((await redeem(cookie, { code: `CHUTE${attempt}` })).status).toBe(404);
    }
    const blocked = await redeem(cookie, { code: 'CHUTE11' });
    expect(blocked.status).toBe(429);
    expect((await blocked.json()).message).toMatch(/^Muitas tentativas/);
    // Another account is not affected.
    expect((await redeem(tiers['E-TOOL'].cookie, { code: 'CHUTE12' })).status).toBe(404);
  });

  test('12 users racing for a code with maxUses 3: exactly 3 succeed, usedCount is 3, 3 usages and 3 grants', async () => {
    const promo = insertCode({ code: 'CORRIDA', maxUses: 3, days: 10, targetRole: 'E-MASTER' });
    const racers = await Promise.all(Array.from({ length: 12 }, () => createUser()));
    const cookies = await Promise.all(racers.map((user) => sessionCookie(user)));

    const responses = await Promise.all(cookies.map((cookie) => redeem(cookie, { code: 'CORRIDA' })));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === 409)).toHaveLength(9);
    for (const response of responses.filter((item) => item.status === 409)) {
      expect(await response.json()).toEqual({ message: 'Este código promocional atingiu o limite de usos.' });
    }

    expect(stored(promo.id)!.usedCount).toBe(3);
    const usages = db.select().from(promoUsage).where(eq(promoUsage.promoId, promo.id)).all();
    expect(usages).toHaveLength(3);
    const grants = db
      .select()
      .from(roleGrants)
      .where(eq(roleGrants.source, 'promo'))
      .all()
      .filter((grant) => usages.some((usage) => usage.id === grant.sourceId));
    expect(grants).toHaveLength(3);
    const winners = racers.filter((user) => getUserById(user.id)!.role === 'E-MASTER');
    expect(winners.map((user) => user.id).sort()).toEqual(usages.map((usage) => usage.userId).sort());
  });

  test('one user firing the same code several times at once gets it once', async () => {
    const promo = insertCode({ code: 'UMAVEZ', maxUses: 10 });
    const user = await createUser();
    const cookie = await sessionCookie(user);
    const responses = await Promise.all(Array.from({ length: 4 }, () => redeem(cookie, { code: 'UMAVEZ' })));
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409, 409, 409]);
    expect(stored(promo.id)!.usedCount).toBe(1);
  });

  test('a course code answers the course message without changing the role', async () => {
    const promo = insertCode({ code: 'CURSO-USO', promoType: 'course', courseId });
    const user = await createUser({ role: 'E-MASTER' });
    const cookie = await sessionCookie(user);
    const wrongCourse = await redeem(cookie, { code: 'CURSO-USO', courseId: courseId + 1000 });
    expect(wrongCourse.status).toBe(400);
    expect(await wrongCourse.json()).toEqual({ message: 'Este código promocional não é válido para este curso.' });

    const response = await redeem(cookie, { code: 'CURSO-USO', courseId });
    expect(response.status).toBe(200);
    expect(await safeJson(response)).toMatchObject({ message: 'Você agora tem acesso ao curso!', user: { id: user.id, role: 'E-MASTER' } });
    expect(stored(promo.id)!.usedCount).toBe(1);
  });
});
