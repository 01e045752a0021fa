import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { db } from '../../db/client';
import { tools } from '../../db/schema';
import { calculators } from '~/calculators';
import { loader as indexLoader } from '~/routes/_app+/calculators._index';
import { loader as pageLoader } from '~/routes/_app+/calculators.$slug';
import { call, createUser, expectRedirect, getRequest, sessionCookie } from '../setup/helpers';

/**
 * /calculators/{slug} is a GET form: the query string is the calculation. Status codes chosen:
 * 200 with the result; 400 with one Portuguese message per field when the inputs are invalid
 * (never 500); 403 with the locked state and nothing computed; 404 for unknown or CPF-hidden.
 */

type Result = { key: string; value: number | string; unit: string };
type PageData = {
  locked: boolean;
  header: { title: string; level: string; version: string };
  values?: Record<string, string>;
  outcome?:
    | null
    | { ok: true; result: { results: Result[]; steps: unknown[]; warnings: string[] }; query: string; shareUrl: string; reportHref: string }
    | { ok: false; fieldErrors: Record<string, string> };
};

const SHAFT = 'torque-eixo'; // E-BASIC
const DROP = 'queda-tensao-condutor'; // E-TOOL
const HEAT = 'trocador-calor-lmtd'; // E-MASTER

let cookies: Record<'basic' | 'tool' | 'master' | 'admin', string>;

beforeAll(async () => {
  const [basic, tool, master, admin] = await Promise.all([
    createUser(),
    createUser({ role: 'E-TOOL' }),
    createUser({ role: 'E-MASTER' }),
    createUser({ role: 'admin' }),
  ]);
  cookies = {
    basic: await sessionCookie(basic),
    tool: await sessionCookie(tool),
    master: await sessionCookie(master),
    admin: await sessionCookie(admin),
  };
});

beforeEach(() => {
  db.delete(tools).run();
});

async function open(slug: string, query: string, cookie: string) {
  const response = await call(pageLoader, getRequest(`/calculators/${slug}${query}`, { cookie }), { slug });
  const text = await response.text();
  const isJson = response.headers.get('Content-Type')?.includes('application/json');
  return { status: response.status, text, data: (isJson ? JSON.parse(text) : null) as PageData };
}

const resultOf = (data: PageData, key: string) => {
  if (!data.outcome?.ok) throw new Error(`no result: ${JSON.stringify(data.outcome)}`);
  return data.outcome.result.results.find((item) => item.key === key)?.value;
};

describe('computing from the query string', () => {
  test('decimal commas and units in the URL: Shigley torque and shaft diameter (7,5 kW at 1750 rpm, 40 MPa)', async () => {
    const { status, data } = await open(
      SHAFT,
      '?power=7%2C5&power_unit=kW&speed=1750&speed_unit=rpm&allowableShear=40&allowableShear_unit=MPa&bendingMoment=0&bendingMoment_unit=N.m&keyway=no',
      cookies.basic,
    );
    expect(status).toBe(200);
    expect(data.locked).toBe(false);
    expect(resultOf(data, 'torque')).toBeCloseTo(40.926, 3);
    expect(resultOf(data, 'minDiameter')).toBeCloseTo(17.34, 2);
    expect(data.values?.power).toBe('7,5');
  });

  test('the same power in cv gives the same torque as in W', async () => {
    const inWatts = await open(
      SHAFT,
      '?power=735.49875&power_unit=W&speed=1000&allowableShear=40&bendingMoment=0&keyway=no',
      cookies.basic,
    );
    const inCv = await open(SHAFT, '?power=1&power_unit=cv&speed=1000&allowableShear=40&bendingMoment=0&keyway=no', cookies.basic);
    expect(resultOf(inCv.data, 'torque')).toBeCloseTo(resultOf(inWatts.data, 'torque') as number, 9);
  });

  test('the share link carries a canonical query that computes the same result', async () => {
    const first = await open(
      DROP,
      '?system=single&voltage=220&current=20&length=30&section=2%2C5&powerFactor=1&material=cu&temperature=70&circuit=terminal&junk=1',
      cookies.tool,
    );
    expect(first.status).toBe(200);
    if (!first.data.outcome?.ok) throw new Error('expected a result');
    const { query, shareUrl, reportHref } = first.data.outcome;
    expect(query).not.toContain('junk');
    expect(query).toContain('section=2%2C5');
    // Without PUBLIC_ORIGIN the link is relative (the page shows it on the browser's own origin).
    expect(shareUrl).toBe(`/calculators/${DROP}?${query}`);
    expect(reportHref).toBe(`/calculators/${DROP}/report?${query}`);
    const again = await open(DROP, `?${query}`, cookies.tool);
    expect(again.data.outcome).toEqual(first.data.outcome);
    // The hot conductor (70 °C) breaks the 4 % terminal-circuit limit: a warning beside the result.
    expect(resultOf(first.data, 'voltageDropPercent')).toBeCloseTo(4.5, 1);
    expect(first.data.outcome.result.warnings.join(' ')).toMatch(/acima do limite de 4 %/);
  });

  test('without inputs in the URL the form shows the example values and computes nothing', async () => {
    const { status, data } = await open(SHAFT, '', cookies.basic);
    expect(status).toBe(200);
    expect(data.outcome).toBeNull();
    expect(data.values).toMatchObject({ power: '7,5', power_unit: 'kW', speed: '1750', keyway: 'no' });
  });

  test('invalid inputs answer 400 with a Portuguese message beside each field, and no result', async () => {
    const { status, data, text } = await open(SHAFT, '?power=abc&speed=-5&allowableShear=&bendingMoment=0&keyway=talvez', cookies.basic);
    expect(status).toBe(400);
    expect(data.outcome).toEqual({
      ok: false,
      fieldErrors: {
        power: 'Use apenas números (ex.: 2,5).',
        speed: 'O valor não pode ser negativo.',
        allowableShear: 'Informe um número.',
        keyway: 'Escolha uma das opções da lista.',
      },
    });
    expect(text).not.toContain('"results"');
    // What the user typed comes back into the form.
    expect(data.values).toMatchObject({ power: 'abc', speed: '-5', allowableShear: '' });
  });

  test('combinations a formula cannot take are field errors too: Swamee–Jain below Re = 5000', async () => {
    // Water at 20 °C, D = 50 mm, Q = 0,12 L/s: Re ≈ 3050 (transitional), outside Swamee–Jain's range.
    const query =
      '?flowRate=0%2C12&flowRate_unit=L%2Fs&diameter=50&diameter_unit=mm&length=100&roughness=0%2C045&density=998%2C2&viscosity=1%2C002&fittingsK=0';
    const { status, data } = await open('perda-carga-tubulacao', `${query}&method=swamee-jain`, cookies.tool);
    expect(status).toBe(400);
    if (!data.outcome || data.outcome.ok) throw new Error('expected field errors');
    expect(Object.keys(data.outcome.fieldErrors)).toEqual(['method']);
    expect(data.outcome.fieldErrors.method).toMatch(/^Swamee–Jain vale apenas para 5·10³ ≤ Re ≤ 10⁸/);
    // Colebrook computes it, with the transitional-regime warning beside the result.
    const colebrook = await open('perda-carga-tubulacao', `${query}&method=colebrook`, cookies.tool);
    expect(colebrook.status).toBe(200);
    if (!colebrook.data.outcome?.ok) throw new Error('expected a result');
    expect(colebrook.data.outcome.result.warnings.join(' ')).toMatch(/Regime de transição/);
  });

  test('an unknown slug is a 404', async () => {
    const response = await call(pageLoader, getRequest('/calculators/nao-existe', { cookie: cookies.admin }), { slug: 'nao-existe' });
    expect(response.status).toBe(404);
  });

  test('visitors are sent to the login page', async () => {
    const response = await call(pageLoader, getRequest(`/calculators/${SHAFT}?power=1`), { slug: SHAFT });
    expectRedirect(response, `/auth?redirectTo=${encodeURIComponent(`/calculators/${SHAFT}?power=1`)}`);
  });
});

describe('access', () => {
  const DROP_QUERY =
    '?system=single&voltage=220&current=20&length=30&section=2%2C5&powerFactor=1&material=cu&temperature=70&circuit=terminal';

  test('an E-BASIC user opening an E-TOOL calculator by URL gets 403, the locked state and no computed numbers', async () => {
    const { status, data, text } = await open(DROP, DROP_QUERY, cookies.basic);
    expect(status).toBe(403);
    expect(data.locked).toBe(true);
    expect(data.header.level).toBe('E-TOOL');
    expect(data).not.toHaveProperty('outcome');
    expect(text).not.toContain('results');
    expect(text).not.toContain('voltageDrop');
    expect(text).not.toMatch(/\d,\d\d/);
  });

  test('E-TOOL, E-MASTER and admin users open it and get the result', async () => {
    for (const cookie of [cookies.tool, cookies.master, cookies.admin]) {
      const { status, data } = await open(DROP, DROP_QUERY, cookie);
      expect(status).toBe(200);
      expect(resultOf(data, 'voltageDrop')).toBeCloseTo(9.9, 1);
    }
  });

  test('an E-TOOL user is refused an E-MASTER calculator', async () => {
    expect((await open(HEAT, '', cookies.tool)).status).toBe(403);
    expect((await open(HEAT, '', cookies.master)).status).toBe(200);
  });

  test("the tool row's level overrides the calculator's own, both ways", async () => {
    db.insert(tools)
      .values([
        {
          name: 'Torque',
          description: 'Torque em eixos.',
          category: 'mechanical',
          accessLevel: 'E-MASTER',
          linkType: 'internal',
          link: `/calculators/${SHAFT}`,
        },
        {
          name: 'Queda',
          description: 'Queda de tensão.',
          category: 'electrical',
          accessLevel: 'E-BASIC',
          linkType: 'internal',
          link: `/calculators/${DROP}`,
        },
      ])
      .run();
    const shaft = await open(SHAFT, '?power=7%2C5&speed=1750&allowableShear=40&bendingMoment=0&keyway=no', cookies.basic);
    expect(shaft.status).toBe(403);
    expect(shaft.data.header.level).toBe('E-MASTER');
    expect(shaft.text).not.toContain('results');
    const drop = await open(DROP, DROP_QUERY, cookies.basic);
    expect(drop.status).toBe(200);
    expect(drop.data.header.level).toBe('E-BASIC');
  });

  test('a tool row restricted to CPFs hides the calculator (404) from everyone else and opens it to them', async () => {
    const insider = await createUser({ role: 'E-BASIC' });
    db.insert(tools)
      .values({
        name: 'Calor',
        description: 'LMTD.',
        category: 'chemical',
        accessLevel: 'E-MASTER',
        linkType: 'internal',
        link: `/calculators/${HEAT}`,
        restrictedCpfs: insider.cpf,
      })
      .run();
    expect((await open(HEAT, '', cookies.master)).status).toBe(404);
    expect((await open(HEAT, '', await sessionCookie(insider))).status).toBe(200);
    expect((await open(HEAT, '', cookies.admin)).status).toBe(200);
  });
});

describe('the calculators index', () => {
  type IndexData = {
    categories: Array<{ category: string; calculators: Array<{ slug: string; level: string; locked: boolean; href: string | null }> }>;
  };
  const index = async (cookie: string) => {
    const response = await call(indexLoader, getRequest('/calculators', { cookie }));
    expect(response.status).toBe(200);
    return ((await response.json()) as IndexData).categories;
  };

  test('lists all fifteen by category, each with its level; locked ones flagged and without a link', async () => {
    const categories = await index(cookies.basic);
    expect(categories.map((group) => group.category)).toEqual(['mechanical', 'electrical', 'textile', 'informatics', 'chemical']);
    const all = categories.flatMap((group) => group.calculators);
    expect(all).toHaveLength(calculators.length);
    for (const item of all) {
      const calculator = calculators.find((candidate) => candidate.slug === item.slug)!;
      expect(item.level).toBe(calculator.accessLevel);
      expect(item.locked).toBe(calculator.accessLevel !== 'E-BASIC');
      expect(item.href).toBe(item.locked ? null : `/calculators/${item.slug}`);
    }
  });

  test('E-MASTER opens everything; a CPF-restricted calculator disappears for others', async () => {
    expect((await index(cookies.master)).flatMap((group) => group.calculators).every((item) => !item.locked)).toBe(true);
    db.insert(tools)
      .values({
        name: 'Calor',
        description: 'LMTD.',
        category: 'chemical',
        accessLevel: 'E-BASIC',
        linkType: 'internal',
        link: `/calculators/${HEAT}`,
        restrictedCpfs: '52998224725',
      })
      .run();
    const slugs = (await index(cookies.master)).flatMap((group) => group.calculators.map((item) => item.slug));
    expect(slugs).not.toContain(HEAT);
    expect(slugs).toHaveLength(calculators.length - 1);
  });
});
