/**
 * `npx tsx bench/figure-costs.ts [--slug=deflexao-viga] [--runs=300]`
 *
 * What a result page's figures cost apart, in this process (no server): drawing them (a figure-cache
 * miss), the loader data's round trip through Remix's document path with and without the SVG
 * (JSON.stringify for `json()`, JSON.parse back, JSON.stringify and escapeHtml for the handoff
 * script: decision 073), and gzip (level 6, as app/plumbing/document-body.server.ts) of the SVG once
 * against twice (the markup and the handoff's escaped copy). Median µs per page over `runs`.
 * What it printed is in bench/profile.md.
 */
import { escapeHtml } from '@remix-run/react/dist/markup.js';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { defaultParams, getCalculator } from '../app/calculators';
import { parseCalculatorInput } from '../app/calculators/parse';

const { values: args } = parseArgs({
  options: { slug: { type: 'string', default: 'deflexao-viga' }, runs: { type: 'string', default: '300' } },
});
const calculator = getCalculator(args.slug);
if (!calculator) throw new Error(`no calculator ${args.slug}`);
const parsed = parseCalculatorInput(calculator, new URLSearchParams(defaultParams(calculator)));
if (!parsed.ok) throw new Error('the example inputs must parse');
const draw = calculator.compute(parsed.values).figures;
if (!draw) throw new Error(`${args.slug} draws no figures`);
const figures = draw();
const runs = Number(args.runs);

function median(run: () => unknown): number {
  for (let i = 0; i < 50; i++) run();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    run();
    times.push(Number(process.hrtime.bigint() - start) / 1000);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
}

const withSvg = { figures };
const withoutSvg = { figures: figures.map(({ svg: _svg, ...rest }) => rest) };
const roundTrip = (data: object) => () => escapeHtml(JSON.stringify(JSON.parse(JSON.stringify(data))));
const markup = figures.map((figure) => figure.svg).join('');
const handoffCopy = escapeHtml(JSON.stringify(withSvg));

const svgBytes = Buffer.byteLength(markup);
const rows = [
  ['draw the figures (cache miss)', median(() => draw())],
  ['loader data round trip, SVG in the data', median(roundTrip(withSvg))],
  ['loader data round trip, SVG left out', median(roundTrip(withoutSvg))],
  ['gzip: the SVG once (markup)', median(() => gzipSync(markup, { level: 6 }))],
  ['gzip: the SVG twice (markup + handoff copy)', median(() => gzipSync(markup + handoffCopy, { level: 6 }))],
] as const;
console.log(`${args.slug}: ${figures.length} figures, ${svgBytes} bytes of SVG (${Buffer.byteLength(handoffCopy)} escaped in the handoff)`);
for (const [what, us] of rows) console.log(`${what.padEnd(48)} ${us.toFixed(0).padStart(6)} µs`);
console.log(
  `gzipped: once ${gzipSync(markup, { level: 6 }).length} bytes, twice ${gzipSync(markup + handoffCopy, { level: 6 }).length} bytes`,
);
