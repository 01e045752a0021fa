import { readFileSync } from 'node:fs';
import { afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { db } from '../../db/client';
import { courses, tools } from '../../db/schema';
import { getCalculator } from '~/calculators';
import * as catchAll from '~/routes/$';
import * as appLayout from '~/routes/_app+/_layout';
import * as calculatorPage from '~/routes/_app+/calculators.$slug';
import * as coursePage from '~/routes/_app+/courses.$id';
import * as landing from '~/routes/_marketing+/_index';
import * as preview from '~/routes/_marketing+/preview';
import { sortKey } from '~/utils/fold';
import { isLinkPreviewRequest } from '~/utils/link-preview';
import { BASE_URL, createUser, sessionCookie } from '../setup/helpers';
import { documentHandler } from './helpers/document-handler';

const ORIGIN = 'https://e-engenharia.example';
const SHAFT = 'torque-eixo'; // E-BASIC
const DROP = 'queda-tensao-condutor'; // E-TOOL
const SHAFT_QUERY =
  'power=7%2C5&power_unit=kW&speed=1750&speed_unit=rpm&allowableShear=40&allowableShear_unit=MPa&bendingMoment=0&bendingMoment_unit=N.m&keyway=no';

const WHATSAPP = 'WhatsApp/2.23.20.0 A';
const TEAMS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) SkypeUriPreview Preview/0.5 skype-url-preview@microsoft.com';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.0.0 Safari/537.36';

const serve = documentHandler([
  { id: 'routes/_marketing+/_index', parentId: 'root', index: true, module: landing },
  { id: 'routes/_marketing+/preview', parentId: 'root', path: 'preview', module: preview },
  { id: 'routes/_app+/_layout', parentId: 'root', module: appLayout },
  { id: 'routes/_app+/calculators.$slug', parentId: 'routes/_app+/_layout', path: 'calculators/:slug', module: calculatorPage },
  { id: 'routes/_app+/courses.$id', parentId: 'routes/_app+/_layout', path: 'courses/:id', module: coursePage },
  { id: 'routes/$', parentId: 'root', path: '*', module: catchAll },
]);

const get = (path: string, headers: Record<string, string> = {}) =>
  serve(new Request(`${BASE_URL}${path}`, { headers: { 'User-Agent': BROWSER, ...headers } }));

/** The <head>'s meta tags by property or name (the first of each). */
function metaOf(html: string): Record<string, string> {
  const head = html.slice(0, html.indexOf('</head>'));
  const tags: Record<string, string> = {};
  for (const [tag] of head.matchAll(/<meta [^>]*>/g)) {
    const key = /(?:property|name)="([^"]+)"/.exec(tag)?.[1];
    const content = /content="([^"]*)"/.exec(tag)?.[1];
    if (key && content !== undefined && !(key in tags)) tags[key] = content.replace(/&amp;/g, '&').replace(/&quot;/g, '"');
  }
  return tags;
}

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

let masterCookie: string;

beforeAll(async () => {
  masterCookie = await sessionCookie(await createUser({ role: 'E-MASTER' }));
});

beforeEach(() => {
  process.env.PUBLIC_ORIGIN = ORIGIN;
  db.delete(tools).run();
});

afterEach(() => {
  delete process.env.PUBLIC_ORIGIN;
});

function expectPreviewTags(tags: Record<string, string>) {
  expect(tags['og:site_name']).toBe('E-Engenharia');
  expect(tags['og:locale']).toBe('pt_BR');
  expect(tags['og:image']).toBe(`${ORIGIN}/og/e-engenharia.png`);
  expect(tags['og:image:width']).toBe('1200');
  expect(tags['og:image:height']).toBe('630');
  expect(tags['og:image:alt']).toMatch(/^E-Engenharia/);
  expect(tags['twitter:card']).toBe('summary_large_image');
  expect(tags['og:url'].startsWith(ORIGIN)).toBe(true);
}

describe('link previews', () => {
  test('the landing page has Open Graph and Twitter tags, the theme colour, the manifest and the icons', async () => {
    const response = await get('/');
    const html = await response.text();
    const tags = metaOf(html);
    expectPreviewTags(tags);
    expect(tags['og:type']).toBe('website');
    expect(tags['og:url']).toBe(`${ORIGIN}/`);
    expect(tags['og:title']).toBe('E-Engenharia — Ferramentas e cursos para engenheiros');
    expect(tags['og:description']).toBe(tags.description);
    expect(tags['theme-color']).toBe('#2563eb');
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest"/>');
    expect(html).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png" sizes="180x180"/>');
  });

  test('a calculator result names its main results; the URL is the canonical share link', async () => {
    const html = await (await get(`/calculators/${SHAFT}?${SHAFT_QUERY}`, { Cookie: masterCookie })).text();
    const tags = metaOf(html);
    expectPreviewTags(tags);
    expect(tags['og:title']).toBe(getCalculator(SHAFT)!.title);
    expect(tags['og:description']).toBe(
      'Resultado: Torque transmitido T = 40,93 N·m; Velocidade angular ω = 183,26 rad/s; Diâmetro mínimo do eixo = 17,34 mm',
    );
    expect(tags['og:url']).toBe(`${ORIGIN}/calculators/${SHAFT}?${SHAFT_QUERY}`);
  });

  test('a course page describes the course, as an article', async () => {
    const course = db
      .insert(courses)
      .values({
        title: 'Curso de Motores',
        titleKey: sortKey('Curso de Motores'),
        description: 'Motores elétricos na prática.',
        category: 'electrical',
        instructor: 'Eng. Ana',
        duration: '8 horas',
        level: 'beginner',
      })
      .returning()
      .get();
    const tags = metaOf(await (await get(`/courses/${course.id}`, { Cookie: masterCookie })).text());
    expectPreviewTags(tags);
    expect(tags['og:type']).toBe('article');
    expect(tags['og:title']).toBe('Curso de Motores');
    expect(tags['og:description']).toBe('Motores elétricos na prática.');
    expect(tags['og:url']).toBe(`${ORIGIN}/courses/${course.id}`);
  });

  test('the 404 page has a real title', async () => {
    const response = await get('/pagina-que-nao-existe');
    expect(response.status).toBe(404);
    expect(titleOf(await response.text())).toBe('Página não encontrada — E-Engenharia');
  });
});

describe('what a link-preview fetcher gets for a page that needs a login (decision 031)', () => {
  test('WhatsApp and Teams are sent to the public preview; a browser, curl or Node still to the login page', async () => {
    for (const agent of [WHATSAPP, TEAMS]) {
      const response = await get(`/calculators/${SHAFT}?${SHAFT_QUERY}`, { 'User-Agent': agent });
      expect(response.status).toBe(302);
      expect(response.headers.get('Location')).toBe(`/preview?${new URLSearchParams({ to: `/calculators/${SHAFT}?${SHAFT_QUERY}` })}`);
    }
    const visitor = await get(`/calculators/${SHAFT}`);
    expect(visitor.headers.get('Location')).toBe(`/auth?redirectTo=${encodeURIComponent(`/calculators/${SHAFT}`)}`);
    for (const agent of ['curl/8.5.0', 'node', BROWSER])
      expect(isLinkPreviewRequest(new Request(BASE_URL, { headers: { 'User-Agent': agent } }))).toBe(false);
    expect(isLinkPreviewRequest(new Request(BASE_URL, { method: 'POST', headers: { 'User-Agent': WHATSAPP } }))).toBe(false);
  });

  test('a free calculator shows its results for the inputs in the link', async () => {
    const html = await (
      await get(`/preview?${new URLSearchParams({ to: `/calculators/${SHAFT}?${SHAFT_QUERY}` })}`, { 'User-Agent': WHATSAPP })
    ).text();
    const tags = metaOf(html);
    expectPreviewTags(tags);
    expect(tags['og:title']).toBe(getCalculator(SHAFT)!.title);
    expect(tags['og:description']).toMatch(/^Resultado: Torque transmitido T = 40,93 N·m/);
    expect(tags['og:url']).toBe(`${ORIGIN}/calculators/${SHAFT}?${SHAFT_QUERY}`);
    expect(tags.robots).toBe('noindex');
    expect(html).toContain(
      `href="/auth?${new URLSearchParams({ redirectTo: `/calculators/${SHAFT}?${SHAFT_QUERY}` }).toString().replace(/&/g, '&amp;')}"`,
    );
  });

  test('a paid calculator shows its name and plan, never a result; a CPF-restricted one, hidden or missing things, the site card', async () => {
    const drop = 'system=single&voltage=220&current=20&length=30&section=2%2C5&powerFactor=1&material=cu&temperature=70&circuit=terminal';
    const paid = metaOf(await (await get(`/preview?${new URLSearchParams({ to: `/calculators/${DROP}?${drop}` })}`)).text());
    expect(paid['og:description']).toMatch(/Disponível no plano E-TOOL\.$/);
    expect(paid['og:description']).not.toMatch(/Resultado/);
    expect(paid['og:url']).toBe(`${ORIGIN}/calculators/${DROP}`);

    db.insert(tools)
      .values({
        name: 'Torque',
        description: 'Torque em eixos.',
        category: 'mechanical',
        accessLevel: 'E-BASIC',
        linkType: 'internal',
        link: `/calculators/${SHAFT}`,
        restrictedCpfs: '12345678909',
      })
      .run();
    const hidden = db
      .insert(courses)
      .values({
        title: 'Curso Oculto',
        titleKey: sortKey('Curso Oculto'),
        description: 'Segredo.',
        category: 'electrical',
        instructor: 'X',
        duration: '1 hora',
        level: 'beginner',
        isHidden: true,
      })
      .returning()
      .get();
    for (const to of [
      `/calculators/${SHAFT}?${SHAFT_QUERY}`,
      `/courses/${hidden.id}`,
      '/calculators/nao-existe',
      '/admin/users',
      'https://evil.example/x',
      '//evil.example',
    ]) {
      const tags = metaOf(await (await get(`/preview?${new URLSearchParams({ to })}`)).text());
      expect(tags['og:title'], to).toBe('E-Engenharia');
      expect(tags['og:description'], to).toBe('Ferramentas, calculadoras e cursos para engenheiros.');
    }
  });
});

describe('the web manifest and the icons', () => {
  const png = (path: string) => {
    const bytes = readFileSync(`public${path}`);
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  };

  test('the manifest names the site in pt-BR with 192 and 512 icons that exist at those sizes', () => {
    const manifest = JSON.parse(readFileSync('public/manifest.webmanifest', 'utf8')) as {
      name: string;
      short_name: string;
      lang: string;
      start_url: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: Array<{ src: string; sizes: string; type: string }>;
    };
    expect(manifest).toMatchObject({
      name: 'E-Engenharia',
      short_name: 'E-Engenharia',
      lang: 'pt-BR',
      display: 'standalone',
      theme_color: '#2563eb',
    });
    expect(manifest.start_url.startsWith('/')).toBe(true);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
    const sizes = new Set(manifest.icons.map((icon) => icon.sizes));
    expect(sizes).toEqual(new Set(['192x192', '512x512']));
    for (const icon of manifest.icons) {
      const [width, height] = icon.sizes.split('x').map(Number);
      expect(png(icon.src)).toEqual({ width, height });
    }
    expect(png('/apple-touch-icon.png')).toEqual({ width: 180, height: 180 });
    expect(png('/og/e-engenharia.png')).toEqual({ width: 1200, height: 630 });
  });
});
