/**
 * `NODE_ENV=production npx tsx bench/result-sections-cost.ts [--slug=deflexao-viga] [--runs=3000]`
 *
 * What a result's own sections (the results, the step-by-step, the diagrams) cost the server's
 * render apart, in this process (production React, no server): `renderToString` of
 * `CalculatorResultSections` rendered from its components against the same through the renderer
 * that keeps their markup per calculator version and query (decision 083). CPU µs per render, five
 * alternated runs. What it printed is in bench/profile.md.
 */
import { parseArgs } from 'node:util';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { defaultParams, getCalculator } from '../app/calculators';
import { placeFigures } from '../app/calculators/figure-markup';
import { calculatorPageFor } from '../app/calculators/result-page.server';
import { CalculatorResultSections, resultMarkupKey } from '../app/components/calculator-result-sections';
import { DocumentMarkupContext } from '../app/components/document-markup';
import { StaticMarkupContext } from '../app/components/static-markup';
import { renderStaticMarkup } from '../app/plumbing/static-markup.server';

const { values: args } = parseArgs({
  options: { slug: { type: 'string', default: 'deflexao-viga' }, runs: { type: 'string', default: '3000' } },
});
const calculator = getCalculator(args.slug);
if (!calculator) throw new Error(`no calculator ${args.slug}`);
const query = new URLSearchParams(defaultParams(calculator));
const page = calculatorPageFor(calculator, query.toString());
if (!page.outcome?.ok) throw new Error('the example inputs must compute');
const { figures, ...result } = page.outcome.result;
const markupKey = resultMarkupKey(calculator.slug, calculator.version, `?${query}`);

/** A document's render of the sections: the SVG in the request's slot, with or without the renderer. */
function render(kept: boolean): string {
  const slot = new Map<string, string>();
  const sections = createElement(CalculatorResultSections, {
    markupKey,
    result: { ...result, figures: figures ? placeFigures(figures, slot) : undefined },
  });
  const tree = createElement(DocumentMarkupContext.Provider, { value: slot }, sections);
  return renderToString(kept ? createElement(StaticMarkupContext.Provider, { value: renderStaticMarkup }, tree) : tree);
}

if (render(true) !== render(false)) throw new Error('the kept markup must be the rendered one');
const runs = Number(args.runs);
for (let run = 1; run <= 5; run++) {
  const line = [`run ${run}`];
  for (const kept of [false, true]) {
    for (let i = 0; i < 300; i++) render(kept);
    const before = process.cpuUsage();
    for (let i = 0; i < runs; i++) render(kept);
    const used = process.cpuUsage(before);
    line.push(`${kept ? 'kept' : 'rendered'} ${((used.user + used.system) / runs).toFixed(1)} µs`);
  }
  console.log(line.join('  '));
}
