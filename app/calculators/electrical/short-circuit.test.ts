import { describe, expect, it } from 'vitest';
import { computeWith, numberOf, resultsWith } from '../test-support';
import { shortCircuit } from './short-circuit';

describe('curto-circuito-transformador', () => {
  // Iₙ = Sₙ/(√3·Vₙ), Z_T = z·Vₙ²/Sₙ, I″k = c·Vₙ/(√3·Z_T) with c_max = 1,05 for LV systems with +6 %
  // tolerance (IEC 60909-0:2016); example of spec/calculators.md E3, checked by hand.
  it('500 kVA, 380 V, z = 5 %: Iₙ = 760 A, I″k = 16,0 kA with c = 1,05', () => {
    const results = resultsWith(shortCircuit);
    expect(numberOf(results, 'ratedCurrent')).toBeCloseTo(759.67, 2);
    expect(numberOf(results, 'transformerImpedance')).toBeCloseTo(14.44, 10);
    expect(numberOf(results, 'shortCircuitCurrent')).toBeCloseTo(15.95, 2);
    expect(numberOf(results, 'breakingCapacity')).toBe(16);
    expect(numberOf(results, 'shortCircuitPower')).toBeCloseTo(10.5, 10);
  });

  it('gives the simple estimate Iₙ/z = 15,2 kA with c = 1 and warns that it underestimates', () => {
    const outcome = computeWith(shortCircuit, { voltageFactor: '1.00' });
    expect(outcome.results.find((item) => item.key === 'shortCircuitCurrent')?.value).toBeCloseTo(759.671 / 0.05 / 1000, 4);
    expect(outcome.warnings).toEqual([expect.stringContaining('subestimada')]);
  });

  it('scales with c = 1,10 and accepts the power in MVA', () => {
    const results = resultsWith(shortCircuit, { voltageFactor: '1.10', ratedPower: '0,5', ratedPower_unit: 'MVA' });
    expect(numberOf(results, 'shortCircuitCurrent')).toBeCloseTo((1.1 * 759.6714) / 0.05 / 1000, 4);
  });
});
