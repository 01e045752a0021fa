import { count, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { db } from '../../db/client';
import { calculationHistory, projectCalculations, projectRevisions, projects, projectShareLinks } from '../../db/schema';
import { createProject } from '~/models/projects/project.server';
import { addCalculationToProject } from '~/models/projects/project-calculations.server';
import { saveCalculation } from '~/models/tools/calculation-history.server';
import { action as listAction } from '~/routes/_app+/projects._index';
import { action as projectAction } from '~/routes/_app+/projects.$id';
import { action as newAction } from '~/routes/_app+/projects.$id_.new.$slug';
import { action as editAction } from '~/routes/_app+/projects.$id_.calculations.$calculationId';
import { action as resultAction } from '~/routes/_app+/calculators.$slug';
import { action as historyAction } from '~/routes/_app+/calculators.history';
import { action as freshCheckApi } from '~/routes/api+/fresh-check';
import { MAX_HISTORY_ITEMS } from '~/schemas/calculation-history';
import { resetAllLimits } from '~/utils/rate-limit.server';
import { BASE_URL, call, createUser, formRequest, sessionCookie, type RouteFunction } from '../setup/helpers';

/**
 * The outside probe's abuse, in process, on every project form and on POST /api/fresh-check: a
 * 64 KB body of one repeated field, 3,000 multipart parts and a 20 MB body are each a 4xx before
 * anything is parsed or written, 40 'Emitir revisão' sent at once give one revision, and 40 'Salvar no
 * histórico' at once with one place left in the history fill it once. (Wrong
 * passwords sent at once to POST /api/fresh-check: tests/integration/fresh-check.test.ts.)
 */

const SHAFT = 'torque-eixo';
const SHAFT_QUERY = 'power=7%2C5&power_unit=kW&speed=1750&allowableShear=40&bendingMoment=0&keyway=no';
const ADDRESS = { clientAddress: '203.0.113.77', toast: { pending: null } };

type User = Awaited<ReturnType<typeof createUser>>;
let tool: User;
let cookie: string;

beforeAll(async () => {
  tool = await createUser({ role: 'E-TOOL' });
  cookie = await sessionCookie(tool);
});

beforeEach(() => {
  resetAllLimits();
  db.delete(projects).run();
  db.delete(calculationHistory).run();
});

const BOUNDARY = 'sondaExterna';
/** The three bodies the probe sends, each around `field` (a field the form reads) and the form's intent. */
function floods(intent: string, field: string, extra: Record<string, string>) {
  const prefix = new URLSearchParams({ intent, ...extra }).toString();
  const parts = Array.from({ length: 3_000 }, () => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\nx\r\n`).join(
    '',
  );
  return [
    {
      name: '64 KB of one repeated field',
      type: 'application/x-www-form-urlencoded',
      body: `${prefix}&${`${field}=x&`.repeat(65_536 / (field.length + 3))}`,
    },
    {
      name: '3,000 multipart parts',
      type: `multipart/form-data; boundary=${BOUNDARY}`,
      body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="intent"\r\n\r\n${intent}\r\n${parts}--${BOUNDARY}--\r\n`,
    },
    { name: '20 MB', type: 'application/x-www-form-urlencoded', body: `${prefix}&${field}=${'x'.repeat(20 * 1024 * 1024)}` },
  ];
}

async function expectRefused(
  action: RouteFunction,
  path: string,
  params: Record<string, string>,
  intent: string,
  field: string,
  extra: Record<string, string> = {},
) {
  for (const flood of floods(intent, field, extra)) {
    const response = await call(
      action,
      new Request(`${BASE_URL}${path}`, { method: 'POST', headers: { 'Content-Type': flood.type, Cookie: cookie }, body: flood.body }),
      params,
      ADDRESS,
    );
    expect(response.status, `${path} (${intent}), ${flood.name}`).toBeGreaterThanOrEqual(400);
    expect(response.status, `${path} (${intent}), ${flood.name}`).toBeLessThan(500);
  }
}

const total = (
  table: typeof projects | typeof projectCalculations | typeof projectRevisions | typeof projectShareLinks | typeof calculationHistory,
) => db.select({ total: count() }).from(table).get()!.total;

describe('every project form against the outside probe', () => {
  test('a repeated field, 3,000 parts and 20 MB are a 4xx on each form, and nothing is written', async () => {
    const project = createProject(tool, { name: 'Galpão', client: 'Cliente' });
    const row = addCalculationToProject(tool, project.id, { slug: SHAFT, title: 'Eixo', query: SHAFT_QUERY });
    const saved = saveCalculation(tool, { slug: SHAFT, title: 'Do histórico', query: SHAFT_QUERY });
    const id = String(project.id);
    const before = {
      projects: total(projects),
      calculations: total(projectCalculations),
      revisions: total(projectRevisions),
      links: total(projectShareLinks),
    };

    await expectRefused(listAction, '/projects', {}, 'create', 'name', { client: 'Cliente', status: 'draft' });
    await expectRefused(projectAction, `/projects/${id}`, { id }, 'update', 'name', { status: 'draft' });
    await expectRefused(projectAction, `/projects/${id}`, { id }, 'rename', 'title', { calculationId: String(row.id) });
    await expectRefused(projectAction, `/projects/${id}`, { id }, 'duplicate', 'calculationId');
    await expectRefused(projectAction, `/projects/${id}`, { id }, 'move', 'direction', { calculationId: String(row.id) });
    await expectRefused(projectAction, `/projects/${id}`, { id }, 'remove', 'calculationId');
    await expectRefused(projectAction, `/projects/${id}`, { id }, 'issue', 'intent');
    await expectRefused(projectAction, `/projects/${id}`, { id }, 'share', 'days', { revision: '0' });
    await expectRefused(projectAction, `/projects/${id}`, { id }, 'revoke', 'linkId');
    await expectRefused(newAction, `/projects/${id}/new/${SHAFT}`, { id, slug: SHAFT }, 'save', 'query', { title: 'Novo' });
    await expectRefused(editAction, `/projects/${id}/calculations/${row.id}`, { id, calculationId: String(row.id) }, 'save', 'query', {
      title: 'Eixo',
    });
    await expectRefused(resultAction, `/calculators/${SHAFT}?${SHAFT_QUERY}`, { slug: SHAFT }, 'add-to-project', 'query', {
      projectId: id,
      title: 'Eixo',
    });
    await expectRefused(historyAction, '/calculators/history', {}, 'add-to-project', 'historyId', { projectId: id });
    const saves = total(calculationHistory);
    await expectRefused(resultAction, `/calculators/${SHAFT}?${SHAFT_QUERY}`, { slug: SHAFT }, 'save', 'title', { query: SHAFT_QUERY });
    expect(total(calculationHistory)).toBe(saves);

    expect({
      projects: total(projects),
      calculations: total(projectCalculations),
      revisions: total(projectRevisions),
      links: total(projectShareLinks),
    }).toEqual(before);
    expect(db.select().from(projectCalculations).where(eq(projectCalculations.id, row.id)).get()!.title).toBe('Eixo');
    expect(saved.id).toBeGreaterThan(0);
  });

  test("40 'Emitir revisão' at once give one revision (Rev. 00), the others a 4xx", async () => {
    const project = createProject(tool, { name: 'Galpão', client: 'Cliente' });
    addCalculationToProject(tool, project.id, { slug: SHAFT, title: 'Eixo', query: SHAFT_QUERY });
    const id = String(project.id);
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        call(projectAction, formRequest(`/projects/${id}`, { intent: 'issue' }, { cookie }), { id }, ADDRESS),
      ),
    );
    const statuses = answers.map((response) => response.status);
    expect(statuses.filter((status) => status === 302)).toHaveLength(1);
    for (const status of statuses) expect(status).toBeLessThan(500);
    expect(
      db
        .select()
        .from(projectRevisions)
        .where(eq(projectRevisions.projectId, project.id))
        .all()
        .map((row) => row.number),
    ).toEqual([0]);
  });
});

describe("'Salvar no histórico' on a result page against the outside probe", () => {
  test('40 saves at once with one place left in the history: one is saved, the others are told the history is full', async () => {
    // SQLite takes at most 32,766 variables per statement: 2,000 rows at a time.
    for (let start = 0; start < MAX_HISTORY_ITEMS - 1; start += 2000) {
      const length = Math.min(2000, MAX_HISTORY_ITEMS - 1 - start);
      db.insert(calculationHistory)
        .values(
          Array.from({ length }, (_, index) => ({
            userId: tool.id,
            calculatorSlug: SHAFT,
            calculatorVersion: '1.0.0',
            title: `C${start + index}`,
            query: SHAFT_QUERY,
          })),
        )
        .run();
    }
    const path = `/calculators/${SHAFT}?${SHAFT_QUERY}`;
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        call(
          resultAction,
          formRequest(path, { intent: 'save', title: `Eixo ${index}`, query: SHAFT_QUERY }, { cookie }),
          { slug: SHAFT },
          ADDRESS,
        ),
      ),
    );
    const statuses = answers.map((response) => response.status);
    expect(statuses.filter((status) => status === 302)).toHaveLength(1);
    expect(statuses.filter((status) => status === 400)).toHaveLength(39);
    const refused = (await answers.find((response) => response.status === 400)!.json()) as { result: { error: Record<string, string[]> } };
    expect(refused.result.error['']).toEqual(['Seu histórico atingiu o limite de 20.000 cálculos. Exclua alguns para salvar novos.']);
    expect(total(calculationHistory)).toBe(MAX_HISTORY_ITEMS);
  });
});

describe('POST /api/fresh-check against the outside probe', () => {
  const post = (body: string, type: string, who = cookie) =>
    call(
      freshCheckApi,
      new Request(`${BASE_URL}/api/fresh-check`, { method: 'POST', headers: { 'Content-Type': type, Cookie: who }, body }),
      {},
      ADDRESS,
    );

  test('a 64 KB JSON of one repeated key, 3,000 parts and 20 MB are a 4xx before any password is checked', async () => {
    const repeated = `{${'"password":"x",'.repeat(4_500)}"code":""}`;
    expect(repeated.length).toBeGreaterThan(64 * 1024);
    const parts = Array.from({ length: 3_000 }, () => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="password"\r\n\r\nx\r\n`).join(
      '',
    );
    for (const [body, type] of [
      [repeated, 'application/json'],
      [`${parts}--${BOUNDARY}--\r\n`, `multipart/form-data; boundary=${BOUNDARY}`],
      [JSON.stringify({ password: 'x'.repeat(20 * 1024 * 1024) }), 'application/json'],
    ]) {
      const response = await post(body, type);
      expect(response.status, type).toBeGreaterThanOrEqual(400);
      expect(response.status, type).toBeLessThan(500);
      expect(response.status, type).not.toBe(401); // refused before a password was tried
    }
  });
});
