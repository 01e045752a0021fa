import { afterEach, describe, expect, it } from 'vitest';
import { cachedFigures, clearFigureCache, FIGURE_CACHE_LIMITS, figureCacheSize } from './figure-cache';
import { runCalculator } from './run';
import { defineCalculator, type Figure } from './types';

const defaults = { ...FIGURE_CACHE_LIMITS };
afterEach(() => {
  Object.assign(FIGURE_CACHE_LIMITS, defaults);
  clearFigureCache();
});

const figureOf = (x: number): Figure => ({
  id: 'curva',
  title: 'Curva',
  summary: `x = ${x}`,
  svg: `<svg role="img"><title>${x}</title></svg>`,
});

function drawingCalculator(version: string, onDraw: () => void) {
  return defineCalculator({
    slug: 'teste-figuras',
    version,
    title: 'Teste',
    summary: 'Teste.',
    category: 'chemical',
    accessLevel: 'E-BASIC',
    inputs: [{ kind: 'number', name: 'x', label: 'x', unit: '', default: 1, min: -10, max: 10 }],
    outputs: [{ key: 'y', label: 'y', unit: '' }],
    formula: 'y = 2x',
    references: [],
    compute: ({ x }: { x: number }) => ({
      results: [{ key: 'y', label: 'y', value: 2 * x, unit: '' }],
      steps: [],
      warnings: [],
      figures: () => {
        onDraw();
        return [figureOf(x)];
      },
    }),
  });
}

describe('figures drawn once per calculator version and input', () => {
  it('a repeated result, and the same values written another way, are drawn once; a new version draws again', () => {
    let drawn = 0;
    const v1 = drawingCalculator('1.0.0', () => (drawn += 1));
    const first = runCalculator(v1, { x: '2,5' }, { figures: true });
    const again = runCalculator(v1, { x: '2.50' }, { figures: true });
    expect(first.ok && again.ok && again.result.figures).toBe(first.ok && first.result.figures);
    expect(drawn).toBe(1);
    runCalculator(v1, { x: '3' }, { figures: true });
    expect(drawn).toBe(2);
    const v2 = drawingCalculator('1.1.0', () => (drawn += 1));
    runCalculator(v2, { x: '2,5' }, { figures: true });
    expect(drawn).toBe(3);
    // Without figures asked, nothing is drawn or kept.
    runCalculator(v1, { x: '4' });
    expect(drawn).toBe(3);
    expect(figureCacheSize().entries).toBe(3);
  });

  it('is bounded by entries, the least recently used going first', () => {
    FIGURE_CACHE_LIMITS.entries = 2;
    let drawn = 0;
    const draw = (x: number) => () => {
      drawn += 1;
      return [figureOf(x)];
    };
    cachedFigures('a', draw(1));
    cachedFigures('b', draw(2));
    cachedFigures('a', draw(1)); // a is now the most recent
    cachedFigures('c', draw(3)); // b goes
    expect(drawn).toBe(3);
    cachedFigures('a', draw(1));
    expect(drawn).toBe(3);
    cachedFigures('b', draw(2));
    expect(drawn).toBe(4);
    expect(figureCacheSize().entries).toBe(2);
  });

  it('is bounded by the characters it holds, and keeps no single huge drawing', () => {
    const big = (chars: number): Figure[] => [{ id: 'x', title: '', summary: '', svg: 'x'.repeat(chars) }];
    FIGURE_CACHE_LIMITS.chars = 1000;
    cachedFigures('one', () => big(200));
    cachedFigures('two', () => big(200));
    expect(figureCacheSize()).toEqual({ entries: 2, chars: 400 });
    cachedFigures('huge', () => big(300));
    expect(figureCacheSize()).toEqual({ entries: 2, chars: 400 });
    for (const key of ['three', 'four', 'five', 'six']) cachedFigures(key, () => big(200));
    expect(figureCacheSize()).toEqual({ entries: 5, chars: 1000 });
    cachedFigures('seven', () => big(200));
    expect(figureCacheSize().chars).toBeLessThanOrEqual(1000);
  });
});
