import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { db } from '../../db/client';
import { memorialProfiles } from '../../db/schema';
import { calculators, defaultParams, getCalculator, runCalculator } from '~/calculators';
import { getMemorialProfile, saveMemorialProfile } from '~/models/tools/memorial-profile.server';
import * as appLayout from '~/routes/_app+/_layout';
import * as reportPage from '~/routes/_app+/calculators.$slug_.report';
import { EMPTY_MEMORIAL_PROFILE, MEMORIAL_MESSAGES } from '~/schemas/memorial-profile';
import { readToast } from '~/utils/toast.server';
import { documentHandler } from './helpers/document-handler';
import { BASE_URL, call, createUser, expectRedirect, formRequest, getRequest, sessionCookie } from '../setup/helpers';

const SHAFT = 'torque-eixo'; // E-BASIC, no standards
const DROP = 'queda-tensao-condutor'; // E-TOOL
const SHAFT_QUERY = 'power=7%2C5&power_unit=kW&speed=1750&allowableShear=40&bendingMoment=0&keyway=yes';
const DROP_QUERY = 'system=single&voltage=220&current=20&length=30&section=2%2C5&powerFactor=1&material=cu&temperature=70&circuit=terminal';
const REPORT = `/calculators/${SHAFT}/report?${SHAFT_QUERY}`;

const PROJECT = {
  projectName: 'Galpão Industrial Norte',
  client: 'Metalúrgica Paulista Ltda.',
  place: 'Campinas/SP',
  engineerName: 'Ana Beatriz Souza',
  crea: 'PR-98765/D',
  art: '28027230201234567',
};

type User = Awaited<ReturnType<typeof createUser>>;
let a: User;
let b: User;
let aCookie: string;
let bCookie: string;

beforeAll(async () => {
  a = await createUser();
  b = await createUser();
  aCookie = await sessionCookie(a);
  bCookie = await sessionCookie(b);
});

const serve = documentHandler([
  { id: 'routes/_app+/_layout', parentId: 'root', module: appLayout },
  { id: 'routes/_app+/calculators.$slug_.report', parentId: 'routes/_app+/_layout', path: 'calculators/:slug/report', module: reportPage },
]);

/** The visible page: the document without its scripts (the serialized loader data is checked apart). */
const markup = (text: string) => text.replace(/<script[\s\S]*?<\/script>/g, '').replaceAll('<!-- -->', '');

function post(path: string, fields: Record<string, string>, cookie: string, slug = SHAFT) {
  return call(reportPage.action, formRequest(path, { intent: 'project', ...fields }, { cookie }), { slug });
}

async function report(path: string, cookie: string, slug = SHAFT) {
  const response = await call(reportPage.loader, getRequest(path, { cookie }), { slug });
  return { status: response.status, data: await response.json() };
}

describe("the memorial's 'Dados do projeto'", () => {
  test('saved without JavaScript (a plain form post): back to the same memorial, query included, with a toast; then printed in it', async () => {
    const response = await post(REPORT, PROJECT, aCookie);
    expectRedirect(response, `/calculators/${SHAFT}/report?${SHAFT_QUERY}`);
    const cookie = response.headers.getSetCookie().find((header) => header.startsWith('en_toast='))!;
    const { toast } = await readToast(new Request(BASE_URL, { headers: { Cookie: cookie.split(';')[0] } }));
    expect(toast).toMatchObject({ title: 'Dados do projeto salvos', type: 'success' });

    const { status, data } = await report(REPORT, aCookie);
    expect(status).toBe(200);
    expect(data.profile).toEqual(PROJECT);

    const page = await serve(getRequest(REPORT, { cookie: aCookie }));
    expect(page.status).toBe(200);
    const html = markup(await page.text());
    for (const value of [
      'Galpão Industrial Norte',
      'Metalúrgica Paulista Ltda.',
      'Campinas/SP',
      'Ana Beatriz Souza',
      'PR-98765/D',
      '28027230201234567',
    ]) {
      expect(html).toContain(value);
    }
    expect(html).toContain('Assinatura do responsável técnico');
    expect(html).toContain('Normas e versão');
    // The form posts back to the memorial itself, its query string (the calculation) included, so the redirect can keep it.
    const action = /<form[^>]*id="memorial-project"[^>]*>/.exec(html)?.[0] ?? '';
    expect(action).toContain('method="post"');
    expect(action).toContain(`action="/calculators/${SHAFT}/report?${SHAFT_QUERY.replaceAll('&', '&amp;')}"`);
    // The form comes back filled for the next memorial.
    expect(html).toMatch(/<input[^>]*name="crea"[^>]*value="PR-98765\/D"|<input[^>]*value="PR-98765\/D"[^>]*name="crea"/);
    expect(html).toContain('@page');
    expect(html).toContain('counter(pages)');
  });

  test('another calculator’s memorial of the same user offers the same data', async () => {
    saveMemorialProfile(a.id, PROJECT);
    const admin = await createUser({ role: 'admin' });
    saveMemorialProfile(admin.id, { projectName: 'Do administrador' });
    const { data } = await report(`/calculators/${DROP}/report?${DROP_QUERY}`, await sessionCookie(admin), DROP);
    expect(data.profile).toEqual({ ...EMPTY_MEMORIAL_PROFILE, projectName: 'Do administrador' });
  });

  test("user B never sees A's project data, and B's post changes only B's", async () => {
    saveMemorialProfile(a.id, PROJECT);
    const before = await report(REPORT, bCookie);
    expect(before.data.profile).toEqual(EMPTY_MEMORIAL_PROFILE);
    const page = markup(await (await serve(getRequest(REPORT, { cookie: bCookie }))).text());
    for (const value of Object.values(PROJECT)) expect(page).not.toContain(value);

    expectRedirect(await post(REPORT, { projectName: 'Obra de B' }, bCookie), /\/report\?/);
    expect(getMemorialProfile(a.id)).toEqual(PROJECT);
    expect(getMemorialProfile(b.id)).toEqual({ ...EMPTY_MEMORIAL_PROFILE, projectName: 'Obra de B' });
  });

  test('bad values answer 400 with the message beside the field, and nothing is written', async () => {
    saveMemorialProfile(a.id, PROJECT);
    const tooLong = await post(REPORT, { ...PROJECT, projectName: 'x'.repeat(121) }, aCookie);
    expect(tooLong.status).toBe(400);
    expect((await tooLong.json()).result.error).toEqual({ projectName: ['Use no máximo 120 caracteres.'] });

    const badCrea = await post(REPORT, { ...PROJECT, crea: 'CREA <b>' }, aCookie);
    expect(badCrea.status).toBe(400);
    expect((await badCrea.json()).result.error).toEqual({ crea: [MEMORIAL_MESSAGES.crea] });

    const hidden = await post(REPORT, { ...PROJECT, client: 'Cliente\r\nSet-Cookie: x=1' }, aCookie);
    expect(hidden.status).toBe(400);
    expect((await hidden.json()).result.error).toEqual({ client: [MEMORIAL_MESSAGES.hidden] });

    expect(getMemorialProfile(a.id)).toEqual(PROJECT);
  });

  test('the page shows the field message without JavaScript (the form re-rendered with the reply)', async () => {
    const response = await serve(formRequest(REPORT, { intent: 'project', ...PROJECT, art: 'ART?!' }, { cookie: aCookie }));
    expect(response.status).toBe(400);
    const html = markup(await response.text());
    expect(html).toContain(MEMORIAL_MESSAGES.art);
    expect(html).toMatch(/<input[^>]*aria-invalid="true"[^>]*name="art"|<input[^>]*name="art"[^>]*aria-invalid="true"/);
  });

  test('the post follows the calculator’s access: locked 403, unknown 404, visitors to the login, and nothing is written', async () => {
    db.delete(memorialProfiles).where(eq(memorialProfiles.userId, b.id)).run();
    const locked = await post(`/calculators/${DROP}/report?${DROP_QUERY}`, PROJECT, bCookie, DROP);
    expect(locked.status).toBe(403);
    const unknown = await post('/calculators/nao-existe/report', PROJECT, bCookie, 'nao-existe');
    expect(unknown.status).toBe(404);
    expect(getMemorialProfile(b.id)).toEqual(EMPTY_MEMORIAL_PROFILE);
    const anonymous = await call(reportPage.action, formRequest(REPORT, { intent: 'project', ...PROJECT }), { slug: SHAFT });
    expectRedirect(anonymous, /^\/auth\?redirectTo=/);
  });
});

describe("the memorial's 'Normas e versão'", () => {
  test('lists each standard with its edition beside the calculator version; without standards, only the version', async () => {
    const master = await createUser({ role: 'E-MASTER' });
    const cookie = await sessionCookie(master);
    const withStandards = calculators.find((calculator) => (calculator.standards?.length ?? 0) > 0)!;
    expect(withStandards, 'a calculator that names its standards').toBeDefined();
    const path = `/calculators/${withStandards.slug}/report?${new URLSearchParams(defaultParams(withStandards))}`;
    const { status, data } = await report(path, cookie, withStandards.slug);
    expect(status).toBe(200);
    expect(data.standards).toEqual(withStandards.standards);
    const html = markup(await (await serve(getRequest(path, { cookie }))).text());
    for (const standard of withStandards.standards!) {
      expect(html).toContain(standard.code);
      expect(html).toContain(standard.edition);
    }
    expect(html).toContain(`data-testid="report-version">${withStandards.version}<`);

    expect(getCalculator(SHAFT)!.standards).toBeUndefined();
    const plain = markup(await (await serve(getRequest(REPORT, { cookie }))).text());
    expect(plain).toContain(`data-testid="report-version">${getCalculator(SHAFT)!.version}<`);
    expect(plain).not.toContain('data-testid="memorial-standards"');
  });
});

describe("the memorial's 'Diagramas'", () => {
  test("a result's diagrams are in the server's HTML (so printed without JavaScript), after the results and before the steps", async () => {
    const tool = await createUser({ role: 'E-TOOL' });
    const beam = getCalculator('deflexao-viga')!;
    const query = new URLSearchParams(defaultParams(beam)).toString();
    const run = runCalculator(beam, new URLSearchParams(query), { figures: true });
    if (!run.ok) throw new Error('the example inputs must compute');
    const figures = run.result.figures ?? [];
    expect(figures.length, 'the beam draws its diagrams').toBeGreaterThan(0);

    const html = markup(
      await (await serve(getRequest(`/calculators/${beam.slug}/report?${query}`, { cookie: await sessionCookie(tool) }))).text(),
    );
    const at = (text: string) => html.indexOf(text);
    expect(at('Diagramas')).toBeGreaterThan(at('Resultados'));
    expect(at('Desenvolvimento')).toBeGreaterThan(at('Diagramas'));
    for (const figure of figures) {
      expect(html).toContain(`data-figure-id="${figure.id}"`);
      expect(html).toContain(figure.svg);
    }
    expect(html).toMatch(/<svg[^>]*role="img"/);
  });

  test('a result without diagrams has no such section', async () => {
    const master = await createUser({ role: 'E-MASTER' });
    const plain = calculators.find((calculator) => {
      const run = runCalculator(calculator, new URLSearchParams(defaultParams(calculator)), { figures: true });
      return run.ok && !run.result.figures?.length;
    });
    expect(plain, 'a calculator that draws no diagram (the yarn count conversion, the solution molarity)').toBeDefined();
    const path = `/calculators/${plain!.slug}/report?${new URLSearchParams(defaultParams(plain!))}`;
    const html = markup(await (await serve(getRequest(path, { cookie: await sessionCookie(master) }))).text());
    expect(html).toContain('Resultados');
    expect(html).not.toContain('Diagramas');
    expect(html).not.toContain('data-testid="memorial-figures"');
  });
});
