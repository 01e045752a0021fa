import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { db } from '../../db/client';
import { calculationHistory, projects, tools } from '../../db/schema';
import { saveCalculation } from '~/models/tools/calculation-history.server';
import { action as listAction, loader as listLoader } from '~/routes/_app+/projects._index';
import { action as projectAction, loader as projectLoader } from '~/routes/_app+/projects.$id';
import { loader as memorialLoader } from '~/routes/_app+/projects.$id_.memorial';
import { action as newAction, loader as newLoader } from '~/routes/_app+/projects.$id_.new.$slug';
import { action as editAction } from '~/routes/_app+/projects.$id_.calculations.$calculationId';
import { action as resultAction } from '~/routes/_app+/calculators.$slug';
import { action as historyAction } from '~/routes/_app+/calculators.history';
import { loader as sharedLoader, meta as sharedMeta } from '~/routes/_marketing+/p.$token';
import { loader as exportLoader } from '~/routes/_app+/projects.$id_.export';
import { body, call, createUser, expectRedirect, formRequest, getRequest, sessionCookie } from '../setup/helpers';

const SHAFT = 'torque-eixo';
const SHAFT_QUERY = 'power=7%2C5&power_unit=kW&speed=1750&allowableShear=40&bendingMoment=0&keyway=no';

type User = Awaited<ReturnType<typeof createUser>>;
let tool: User;
let other: User;
let basic: User;
let cookie: string;
let otherCookie: string;
let basicCookie: string;

beforeAll(async () => {
  tool = await createUser({ role: 'E-TOOL' });
  other = await createUser({ role: 'E-MASTER' });
  basic = await createUser();
  [cookie, otherCookie, basicCookie] = await Promise.all([sessionCookie(tool), sessionCookie(other), sessionCookie(basic)]);
});

beforeEach(() => {
  db.delete(projects).run();
  db.delete(calculationHistory).run();
  db.delete(tools).run();
});

async function createThroughPage(name = 'Galpão industrial', as = cookie) {
  const response = await call(
    listAction,
    formRequest('/projects', { intent: 'create', name, client: 'Metalúrgica Sul', status: 'draft' }, { cookie: as }),
  );
  expectRedirect(response, /^\/projects\/\d+$/);
  return Number(response.headers.get('Location')!.split('/').pop());
}

const post = (id: number, fields: Record<string, string>, as = cookie) =>
  call(projectAction, formRequest(`/projects/${id}`, fields, { cookie: as }), { id: String(id) });

describe('the projects pages, posted as plain forms (no JavaScript)', () => {
  test('create, add from three places, change an input, issue Rev. 00 and 01, read the revision table, share and revoke', async () => {
    const id = await createThroughPage();

    // 1. From a result page.
    expectRedirect(
      await call(
        resultAction,
        formRequest(
          `/calculators/${SHAFT}?${SHAFT_QUERY}`,
          { intent: 'add-to-project', projectId: String(id), title: 'Eixo da bomba', query: SHAFT_QUERY },
          { cookie },
        ),
        { slug: SHAFT },
      ),
      `/projects/${id}`,
    );
    // 2. From the history.
    const saved = saveCalculation(tool, { slug: SHAFT, title: 'Eixo do ventilador', query: SHAFT_QUERY.replace('1750', '1150') });
    expectRedirect(
      await call(
        historyAction,
        formRequest('/calculators/history', { intent: 'add-to-project', projectId: String(id), historyId: String(saved.id) }, { cookie }),
      ),
      `/projects/${id}`,
    );
    // 3. Created inside the project.
    const opened = await call(newLoader, getRequest(`/projects/${id}/new/${SHAFT}?${SHAFT_QUERY}`, { cookie }), {
      id: String(id),
      slug: SHAFT,
    });
    const view = await body<{ outcome: { ok: boolean; query: string } }>(opened);
    expect(view.outcome.ok).toBe(true);
    expectRedirect(
      await call(
        newAction,
        formRequest(`/projects/${id}/new/${SHAFT}`, { intent: 'save', title: 'Eixo do compressor', query: view.outcome.query }, { cookie }),
        { id: String(id), slug: SHAFT },
      ),
      `/projects/${id}`,
    );

    let page = await body<{ calculations: { items: { id: number; title: string }[] } }>(
      await call(projectLoader, getRequest(`/projects/${id}`, { cookie }), { id: String(id) }),
    );
    expect(page.calculations.items.map((calculation) => calculation.title)).toEqual([
      'Eixo da bomba',
      'Eixo do ventilador',
      'Eixo do compressor',
    ]);

    expectRedirect(await post(id, { intent: 'issue' }), `/projects/${id}`);

    // Change an input of the first calculation, then Rev. 01.
    const first = page.calculations.items[0];
    expectRedirect(
      await call(
        editAction,
        formRequest(
          `/projects/${id}/calculations/${first.id}`,
          { intent: 'save', title: 'Eixo da bomba', query: SHAFT_QUERY.replace('1750', '3500') },
          { cookie },
        ),
        {
          id: String(id),
          calculationId: String(first.id),
        },
      ),
      `/projects/${id}`,
    );
    expectRedirect(await post(id, { intent: 'issue' }), `/projects/${id}`);

    const memorial = await body<{
      memorial: { revision: string; revisions: { label: string; lines: string[] }[]; calculations: { figures: unknown[] }[] };
    }>(await call(memorialLoader, getRequest(`/projects/${id}/memorial?rev=1`, { cookie }), { id: String(id) }));
    expect(memorial.memorial.revision).toBe('Rev. 01');
    expect(memorial.memorial.revisions.map((revision) => revision.label)).toEqual(['Rev. 00', 'Rev. 01']);
    expect(memorial.memorial.revisions[1].lines).toEqual([
      expect.stringMatching(
        /^Alterado: Eixo da bomba: dados alterados \(.*1750 rpm → 3500 rpm\); resultados: .*40,93 → 20,46 N·m \(−20,46; -50 %\)/,
      ),
    ]);
    expect(memorial.memorial.calculations[0].figures.length).toBeGreaterThan(0);

    // Share Rev. 00 and open it without an account.
    const shared = await body<{ sharedPath: string }>(await post(id, { intent: 'share', revision: '0', days: '' }));
    const token = shared.sharedPath.split('/p/')[1];
    const anonymous = await call(sharedLoader, getRequest(`/p/${token}`), { token });
    expect(anonymous.status).toBe(200);
    const seen = await body<{ kind: string; memorial: { revision: string; project: { name: string } } }>(anonymous);
    expect(seen).toMatchObject({ kind: 'found', memorial: { revision: 'Rev. 00', project: { name: 'Galpão industrial' } } });
    const metaTags = sharedMeta({ data: seen } as never) as Record<string, string>[];
    expect(metaTags.find((tag) => tag.property === 'og:title')?.content).toBe('Galpão industrial');
    expect(JSON.stringify(metaTags)).not.toContain('Metalúrgica');

    page = await body(await call(projectLoader, getRequest(`/projects/${id}`, { cookie }), { id: String(id) }));
    const { links } = page as unknown as { links: { items: { id: number; viewCount: number }[] } };
    expect(links.items[0].viewCount).toBe(1);
    expectRedirect(await post(id, { intent: 'revoke', linkId: String(links.items[0].id) }), `/projects/${id}`);
    const refused = await call(sharedLoader, getRequest(`/p/${token}`), { token });
    expect(refused.status).toBe(410);
    expect(await body(refused)).toMatchObject({ kind: 'refused', message: 'Este link foi revogado pelo responsável pelo projeto.' });
  });

  test('another user’s project is a 404 on every page and form; an E-BASIC account goes to /dashboard', async () => {
    const id = await createThroughPage();
    expect((await call(projectLoader, getRequest(`/projects/${id}`, { cookie: otherCookie }), { id: String(id) })).status).toBe(404);
    expect((await call(memorialLoader, getRequest(`/projects/${id}/memorial`, { cookie: otherCookie }), { id: String(id) })).status).toBe(
      404,
    );
    expect((await post(id, { intent: 'issue' }, otherCookie)).status).toBe(404);
    expect((await post(id, { intent: 'update', name: 'Meu agora' }, otherCookie)).status).toBe(404);
    expectRedirect(await call(listLoader, getRequest('/projects', { cookie: basicCookie })), '/dashboard');
    expectRedirect(await call(projectLoader, getRequest(`/projects/${id}`, { cookie: basicCookie }), { id: String(id) }), '/dashboard');
  });

  test('bad input gets a Portuguese message, never a 500', async () => {
    const id = await createThroughPage();
    const blank = await call(listAction, formRequest('/projects', { intent: 'create', name: ' ' }, { cookie }));
    expect(blank.status).toBe(400);
    expect((await body<{ result: { error: Record<string, string[]> } }>(blank)).result.error.name).toEqual(['Informe o nome do projeto.']);
    expect((await post(id, { intent: 'issue' })).status).toBe(409);
    expect((await post(id, { intent: 'share', revision: '7' })).status).toBe(404);
    expect((await post(id, { intent: 'move', calculationId: 'abc', direction: 'up' })).status).toBe(400);
    expect((await call(memorialLoader, getRequest(`/projects/${id}/memorial?rev=abc`, { cookie }), { id: String(id) })).status).toBe(404);
    expect((await call(projectLoader, getRequest('/projects/xyz', { cookie }), { id: 'xyz' })).status).toBe(404);
  });
});

describe('exports', () => {
  test('CSV: one row per calculation and output in the Brazilian format; JSON: inputs and versions; another user’s project is a 404', async () => {
    const id = await createThroughPage('Obra Ção/2');
    await call(
      resultAction,
      formRequest(
        `/calculators/${SHAFT}?${SHAFT_QUERY}`,
        { intent: 'add-to-project', projectId: String(id), title: 'Eixo da bomba', query: SHAFT_QUERY },
        { cookie },
      ),
      { slug: SHAFT },
    );
    const csv = await call(exportLoader, getRequest(`/projects/${id}/export?format=csv`, { cookie }), { id: String(id) });
    expect(csv.headers.get('Content-Disposition')).toMatch(/filename="projeto-obra-cao-2-\d{4}-\d{2}-\d{2}\.csv"/);
    const text = await csv.text();
    expect(text.split('\r\n')[0]).toBe('Ordem;Título;Calculadora;Versão;Entradas;Resultado;Valor;Unidade');
    expect(text).toContain(';Torque transmitido T;40,93;N·m\r\n');
    expect(text.trim().split('\r\n').length).toBeGreaterThan(2);
    const json = await body<{ calculations: { calculator: string; calculatorVersion: string; inputs: Record<string, string> }[] }>(
      await call(exportLoader, getRequest(`/projects/${id}/export?format=json`, { cookie }), { id: String(id) }),
    );
    expect(json.calculations[0]).toMatchObject({ calculator: SHAFT, inputs: { speed: '1750', keyway: 'no' } });
    expect(
      (await call(exportLoader, getRequest(`/projects/${id}/export?format=csv`, { cookie: otherCookie }), { id: String(id) })).status,
    ).toBe(404);
  });
});
