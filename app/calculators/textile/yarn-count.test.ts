import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { numberOf, resultsWith } from '../test-support';
import { fromBase } from '../units';
import { YARN_SYSTEMS, yarnCount } from './yarn-count';

describe('conversao-titulo-fio', () => {
  // Definitions (ISO 1144; ASTM D2260): tex = g/km, dtex = 10·tex, den = 9·tex, Nm = km/kg,
  // Ne = 840-yd hanks per lb → tex = 590,54/Ne, Nw = 560-yd hanks per lb = 1,5·Ne.
  // Example of spec/calculators.md T1, checked by hand.
  it('Ne 30 = 19,68 tex = 196,8 dtex = 177,2 den = Nm 50,8 = Nw 45', () => {
    const results = resultsWith(yarnCount);
    expect(numberOf(results, 'tex')).toBeCloseTo(590.5402 / 30, 4);
    expect(numberOf(results, 'dtex')).toBeCloseTo(196.85, 2);
    expect(numberOf(results, 'den')).toBeCloseTo(177.16, 2);
    expect(numberOf(results, 'Nm')).toBeCloseTo(50.8, 2);
    expect(numberOf(results, 'Nw')).toBeCloseTo(45, 10);
    expect(numberOf(results, 'Ne')).toBeCloseTo(30, 10);
  });

  it('150 den = 16,67 tex = Nm 60 (direct and indirect systems)', () => {
    const results = resultsWith(yarnCount, { count: '150', count_unit: 'den' });
    expect(numberOf(results, 'tex')).toBeCloseTo(150 / 9, 10);
    expect(numberOf(results, 'Nm')).toBeCloseTo(60, 10);
  });

  it('converting to any system and back returns the input (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.1, max: 5000, noNaN: true }),
        fc.constantFrom(...YARN_SYSTEMS),
        fc.constantFrom(...YARN_SYSTEMS),
        (tex, from, to) => {
          const typed = fromBase(tex, from);
          const converted = numberOf(resultsWith(yarnCount, { count: String(typed), count_unit: from }), to);
          const back = numberOf(resultsWith(yarnCount, { count: String(converted), count_unit: to }), from);
          expect(Math.abs(back - typed)).toBeLessThanOrEqual(1e-12 * typed);
        },
      ),
    );
  });
});
