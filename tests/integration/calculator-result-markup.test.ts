import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultParams, getCalculator } from '~/calculators';
import { placeFigures } from '~/calculators/figure-markup';
import { calculatorPageFor, clearResultPageCache } from '~/calculators/result-page.server';
import { defineCalculator, type Calculator } from '~/calculators/types';
import { DocumentMarkupContext } from '~/components/document-markup';
import { StaticMarkupContext } from '~/components/static-markup';
import { renderStaticMarkup, staticMarkupEntries } from '~/plumbing/static-markup.server';
import { CalculatorResultSections, resultMarkupKey } from '~/components/calculator-result-sections';

afterEach(() => clearResultPageCache());

function resultOf(calculator: Calculator, query: URLSearchParams) {
  const page = calculatorPageFor(calculator, query.toString());
  if (!page.outcome?.ok) throw new Error('the example must compute');
  return page.outcome.result;
}

/** The sections as app/entry.server.tsx renders a document: the figures' SVG in the request's slot, the renderer provided. */
function onServer(calculator: Calculator, query: URLSearchParams) {
  const { figures, ...result } = resultOf(calculator, query);
  const slot = new Map<string, string>();
  const placed = { ...result, figures: figures ? placeFigures(figures, slot) : undefined };
  const sections = createElement(CalculatorResultSections, {
    markupKey: resultMarkupKey(calculator.slug, calculator.version, `?${query}`),
    result: placed,
  });
  return renderToString(
    createElement(
      StaticMarkupContext.Provider,
      { value: renderStaticMarkup },
      createElement(DocumentMarkupContext.Provider, { value: slot }, sections),
    ),
  );
}

/** The browser's render of the same sections from the components (the SVG as a client navigation's data carries it). */
function inBrowser(calculator: Calculator, query: URLSearchParams) {
  return renderToString(
    createElement(CalculatorResultSections, {
      markupKey: resultMarkupKey(calculator.slug, calculator.version, `?${query}`),
      result: resultOf(calculator, query),
    }),
  );
}

const beam = getCalculator('deflexao-viga')!;
const beamQuery = (span: string) => {
  const query = new URLSearchParams(defaultParams(beam));
  query.set('span', span);
  return query;
};

/** A calculator whose result is `factor × x`, to stand for a corrected formula under a new version. */
const scaling = (version: string, factor: number) =>
  defineCalculator({
    slug: 'teste-marcacao',
    version,
    title: 'Teste',
    summary: 'Teste.',
    category: 'chemical',
    accessLevel: 'E-BASIC',
    inputs: [{ kind: 'number', name: 'x', label: 'x', unit: '', default: 1, min: -10, max: 10 }],
    outputs: [{ key: 'y', label: 'y_max', unit: 'kN' }],
    formula: 'y = kx',
    references: [],
    compute: ({ x }: { x: number }) => ({
      results: [{ key: 'y', label: 'y_max', value: factor * x, unit: 'kN', digits: 2 }],
      steps: [{ label: 'Produto', expression: 'k·x', value: factor * x, unit: 'kN', digits: 2 }],
      warnings: [],
    }),
  });

describe('a result’s sections rendered once per calculator version and query (decisions 079 and 083)', () => {
  it('sends the HTML the browser renders from the components, the SVG included, so hydration matches', () => {
    const query = beamQuery('4');
    const browser = inBrowser(beam, query);
    expect(onServer(beam, query)).toBe(browser);
    // Kept: the second document takes the same markup from the renderer.
    expect(onServer(beam, query)).toBe(browser);
    expect(browser).not.toContain('<!-- -->');
    expect(browser).toContain('<svg');
    expect(browser).toContain('= <strong>10,00 kN·m</strong>');
  });

  it('keeps three pieces per result, and renders another query anew instead of serving the first one’s', () => {
    const before = staticMarkupEntries();
    const four = onServer(beam, beamQuery('4'));
    onServer(beam, beamQuery('4'));
    const six = onServer(beam, beamQuery('6'));
    expect(staticMarkupEntries() - before).toBeLessThanOrEqual(6);
    expect(four).toContain('10,00 kN·m');
    expect(six).toContain('22,50 kN·m');
    expect(six).not.toContain('10,00 kN·m');
    expect(six).toBe(inBrowser(beam, beamQuery('6')));
  });

  it('renders a new calculator version anew for the same query', () => {
    const query = new URLSearchParams('x=3');
    expect(onServer(scaling('1.0.0', 2), query)).toContain('6,00 kN');
    const corrected = onServer(scaling('1.1.0', 5), query);
    expect(corrected).toContain('15,00 kN');
    expect(corrected).not.toContain('6,00 kN');
  });
});
