import { describe, expect, test } from 'vitest';
import { createReferenceBest, REFERENCE_DROP_LIMIT } from '../../bench/reference-check';

describe("the bench's reference check (bench/reference-check.ts)", () => {
  test('a reference slice more than 30 % below the run’s best of that reference asks for the scenario again', () => {
    expect(REFERENCE_DROP_LIMIT).toBe(0.3);
    const best = createReferenceBest();
    expect(best.fellBehind('bare-page', [1000, 950])).toEqual({ behind: false, best: 1000, worst: 950 });
    // 701 is 29.9 % below 1000: kept; 699 is 30.1 % below: taken again.
    expect(best.fellBehind('bare-page', [701, 900]).behind).toBe(false);
    expect(best.fellBehind('bare-page', [900, 699])).toEqual({ behind: true, best: 1000, worst: 699 });
    // Each reference has its own best; a new best raises the bar for later slices.
    expect(best.fellBehind('bare-json', [600, 640]).behind).toBe(false);
    expect(best.fellBehind('bare-page', [1500, 1400]).behind).toBe(false);
    expect(best.fellBehind('bare-page', [1000, 1100]).behind).toBe(true);
  });

  test('a slice far below its own pair is caught even before any best exists', () => {
    expect(createReferenceBest().fellBehind('bare-page', [1000, 500]).behind).toBe(true);
  });
});
