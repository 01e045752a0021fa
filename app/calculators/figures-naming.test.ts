import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A calculator's drawing lives in one module next to it, named `<calculator>-figures.ts`
 * (docs/charts.md): the modules that draw are the ones that import the chart kit, so a drawing
 * module named any other way (the old `-diagram.ts`) or a calculator that draws in place fails here.
 */

const root = join(process.cwd(), 'app/calculators');
const modules = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
  (path) => path.endsWith('.ts') && !path.endsWith('.test.ts'),
);
const drawsWithTheKit = (path: string) => /from '(\.\.\/)+charts(\/[^']*)?'/.test(readFileSync(join(root, path), 'utf8'));

describe('diagram modules are named one way', () => {
  it('finds the drawing modules', () => {
    expect(modules.filter(drawsWithTheKit).length).toBeGreaterThanOrEqual(28);
  });

  it('every module that draws with the chart kit is a *-figures.ts', () => {
    expect(modules.filter(drawsWithTheKit).filter((path) => !path.endsWith('-figures.ts'))).toEqual([]);
  });
});
