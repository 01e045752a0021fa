import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { db, sqliteConnection } from '../../db/client';
import { queryPlans } from './helpers/query-plans';
import { calculationHistory, tools, users } from '../../db/schema';
import { calculators, getCalculator } from '~/calculators';
import { historyCalculatorChoices, listCalculations, recentCalculations, saveCalculation } from '~/models/tools/calculation-history.server';
import { MAX_HISTORY_ITEMS } from '~/schemas/calculation-history';
import { action as historyAction, loader as historyLoader } from '~/routes/_app+/calculators.history';
import { action as pageAction } from '~/routes/_app+/calculators.$slug';
import { loader as accountLoader } from '~/routes/_app+/account';
import { call, createUser, expectRedirect, formRequest, getRequest, sessionCookie } from '../setup/helpers';

const SHAFT = 'torque-eixo'; // E-BASIC
const DROP = 'queda-tensao-condutor'; // E-TOOL
const SHAFT_QUERY = 'power=7%2C5&power_unit=kW&speed=1750&allowableShear=40&bendingMoment=0&keyway=no';
const SHAFT_CANONICAL =
  'power=7%2C5&power_unit=kW&speed=1750&speed_unit=rpm&allowableShear=40&allowableShear_unit=MPa&bendingMoment=0&bendingMoment_unit=N.m&keyway=no';

type User = Awaited<ReturnType<typeof createUser>>;
let owner: User;
let other: User;
let ownerCookie: string;
let otherCookie: string;

beforeAll(async () => {
  owner = await createUser();
  other = await createUser();
  ownerCookie = await sessionCookie(owner);
  otherCookie = await sessionCookie(other);
});

beforeEach(() => {
  db.delete(calculationHistory).run();
  db.delete(tools).run();
});

const rowsOf = (userId: number) => db.select().from(calculationHistory).where(eq(calculationHistory.userId, userId)).all();

function save(slug: string, fields: Record<string, string>, cookie = ownerCookie, headers: Record<string, string> = {}) {
  return call(pageAction, formRequest(`/calculators/${slug}?${SHAFT_QUERY}`, { intent: 'save', ...fields }, { cookie, headers }), { slug });
}

describe('saving a calculation', () => {
  test("'Salvar no histórico' recomputes, stores the canonical query and version, and redirects to the result with a toast", async () => {
    const response = await save(SHAFT, { title: '  Eixo da bomba 2  ', query: `${SHAFT_QUERY}&junk=x` });
    expectRedirect(response, `/calculators/${SHAFT}?${SHAFT_CANONICAL}`);
    expect(response.headers.get('Set-Cookie')).toContain('en_toast=');
    const [row] = rowsOf(owner.id);
    expect(row).toMatchObject({
      calculatorSlug: SHAFT,
      calculatorVersion: getCalculator(SHAFT)!.version,
      title: 'Eixo da bomba 2',
      query: SHAFT_CANONICAL,
    });
  });

  test('invalid inputs are refused (400) and nothing is stored', async () => {
    const response = await save(SHAFT, { title: 'Eixo', query: 'power=abc&speed=1750&allowableShear=40&bendingMoment=0&keyway=no' });
    expect(response.status).toBe(400);
    const { result } = (await response.json()) as { result: { error: Record<string, string[]> } };
    expect(result.error['']).toEqual(['Os dados do cálculo são inválidos. Corrija-os e calcule novamente antes de salvar.']);
    expect(rowsOf(owner.id)).toHaveLength(0);
  });

  test('an empty or too long title gets its message beside the field', async () => {
    for (const [title, message] of [
      ['   ', 'Informe um título para o cálculo.'],
      ['x'.repeat(121), 'O título deve ter no máximo 120 caracteres.'],
    ]) {
      const response = await save(SHAFT, { title, query: SHAFT_QUERY });
      expect(response.status).toBe(400);
      const { result } = (await response.json()) as { result: { error: Record<string, string[]> } };
      expect(result.error.title).toEqual([message]);
    }
    expect(rowsOf(owner.id)).toHaveLength(0);
  });

  test('a calculator above the user’s level cannot be saved (403); an unknown one is 404', async () => {
    const refused = await save(DROP, {
      title: 'Queda',
      query: 'system=single&voltage=220&current=20&length=30&section=2%2C5&powerFactor=1&material=cu&temperature=70&circuit=terminal',
    });
    expect(refused.status).toBe(403);
    expect((await save('nao-existe', { title: 'X', query: SHAFT_QUERY })).status).toBe(404);
    expect(rowsOf(owner.id)).toHaveLength(0);
  });

  test('a full history (20,000 items) refuses new saves with a message', async () => {
    expect(MAX_HISTORY_ITEMS).toBe(20_000);
    // SQLite takes at most 32,766 variables per statement: 2,000 rows at a time.
    for (let start = 0; start < MAX_HISTORY_ITEMS; start += 2000) {
      db.insert(calculationHistory)
        .values(
          Array.from({ length: 2000 }, (_, index) => ({
            userId: owner.id,
            calculatorSlug: SHAFT,
            calculatorVersion: '1.0.0',
            title: `C${start + index}`,
            query: SHAFT_CANONICAL,
          })),
        )
        .run();
    }
    const response = await save(SHAFT, { title: 'Mais um', query: SHAFT_QUERY });
    expect(response.status).toBe(400);
    const { result } = (await response.json()) as { result: { error: Record<string, string[]> } };
    expect(result.error['']).toEqual(['Seu histórico atingiu o limite de 20.000 cálculos. Exclua alguns para salvar novos.']);
    expect(rowsOf(owner.id)).toHaveLength(MAX_HISTORY_ITEMS);
  });

  test('a cross-site post is refused', async () => {
    const response = await save(SHAFT, { title: 'Eixo', query: SHAFT_QUERY }, ownerCookie, { Origin: 'https://evil.example' });
    expect(response.status).toBe(403);
    expect(rowsOf(owner.id)).toHaveLength(0);
  });

  test('every calculator’s canonical query computes the same result again', () => {
    const admin = { id: owner.id, role: 'admin' as const, cpf: null };
    for (const calculator of calculators) {
      const slug = calculator.slug;
      const defaults = new URLSearchParams();
      for (const field of calculator.inputs) {
        defaults.set(field.name, typeof field.default === 'number' ? String(field.default).replace('.', ',') : field.default);
      }
      const item = saveCalculation(admin, { slug, title: calculator.title, query: defaults.toString() });
      const query = new URL(`http://x${item.href}`).searchParams;
      const again = saveCalculation(admin, { slug, title: 'de novo', query: query.toString() });
      expect(again.href, slug).toBe(item.href);
    }
  });
});

describe('the history page', () => {
  type HistoryData = {
    items: Array<{ id: number; title: string; href: string; versionNote: string | null; savedVersion: string }>;
    page: number;
    pageCount: number;
    total: number;
    filter: { q: string; calculator: string; from: string; to: string };
    filtered: boolean;
    calculators: Array<{ slug: string; title: string }>;
  };

  async function history(cookie: string, query = '') {
    const response = await call(historyLoader, getRequest(`/calculators/history${query}`, { cookie }));
    expect(response.status).toBe(200);
    return (await response.json()) as HistoryData;
  }

  function seed(userId: number, count: number) {
    const base = Date.UTC(2025, 0, 1, 12);
    db.insert(calculationHistory)
      .values(
        Array.from({ length: count }, (_, index) => ({
          userId,
          calculatorSlug: SHAFT,
          calculatorVersion: '1.0.0',
          title: `Cálculo ${index + 1}`,
          query: SHAFT_CANONICAL,
          createdAt: new Date(base + index * 60_000),
        })),
      )
      .run();
  }

  test('lists only the user’s own items, newest first, ten per page with ?page=', async () => {
    seed(owner.id, 12);
    seed(other.id, 3);
    const first = await history(ownerCookie);
    expect(first).toMatchObject({ page: 1, pageCount: 2, total: 12 });
    expect(first.items.map((item) => item.title)).toEqual(Array.from({ length: 10 }, (_, index) => `Cálculo ${12 - index}`));
    expect(first.items[0].href).toBe(`/calculators/${SHAFT}?${SHAFT_CANONICAL}`);
    const second = await history(ownerCookie, '?page=2');
    expect(second.items.map((item) => item.title)).toEqual(['Cálculo 2', 'Cálculo 1']);
    // Past the end shows the last page; nonsense shows the first.
    expect((await history(ownerCookie, '?page=99')).page).toBe(2);
    expect((await history(ownerCookie, '?page=abc')).page).toBe(1);
    expect((await history(otherCookie)).total).toBe(3);
  });

  test('an item saved with an older calculator version says so', async () => {
    seed(owner.id, 1);
    db.update(calculationHistory).set({ calculatorVersion: '0.9.0' }).where(eq(calculationHistory.userId, owner.id)).run();
    const [item] = (await history(ownerCookie)).items;
    expect(item.savedVersion).toBe('0.9.0');
    expect(item.versionNote).toBe(`Calculado com a versão 0.9.0; versão atual ${getCalculator(SHAFT)!.version}`);
    seed(owner.id, 1);
    expect((await history(ownerCookie)).items.map((entry) => entry.versionNote)).toContain(null);
  });

  test('a saved item then listed is the one the page action stored', async () => {
    expectRedirect(await save(SHAFT, { title: 'Eixo salvo', query: SHAFT_QUERY }), /\/calculators\/torque-eixo\?/);
    const listed = listCalculations(owner.id);
    expect(listed.items.map((item) => item.title)).toEqual(['Eixo salvo']);
  });

  test('the owner deletes an item; someone else’s answers 404 and stays', async () => {
    seed(owner.id, 1);
    const [mine] = rowsOf(owner.id);
    const attempt = await call(
      historyAction,
      formRequest('/calculators/history', { intent: 'delete', id: String(mine.id) }, { cookie: otherCookie }),
    );
    expect(attempt.status).toBe(404);
    expect(rowsOf(owner.id)).toHaveLength(1);

    const done = await call(
      historyAction,
      formRequest('/calculators/history?page=2', { intent: 'delete', id: String(mine.id) }, { cookie: ownerCookie }),
    );
    expectRedirect(done, '/calculators/history?page=2');
    expect(rowsOf(owner.id)).toHaveLength(0);

    const malformed = await call(
      historyAction,
      formRequest('/calculators/history', { intent: 'delete', id: 'abc' }, { cookie: ownerCookie }),
    );
    expect(malformed.status).toBe(400);
  });

  test('deleting the user deletes their history', async () => {
    const leaving = await createUser();
    seed(leaving.id, 2);
    db.delete(users).where(eq(users.id, leaving.id)).run();
    expect(rowsOf(leaving.id)).toHaveLength(0);
  });

  test('filters by calculator, text in the title and São Paulo days, paginated, with the calculators saved as choices', async () => {
    seed(owner.id, 12);
    const base = Date.UTC(2025, 1, 10, 12);
    db.insert(calculationHistory)
      .values([
        {
          userId: owner.id,
          calculatorSlug: DROP,
          calculatorVersion: '1.0.0',
          title: 'Queda do quadro',
          query: 'x=1',
          createdAt: new Date(base),
        },
        {
          userId: owner.id,
          calculatorSlug: DROP,
          calculatorVersion: '1.0.0',
          title: 'Queda da bomba',
          query: 'x=1',
          createdAt: new Date(base + 60_000),
        },
        {
          userId: other.id,
          calculatorSlug: DROP,
          calculatorVersion: '1.0.0',
          title: 'Queda alheia',
          query: 'x=1',
          createdAt: new Date(base),
        },
      ])
      .run();
    const byCalculator = await history(ownerCookie, `?calculator=${DROP}`);
    expect(byCalculator).toMatchObject({ total: 2, filtered: true, filter: { calculator: DROP, q: '', from: '', to: '' } });
    expect(byCalculator.items.map((item) => item.title)).toEqual(['Queda da bomba', 'Queda do quadro']);
    expect((await history(ownerCookie, '?q=BOMBA')).items.map((item) => item.title)).toEqual(['Queda da bomba']);
    const search = await history(ownerCookie, '?q=C%C3%A1lculo%201&page=2&perPage=2');
    expect(search).toMatchObject({ total: 4, page: 2, pageCount: 2 });
    expect(search.items.map((item) => item.title)).toEqual(['Cálculo 10', 'Cálculo 1']);
    // The seed is 1 January 2025 from 09:00 in São Paulo; the two DROP rows 10 February.
    expect((await history(ownerCookie, '?from=2025-02-10&to=2025-02-10')).total).toBe(2);
    expect((await history(ownerCookie, '?to=2025-01-31')).total).toBe(12);
    // Malformed filters fall back to none, like a bad page number.
    const fallback = await history(ownerCookie, '?from=2025-02-30&calculator=%3Cscript%3E&q=' + 'x'.repeat(101));
    expect(fallback).toMatchObject({ total: 14, filtered: false });
    expect(fallback.calculators.map((choice) => choice.slug).sort()).toEqual([DROP, SHAFT].sort());
    expect((await history(otherCookie)).calculators.map((choice) => choice.slug)).toEqual([DROP]);
  });

  test('the calculator filter and its choices read the user-calculator index', () => {
    seed(owner.id, 3);
    const plans = (run: () => unknown) => queryPlans(sqliteConnection(), run).map((plan) => plan.plan.join(' | '));
    for (const plan of plans(() => listCalculations(owner.id, { page: 1, perPage: 10, calculator: SHAFT }))) {
      expect(plan).toContain('calculation_history_user_calculator_created_idx');
      expect(plan).not.toMatch(/SCAN calculation_history(?! USING)/);
    }
    for (const plan of plans(() => historyCalculatorChoices(owner.id))) expect(plan).not.toMatch(/SCAN calculation_history(?! USING)/);
    for (const plan of plans(() => listCalculations(owner.id, { page: 1, perPage: 10, q: 'x', from: '2025-01-01' }))) {
      expect(plan).toMatch(/calculation_history_user_(created|calculator_created)_idx/);
    }
    // 'Minha Conta': its newest saved calculations, and their count past the limit.
    for (const plan of plans(() => recentCalculations(owner.id, 2))) {
      expect(plan).toMatch(/calculation_history_user_(created|calculator_created)_idx/);
      expect(plan).not.toContain('TEMP B-TREE');
    }
  });

  test('visitors are sent to the login page', async () => {
    expectRedirect(await call(historyLoader, getRequest('/calculators/history')), '/auth?redirectTo=%2Fcalculators%2Fhistory');
  });
});

describe("'Minha Conta' lists the latest saved calculations", () => {
  test('newest first, at most five, each reopening its shareable link', async () => {
    for (let i = 1; i <= 6; i++) saveCalculation(owner, { slug: SHAFT, title: `Eixo ${i}`, query: SHAFT_QUERY });
    const response = await call(accountLoader, getRequest('/account', { cookie: ownerCookie }));
    const data = (await response.json()) as { recentCalculations: Array<{ title: string; href: string }>; savedCalculations: number };
    expect(data.savedCalculations).toBe(6);
    expect(data.recentCalculations.map((item) => item.title)).toEqual(['Eixo 6', 'Eixo 5', 'Eixo 4', 'Eixo 3', 'Eixo 2']);
    expect(data.recentCalculations[0].href).toBe(`/calculators/${SHAFT}?${SHAFT_CANONICAL}`);

    const others = (await (await call(accountLoader, getRequest('/account', { cookie: otherCookie }))).json()) as {
      savedCalculations: number;
    };
    expect(others.savedCalculations).toBe(0);
  });

  test('hands the page only what its list shows, and counts right below and at five', async () => {
    const view = async () =>
      (await (await call(accountLoader, getRequest('/account', { cookie: otherCookie }))).json()) as {
        recentCalculations: Record<string, unknown>[];
        savedCalculations: number;
      };
    for (let i = 1; i <= 5; i++) {
      saveCalculation(other, { slug: SHAFT, title: `Outro ${i}`, query: SHAFT_QUERY });
      const data = await view();
      expect(data.savedCalculations).toBe(i);
      expect(data.recentCalculations).toHaveLength(i);
    }
    const data = await view();
    expect(Object.keys(data.recentCalculations[0]).sort()).toEqual(['href', 'id', 'savedAt', 'title']);
    expect(data.recentCalculations[0]).toMatchObject({ title: 'Outro 5', href: `/calculators/${SHAFT}?${SHAFT_CANONICAL}` });
    expect(data.recentCalculations[0].savedAt).toMatch(/^\d{2}\/\d{2}\/\d{4}/);
  });
});
