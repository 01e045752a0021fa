import { beforeAll, describe, expect, test } from 'vitest';
import { getCalculator } from '~/calculators';
import { loader as reportLoader } from '~/routes/_app+/calculators.$slug_.report';
import { call, createUser, expectRedirect, getRequest, sessionCookie } from '../setup/helpers';

const SHAFT = 'torque-eixo'; // E-BASIC
const DROP = 'queda-tensao-condutor'; // E-TOOL
const SHAFT_QUERY = 'power=7%2C5&power_unit=kW&speed=1750&allowableShear=40&allowableShear_unit=MPa&bendingMoment=0&keyway=yes';
const DROP_QUERY = 'system=single&voltage=220&current=20&length=30&section=2%2C5&powerFactor=1&material=cu&temperature=70&circuit=terminal';

let basic: Awaited<ReturnType<typeof createUser>>;
let basicCookie: string;

beforeAll(async () => {
  basic = await createUser({ fullName: 'Bruna Ferraz Teixeira' });
  basicCookie = await sessionCookie(basic);
});

async function report(slug: string, query: string, cookie = basicCookie) {
  const response = await call(reportLoader, getRequest(`/calculators/${slug}/report${query ? `?${query}` : ''}`, { cookie }), { slug });
  const text = await response.text();
  const isJson = response.headers.get('Content-Type')?.includes('application/json');
  return { status: response.status, text, data: isJson ? JSON.parse(text) : null };
}

describe('the calculation report (memorial de cálculo)', () => {
  test('has the inputs in the user’s units, method, formula, steps, results, warnings, references, date, version and user', async () => {
    const before = Date.now();
    const { status, data } = await report(SHAFT, SHAFT_QUERY);
    expect(status).toBe(200);
    const calculator = getCalculator(SHAFT)!;
    expect(data.state).toBe('ok');
    expect(data.header).toMatchObject({
      title: calculator.title,
      summary: calculator.summary,
      version: calculator.version,
      level: 'E-BASIC',
    });
    // 'Gerado por' is the person's full name, not the login (issue 27, item 8).
    expect(data.generatedBy).toBe('Bruna Ferraz Teixeira');
    expect(data.generatedAt).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    const [day, month, year] = data.generatedAt.split(' ')[0].split('/').map(Number);
    expect(Math.abs(Date.UTC(year, month - 1, day) - before)).toBeLessThan(2 * 86_400_000);
    expect(data.inputs).toEqual([
      { name: 'power', label: 'Potência transmitida P', value: '7,5', unit: 'kW' },
      { name: 'speed', label: 'Rotação n', value: '1750', unit: 'rpm' },
      { name: 'allowableShear', label: 'Tensão de cisalhamento admissível τ_adm', value: '40', unit: 'MPa' },
      { name: 'bendingMoment', label: 'Momento fletor no trecho M', value: '0', unit: 'N·m' },
      { name: 'keyway', label: 'Há rasgo de chaveta no trecho?', value: 'Sim', unit: '' },
    ]);
    expect(data.formula).toBe(calculator.formula);
    expect(data.references).toEqual(calculator.references);
    expect(data.disclaimer).toBe(calculator.disclaimer);
    expect(data.result.steps.length).toBeGreaterThan(0);
    expect(data.result.results.find((item: { key: string }) => item.key === 'torque').value).toBeCloseTo(40.926, 3);
    expect(data.result.warnings.length).toBeGreaterThan(0);
    expect(data.formHref).toBe(
      `/calculators/${SHAFT}?${SHAFT_QUERY.replace('bendingMoment=0', 'bendingMoment=0&bendingMoment_unit=N.m').replace('speed=1750', 'speed=1750&speed_unit=rpm')}`,
    );
  });

  test('invalid inputs answer 400 with the field messages and a link back to the form, no report', async () => {
    const { status, data, text } = await report(SHAFT, 'power=&speed=abc&allowableShear=40&bendingMoment=0&keyway=no');
    expect(status).toBe(400);
    expect(data.state).toBe('invalid');
    expect(data.errors).toEqual([
      { name: 'power', label: 'Potência transmitida P', message: 'Informe um número.' },
      { name: 'speed', label: 'Rotação n', message: 'Use apenas números (ex.: 2,5).' },
    ]);
    expect(data.formHref).toBe(`/calculators/${SHAFT}?power=&speed=abc&allowableShear=40&bendingMoment=0&keyway=no`);
    expect(text).not.toContain('"results"');
  });

  test('a locked calculator answers 403 with the locked state and computes nothing', async () => {
    const { status, data, text } = await report(DROP, DROP_QUERY);
    expect(status).toBe(403);
    expect(data).toMatchObject({ state: 'locked', header: { level: 'E-TOOL' } });
    expect(text).not.toContain('results');
    expect(text).not.toContain('formula');
    const tool = await createUser({ role: 'E-TOOL' });
    const opened = await report(DROP, DROP_QUERY, await sessionCookie(tool));
    expect(opened.status).toBe(200);
    expect(opened.data.result.warnings.join(' ')).toMatch(/acima do limite de 4 %/);
  });

  test('an unknown calculator is a 404; visitors go to the login page', async () => {
    expect((await report('nao-existe', SHAFT_QUERY)).status).toBe(404);
    const anonymous = await call(reportLoader, getRequest(`/calculators/${SHAFT}/report`), { slug: SHAFT });
    expectRedirect(anonymous, '/auth?redirectTo=%2Fcalculators%2Ftorque-eixo%2Freport');
  });
});
