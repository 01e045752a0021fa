import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { db } from '../../db/client';
import { toolRatings, tools } from '../../db/schema';
import { rateTool } from '~/models/tools/rating.server';
import { action as toolsAction, loader as toolsLoader } from '~/routes/api+/tools';
import { action as toolAction } from '~/routes/api+/tools.$id';
import { body, call, createUser, getRequest, jsonRequest, sessionCookie } from '../setup/helpers';

type Signed = { id: number; cookie: string };
const signed: Record<'admin' | 'E-BASIC' | 'E-TOOL' | 'E-MASTER', Signed> = {} as never;

beforeAll(async () => {
  for (const role of ['admin', 'E-BASIC', 'E-TOOL', 'E-MASTER'] as const) {
    const user = await createUser({ role });
    signed[role] = { id: user.id, cookie: await sessionCookie(user) };
  }
});

beforeEach(() => {
  db.delete(tools).run();
});

const VALID = {
  name: 'Dimensionamento de Vigas',
  description: 'Flecha e tensão máxima em vigas biapoiadas.',
  category: 'mechanical',
  accessLevel: 'E-TOOL',
  linkType: 'internal',
  link: '/calculators/beam-deflection',
};

const create = (payload: unknown, cookie?: string, headers: Record<string, string> = {}) =>
  call(toolsAction, jsonRequest('/api/tools', payload, { cookie, headers }));
const patch = (id: number | string, payload: unknown, cookie?: string) =>
  call(toolAction, jsonRequest(`/api/tools/${id}`, payload, { method: 'PATCH', cookie }), { id: String(id) });
const remove = (id: number | string, cookie?: string) =>
  call(toolAction, jsonRequest(`/api/tools/${id}`, undefined, { method: 'DELETE', cookie }), { id: String(id) });
const rows = () => db.select().from(tools).all();

function insertTool(overrides: Partial<typeof tools.$inferInsert> = {}) {
  return db
    .insert(tools)
    .values({ ...(VALID as typeof tools.$inferInsert), ...overrides })
    .returning()
    .get();
}

describe('POST /api/tools as admin', () => {
  test('creates the tool (201) with createdBy and the defaults, and answers the full tool', async () => {
    const response = await create(VALID, signed.admin.cookie);
    expect(response.status).toBe(201);
    const created = await body(response);
    expect(created).toMatchObject({
      ...VALID,
      showInIframe: false,
      customHtml: null,
      restrictedCpfs: null,
      createdBy: signed.admin.id,
      locked: false,
    });
    expect(rows()).toHaveLength(1);
    expect(rows()[0]).toMatchObject({ ...VALID, createdBy: signed.admin.id, averageRating: 0, totalRatings: 0 });
  });

  test('a custom tool keeps the # placeholder as link; internal and external tools drop any HTML', async () => {
    const custom = await body(
      await create({ ...VALID, linkType: 'custom', link: '/ignored', customHtml: '<h1>Olá</h1>', showInIframe: true }, signed.admin.cookie),
    );
    expect(custom).toMatchObject({ linkType: 'custom', link: '#', customHtml: '<h1>Olá</h1>', showInIframe: true });
    const external = await body(
      await create({ ...VALID, linkType: 'external', link: 'https://example.com/x', customHtml: '<b>x</b>' }, signed.admin.cookie),
    );
    expect(external).toMatchObject({ linkType: 'external', link: 'https://example.com/x', customHtml: null });
  });

  test('normalises the CPF whitelist to distinct 11-digit CPFs separated by commas', async () => {
    const created = await body(await create({ ...VALID, restrictedCpfs: '390.533.447-05, 52998224725,39053344705 ' }, signed.admin.cookie));
    expect(created.restrictedCpfs).toBe('39053344705,52998224725');
    const fromArray = await body(await create({ ...VALID, restrictedCpfs: ['111.444.777-35'] }, signed.admin.cookie));
    expect(fromArray.restrictedCpfs).toBe('11144477735');
    const cleared = await body(await create({ ...VALID, restrictedCpfs: '  ' }, signed.admin.cookie));
    expect(cleared.restrictedCpfs).toBeNull();
  });

  test.each([
    [{ name: 'ab' }, 'O nome deve ter pelo menos 3 caracteres'],
    [{ name: undefined }, 'O nome deve ter pelo menos 3 caracteres'],
    [{ description: 'curt' }, 'A descrição deve ter pelo menos 5 caracteres'],
    [{ category: 'civil' }, 'Categoria inválida'],
    [{ accessLevel: 'admin' }, 'Nível de acesso inválido'],
    [{ linkType: 'iframe' }, 'Tipo de link inválido'],
    [{ link: '' }, 'Link must not be empty'],
    [{ link: undefined }, 'Link must not be empty'],
    [{ linkType: 'external', link: '   ' }, 'Link must not be empty'],
    [{ linkType: 'custom', customHtml: '' }, 'Link ou HTML personalizado é obrigatório dependendo do tipo selecionado'],
    [{ linkType: 'custom', customHtml: undefined }, 'Link ou HTML personalizado é obrigatório dependendo do tipo selecionado'],
    [{ link: 'https://example.com' }, 'O link interno deve ser um caminho do próprio site começando com "/" (ex.: /calculators/torque).'],
    [{ link: '//evil.example/x' }, 'O link interno deve ser um caminho do próprio site começando com "/" (ex.: /calculators/torque).'],
    [{ link: '/\\evil.example' }, 'O link interno deve ser um caminho do próprio site começando com "/" (ex.: /calculators/torque).'],
    [{ linkType: 'external', link: 'javascript:alert(1)' }, 'O link externo deve ser uma URL http:// ou https:// válida.'],
    [{ linkType: 'external', link: '/calculators/x' }, 'O link externo deve ser uma URL http:// ou https:// válida.'],
    [{ link: `/${'a'.repeat(2000)}` }, 'O link deve ter no máximo 2000 caracteres'],
    [{ linkType: 'custom', customHtml: 'x'.repeat(200 * 1024 + 1) }, 'O HTML personalizado deve ter no máximo 200 KB'],
    [
      { restrictedCpfs: '3905334470, 52998224725' },
      'CPF inválido na lista de restrição: "3905334470". Informe CPFs de 11 dígitos separados por vírgula.',
    ],
    [
      { restrictedCpfs: 'abc39053344705' },
      'CPF inválido na lista de restrição: "abc39053344705". Informe CPFs de 11 dígitos separados por vírgula.',
    ],
    [{ restrictedCpfs: 42 }, 'A lista de CPFs deve ser um texto com CPFs separados por vírgula.'],
  ])('%j answers 400 with its message and creates nothing', async (change, message) => {
    const response = await create({ ...VALID, ...change }, signed.admin.cookie);
    expect(response.status).toBe(400);
    expect(await body(response)).toEqual({ message });
    expect(rows()).toHaveLength(0);
  });

  test('a malformed JSON body answers 400', async () => {
    const response = await create('{"name": ', signed.admin.cookie);
    expect(response.status).toBe(400);
    expect(rows()).toHaveLength(0);
  });

  test('a cross-site request is refused with 403 and creates nothing', async () => {
    const response = await create(VALID, signed.admin.cookie, { Origin: 'https://evil.example' });
    expect(response.status).toBe(403);
    expect(rows()).toHaveLength(0);
  });
});

describe('PATCH /api/tools/{id} as admin', () => {
  test('changes the given fields and keeps the others', async () => {
    const tool = insertTool();
    const response = await patch(tool.id, { name: 'Vigas Biapoiadas', accessLevel: 'E-MASTER' }, signed.admin.cookie);
    expect(response.status).toBe(200);
    expect(await body(response)).toMatchObject({ id: tool.id, name: 'Vigas Biapoiadas', accessLevel: 'E-MASTER', link: VALID.link });
    expect(rows()[0]).toMatchObject({ name: 'Vigas Biapoiadas', accessLevel: 'E-MASTER', link: VALID.link, category: 'mechanical' });
  });

  test('accepts the full object, and switching to custom sets # and keeps the HTML', async () => {
    const tool = insertTool();
    const response = await patch(tool.id, { ...VALID, linkType: 'custom', customHtml: '<p>novo</p>' }, signed.admin.cookie);
    expect(await body(response)).toMatchObject({ linkType: 'custom', link: '#', customHtml: '<p>novo</p>' });
  });

  test('switching a custom tool to internal clears its HTML and needs a real link', async () => {
    const tool = insertTool({ linkType: 'custom', link: '#', customHtml: '<p>x</p>' });
    const missing = await patch(tool.id, { linkType: 'internal' }, signed.admin.cookie);
    expect(missing.status).toBe(400);
    expect(await body(missing)).toEqual({ message: 'Link must not be empty' });
    const ok = await body(await patch(tool.id, { linkType: 'internal', link: '/calculators/ipv4' }, signed.admin.cookie));
    expect(ok).toMatchObject({ linkType: 'internal', link: '/calculators/ipv4', customHtml: null });
  });

  test('null clears the CPF whitelist', async () => {
    const tool = insertTool({ restrictedCpfs: '39053344705' });
    expect((await body(await patch(tool.id, { restrictedCpfs: null }, signed.admin.cookie))).restrictedCpfs).toBeNull();
  });

  test.each([
    [{ name: 'x' }, 'O nome deve ter pelo menos 3 caracteres'],
    [{ linkType: 'external' }, 'O link externo deve ser uma URL http:// ou https:// válida.'],
    [{ category: 'civil' }, 'Categoria inválida'],
  ])('%j answers 400 with its message and changes nothing', async (change, message) => {
    const tool = insertTool();
    const response = await patch(tool.id, change, signed.admin.cookie);
    expect(response.status).toBe(400);
    expect(await body(response)).toEqual({ message });
    expect(rows()[0]).toMatchObject(VALID);
  });

  test('a missing or malformed id answers 404', async () => {
    expect((await patch(999999, { name: 'Qualquer' }, signed.admin.cookie)).status).toBe(404);
    expect((await patch('abc', { name: 'Qualquer' }, signed.admin.cookie)).status).toBe(404);
  });
});

describe('DELETE /api/tools/{id} as admin', () => {
  test('removes the tool and its ratings; a second delete is 404', async () => {
    const tool = insertTool({ accessLevel: 'E-BASIC' });
    rateTool({ id: signed['E-BASIC'].id, role: 'E-BASIC', cpf: null }, tool.id, { rating: 5, comment: null });
    expect(db.select().from(toolRatings).where(eq(toolRatings.toolId, tool.id)).all()).toHaveLength(1);

    const response = await remove(tool.id, signed.admin.cookie);
    expect(response.status).toBe(200);
    expect(rows()).toHaveLength(0);
    expect(db.select().from(toolRatings).where(eq(toolRatings.toolId, tool.id)).all()).toHaveLength(0);
    expect((await remove(tool.id, signed.admin.cookie)).status).toBe(404);
  });
});

describe('GET /api/tools as admin', () => {
  test('answers the full tools, with HTML and CPF whitelist, for management', async () => {
    insertTool({ linkType: 'custom', link: '#', customHtml: '<p>admin vê</p>', restrictedCpfs: '39053344705' });
    const list = await body<Array<Record<string, unknown>>>(
      await call(toolsLoader, getRequest('/api/tools', { cookie: signed.admin.cookie })),
    );
    expect(list).toEqual([
      expect.objectContaining({ customHtml: '<p>admin vê</p>', restrictedCpfs: '39053344705', locked: false, createdBy: null }),
    ]);
  });
});

describe.each(['E-BASIC', 'E-TOOL', 'E-MASTER'] as const)('as %s', (role) => {
  test('POST, PATCH and DELETE answer 403 "Acesso negado" and change nothing', async () => {
    const tool = insertTool();
    const cookie = signed[role].cookie;
    for (const response of [
      await create(VALID, cookie),
      await patch(tool.id, { name: 'Invasão' }, cookie),
      await remove(tool.id, cookie),
    ]) {
      expect(response.status).toBe(403);
      expect(await body(response)).toEqual({ message: 'Acesso negado' });
    }
    expect(rows()).toEqual([tool]);
  });

  test('GET /api/tools gives HTML only of custom tools the user may use, and never the CPF whitelist', async () => {
    insertTool({ accessLevel: 'E-BASIC', linkType: 'custom', link: '#', customHtml: '<p>aberto</p>' });
    insertTool({ accessLevel: 'E-MASTER', linkType: 'custom', link: '#', customHtml: '<p>segredo</p>' });
    const text = await (await call(toolsLoader, getRequest('/api/tools', { cookie: signed[role].cookie }))).text();
    expect(text).toContain('<p>aberto</p>');
    if (role === 'E-MASTER') expect(text).toContain('<p>segredo</p>');
    else expect(text).not.toContain('segredo');
    expect(text).not.toContain('restrictedCpfs');
  });
});

describe('anonymous', () => {
  test('POST, PATCH and DELETE answer 401 and change nothing', async () => {
    const tool = insertTool();
    for (const response of [await create(VALID), await patch(tool.id, { name: 'Invasão' }), await remove(tool.id)]) {
      expect(response.status).toBe(401);
      expect(await body(response)).toEqual({ message: 'Não autenticado' });
    }
    expect(rows()).toEqual([tool]);
  });
});
