import { beforeAll, describe, expect, test } from 'vitest';
import { defaultParams, getCalculator, runCalculator } from '~/calculators';
import type { Figure } from '~/calculators/types';
import * as appLayout from '~/routes/_app+/_layout';
import * as calculatorPage from '~/routes/_app+/calculators.$slug';
import * as reportPage from '~/routes/_app+/calculators.$slug_.report';
import { documentHandler } from './helpers/document-handler';
import { createUser, getRequest, sessionCookie } from '../setup/helpers';

/**
 * Decision 073: a result page's figures are in its document once. The server render places each
 * SVG; the loader data the page hydrates from (window.__remixContext) carries the figure's title,
 * summary and table but no SVG. A client navigation (`?_data=`) has no document to read them
 * from, so its JSON carries them whole. The memorial (report) does the same.
 */
const BEAM = getCalculator('deflexao-viga')!;
const QUERY = new URLSearchParams(defaultParams(BEAM)).toString();
const PAGE_ROUTE = 'routes/_app+/calculators.$slug';
const REPORT_ROUTE = 'routes/_app+/calculators.$slug_.report';

const serve = documentHandler([
  { id: 'routes/_app+/_layout', parentId: 'root', module: appLayout },
  { id: PAGE_ROUTE, parentId: 'routes/_app+/_layout', path: 'calculators/:slug', module: calculatorPage },
  { id: REPORT_ROUTE, parentId: 'routes/_app+/_layout', path: 'calculators/:slug/report', module: reportPage },
]);

let cookie: string;
let figures: readonly Figure[];

beforeAll(async () => {
  cookie = await sessionCookie(await createUser({ role: 'E-TOOL' }));
  const run = runCalculator(BEAM, new URLSearchParams(QUERY), { figures: true });
  if (!run.ok || !run.result.figures?.length) throw new Error('the beam must draw diagrams for its example');
  figures = run.result.figures;
});

type PlacedFigures = { id: string; title: string; summary: string; svg?: string }[];

/** The loader data the browser hydrates from, as the document's handoff script holds it. */
function handoffData(html: string) {
  const match = /window\.__remixContext = (\{.*?\});<\/script>/s.exec(html);
  if (!match) throw new Error('the document has no __remixContext');
  return JSON.parse(match[1]!) as { state: { loaderData: Record<string, Record<string, unknown>> } };
}

const occurrences = (text: string, part: string) => text.split(part).length - 1;

async function documentOf(path: string) {
  const response = await serve(getRequest(path, { cookie, headers: { Accept: 'text/html' } }));
  expect(response.status).toBe(200);
  return response.text();
}

describe('a result page sends each figure once', () => {
  test('the document renders every SVG once and its loader data carries none', async () => {
    const html = await documentOf(`/calculators/${BEAM.slug}?${QUERY}`);
    for (const figure of figures) expect(occurrences(html, figure.svg), figure.id).toBe(1);

    const data = handoffData(html).state.loaderData[PAGE_ROUTE] as { outcome: { result: { figures: PlacedFigures } } };
    const placed = data.outcome.result.figures;
    expect(placed.map((figure) => figure.id)).toEqual(figures.map((figure) => figure.id));
    for (const [index, figure] of placed.entries()) {
      expect(figure.svg).toBeUndefined();
      expect(figure.title).toBe(figures[index]!.title);
      expect(figure.summary).toBe(figures[index]!.summary);
    }
  });

  test("a client navigation's data request carries each SVG, as there is no document to read it from", async () => {
    const response = await serve(getRequest(`/calculators/${BEAM.slug}?${QUERY}&_data=${encodeURIComponent(PAGE_ROUTE)}`, { cookie }));
    expect(response.status).toBe(200);
    const data = (await response.json()) as { outcome: { result: { figures: PlacedFigures } } };
    expect(data.outcome.result.figures.map((figure) => figure.svg)).toEqual(figures.map((figure) => figure.svg));
  });

  test('the memorial prints every SVG once too, and its loader data carries none', async () => {
    const html = await documentOf(`/calculators/${BEAM.slug}/report?${QUERY}`);
    for (const figure of figures) expect(occurrences(html, figure.svg), figure.id).toBe(1);
    const data = handoffData(html).state.loaderData[REPORT_ROUTE] as { result: { figures: PlacedFigures } };
    expect(data.result.figures.every((figure) => figure.svg === undefined)).toBe(true);
  });
});
