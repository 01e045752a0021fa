import { afterEach, describe, expect, it } from 'vitest';
import { calculatorPageFor, clearResultPageCache, RESULT_PAGE_CACHE_LIMITS, resultPageCacheSize } from './result-page.server';
import { defineCalculator } from './types';

const defaults = { ...RESULT_PAGE_CACHE_LIMITS };
afterEach(() => {
  Object.assign(RESULT_PAGE_CACHE_LIMITS, defaults);
  clearResultPageCache();
});

/** A calculator whose result is `factor × x`, counting its computations. */
function scaling(version: string, factor: number, counter: { runs: number }) {
  return defineCalculator({
    slug: 'teste-pagina',
    version,
    title: 'Teste',
    summary: 'Teste.',
    category: 'chemical',
    accessLevel: 'E-BASIC',
    inputs: [{ kind: 'number', name: 'x', label: 'x', unit: '', default: 1, min: -10, max: 10 }],
    outputs: [{ key: 'y', label: 'y', unit: '' }],
    formula: 'y = kx',
    references: [],
    compute: ({ x }: { x: number }) => {
      counter.runs += 1;
      return { results: [{ key: 'y', label: 'y', value: factor * x, unit: '' }], steps: [], warnings: [] };
    },
  });
}

const valueOf = (page: ReturnType<typeof calculatorPageFor>) => (page.outcome?.ok ? page.outcome.result.results[0]!.value : null);

describe('a calculator page computed once per version and query', () => {
  it('serves a repeated query from the cache, computes a new one, and a new version computes again', () => {
    const counter = { runs: 0 };
    const v1 = scaling('1.0.0', 2, counter);
    const first = calculatorPageFor(v1, 'x=3');
    expect(valueOf(first)).toBe(6);
    expect(first.outcome?.ok && first.outcome.query).toBe('x=3');
    expect(first.outcome?.ok && first.outcome.summary).toContain('6');
    expect(calculatorPageFor(v1, 'x=3')).toBe(first);
    expect(counter.runs).toBe(1);

    expect(valueOf(calculatorPageFor(v1, 'x=4'))).toBe(8);
    expect(counter.runs).toBe(2);

    // Same slug and query, another version (a corrected formula): never the old version's result.
    const v2 = scaling('1.1.0', 5, counter);
    expect(valueOf(calculatorPageFor(v2, 'x=3'))).toBe(15);
    expect(counter.runs).toBe(3);
  });

  it('keeps field errors and the echoed values of a bad query, and computes nothing without inputs', () => {
    const counter = { runs: 0 };
    const calculator = scaling('1.0.0', 2, counter);
    const bad = calculatorPageFor(calculator, 'x=abc');
    expect(bad.outcome?.ok).toBe(false);
    expect(bad.values.x).toBe('abc');
    expect(calculatorPageFor(calculator, 'x=abc')).toBe(bad);
    const example = calculatorPageFor(calculator, 'outro=1');
    expect(example.outcome).toBeNull();
    expect(example.values.x).toBe('1');
    expect(counter.runs).toBe(0);
  });

  it('is bounded by entries, the least recently used going first', () => {
    RESULT_PAGE_CACHE_LIMITS.entries = 3;
    const counter = { runs: 0 };
    const calculator = scaling('1.0.0', 2, counter);
    for (let x = 1; x <= 5; x++) calculatorPageFor(calculator, `x=${x}`);
    expect(resultPageCacheSize().entries).toBe(3);
    calculatorPageFor(calculator, 'x=5');
    expect(counter.runs).toBe(5);
    calculatorPageFor(calculator, 'x=1');
    expect(counter.runs).toBe(6);
  });
});
