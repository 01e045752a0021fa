import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeWith, errorsWith, numberOf, resultsWith } from '../test-support';
import { bearingLife, RELIABILITY_FACTOR } from './bearing-life';

const REL = 5e-4;
const close = (actual: number, expected: number) => expect(Math.abs(actual - expected) / Math.abs(expected)).toBeLessThan(REL);

describe('vida-rolamento', () => {
  // Worked example of the research notes (M4), checked against the formulas of ISO 281:2007 as the
  // SKF catalogue states them ("Basic rating life": L10 = (C/P)^p, p = 3 for ball bearings;
  // L10h = 10⁶·L10/(60·n); "SKF rating life": Lnm = a₁·a·L10): C = 20,3 kN, F_r = 2,5 kN, F_a = 0,
  // n = 1450 rpm → P = 2,5 kN, L10 = 8,12³ = 535,39·10⁶ rev, L10h = 535,39·10⁶/87 000 = 6154 h
  // (2,96 years at 2080 h/year); for 20 000 h, C_req = 2,5·1740^(1/3) = 30,07 kN.
  it('reproduces the worked example: L10 = 535,4·10⁶ rev, L10h = 6154 h, C_req = 30,07 kN', () => {
    const results = resultsWith(bearingLife);
    close(numberOf(results, 'equivalentLoad'), 2.5);
    close(numberOf(results, 'loadRatio'), 8.12);
    close(numberOf(results, 'l10'), 535.39);
    close(numberOf(results, 'l10h'), 6154);
    close(numberOf(results, 'lifeYears'), 6153.88 / 2080);
    close(numberOf(results, 'requiredRating'), 30.07);
    expect(results.lifeCheck).toMatch(/^Não — Lnmh = 6154 h < L_req = 20000 h/);
  });

  it('reproduces step 5 of the worked example: at 95 % (a₁ = 0,64) L5h = 0,64·6153,9 = 3938 h', () => {
    const results = resultsWith(bearingLife, { reliability: '95' });
    expect(numberOf(results, 'a1')).toBe(0.64);
    close(numberOf(results, 'lnmh'), 3938);
    close(numberOf(results, 'l10h'), 6154);
  });

  // Independent values, computed with python3 from the same formulas:
  //   P = 0.56*3 + 1.5*1 = 3.18; L10 = (30.7/P)**3 = 899.775; L10h = 1e6*L10/(60*3000) = 4998.75
  //   Lnmh = 0.25*2*L10h = 2499.37; C_req = P*(60*3000*10000/1e6/(0.25*2))**(1/3) = 48.737
  it('ball bearing with X, Y, 99 % reliability and a_ISO = 2', () => {
    const outcome = computeWith(bearingLife, {
      dynamicRating: '30,7',
      radialLoad: '3',
      axialLoad: '1',
      radialFactor: '0,56',
      axialFactor: '1,5',
      speed: '3000',
      reliability: '99',
      modificationFactor: '2',
      modificationSource: 'ISO 281, κ = 2',
      requiredLife: '10000',
      hoursPerYear: '8760',
    });
    const results = Object.fromEntries(outcome.results.map((item) => [item.key, item.value]));
    close(numberOf(results, 'equivalentLoad'), 3.18);
    close(numberOf(results, 'l10'), 899.775);
    close(numberOf(results, 'l10h'), 4998.75);
    close(numberOf(results, 'lnmh'), 2499.37);
    close(numberOf(results, 'lifeYears'), 2499.37 / 8760);
    close(numberOf(results, 'requiredRating'), 48.737);
    expect(outcome.warnings).toEqual([expect.stringContaining('a_ISO = 2'), expect.stringContaining('não atinge a vida requerida')]);
  });

  //   roller, C = 50 kN, P = 5 kN, n = 500 rpm, 95 %: L10 = 10**(10/3) = 2154.43; L10h = 1e6*L10/30000 = 71814.5
  //   Lnmh = 0.64*L10h = 45961.3; C_req = 5*(60*500*50000/1e6/0.64)**0.3 = 51.279
  it('roller bearing given P, with p = 10/3', () => {
    const results = resultsWith(bearingLife, {
      bearingType: 'roller',
      loadInput: 'equivalent',
      equivalentLoad: '5000',
      equivalentLoad_unit: 'N',
      dynamicRating: '50',
      speed: '500',
      reliability: '95',
      requiredLife: '50000',
    });
    close(numberOf(results, 'exponent'), 10 / 3);
    close(numberOf(results, 'l10'), 2154.43);
    close(numberOf(results, 'l10h'), 71814.5);
    close(numberOf(results, 'lnmh'), 45961.3);
    close(numberOf(results, 'requiredRating'), 51.279);
    expect(results.lifeCheck).toMatch(/^Não/);
  });

  it('passes the life check when the bearing is large enough, and leaves the check out when not asked', () => {
    const large = computeWith(bearingLife, { dynamicRating: '31' });
    expect(large.results.find((item) => item.key === 'lifeCheck')?.value).toMatch(/^Sim — .* ≥ L_req = 20000 h/);
    expect(large.warnings).toEqual([]);
    const unchecked = resultsWith(bearingLife, { checkLife: 'no' });
    expect(unchecked.requiredRating).toBeUndefined();
    expect(unchecked.lifeCheck).toBeUndefined();
  });

  it('keeps a₁ equal to the Weibull form 0,95·[ln(100/R)/ln(100/90)]^(2/3) + 0,05 rounded to two decimals', () => {
    for (const [reliability, a1] of Object.entries(RELIABILITY_FACTOR)) {
      const weibull = 0.95 * (Math.log(100 / Number(reliability)) / Math.log(100 / 90)) ** (2 / 3) + 0.05;
      expect(a1).toBeCloseTo(Math.round(weibull * 100) / 100, 10);
    }
  });

  it('warns about heavy and very light loads for the bearing type', () => {
    expect(computeWith(bearingLife, { radialLoad: '11', checkLife: 'no' }).warnings).toEqual([
      expect.stringContaining('Carga muito elevada'),
    ]);
    expect(computeWith(bearingLife, { radialLoad: '0,19', checkLife: 'no' }).warnings).toEqual([
      expect.stringContaining('abaixo da mínima recomendada para rolamentos de esferas'),
    ]);
    // 0,3 kN is 1,5 % of C: fine for a ball bearing, below the 2 % of a roller bearing.
    expect(computeWith(bearingLife, { radialLoad: '0,3', checkLife: 'no' }).warnings).toEqual([]);
    expect(computeWith(bearingLife, { radialLoad: '0,3', bearingType: 'roller', checkLife: 'no' }).warnings).toEqual([
      expect.stringContaining('rolos'),
    ]);
    expect(computeWith(bearingLife, { axialFactor: '4', axialLoad: '0,1', checkLife: 'no' }).warnings).toEqual([
      expect.stringContaining('Fator Y = 4'),
    ]);
  });

  it('refuses a null equivalent load, an absurd C/P and values out of range', () => {
    expect(errorsWith(bearingLife, { radialFactor: '0' })).toEqual({ radialLoad: expect.stringContaining('resultou nula') });
    expect(errorsWith(bearingLife, { loadInput: 'equivalent', equivalentLoad: '0,01' })).toEqual({
      equivalentLoad: expect.stringContaining('C/P = 2030 > 1000'),
    });
    expect(errorsWith(bearingLife, { loadInput: 'equivalent', equivalentLoad: '0' })).toEqual({
      equivalentLoad: 'O valor deve ser maior que zero.',
    });
    expect(errorsWith(bearingLife, { modificationFactor: '60' })).toEqual({ modificationFactor: 'O valor deve estar entre 0,1 e 50.' });
    expect(errorsWith(bearingLife, { reliability: '80' })).toEqual({ reliability: 'Escolha uma das opções da lista.' });
    expect(errorsWith(bearingLife, { speed: '0' }).speed).toMatch(/entre 1 e/);
  });

  it('life scales as (C/P)^p and inversely with speed; C_req does not depend on C (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('ball', 'roller'),
        fc.double({ min: 5, max: 100, noNaN: true }),
        fc.double({ min: 1, max: 4, noNaN: true }),
        fc.double({ min: 100, max: 5000, noNaN: true }),
        fc.double({ min: 1.1, max: 3, noNaN: true }),
        (type, rating, load, speed, factor) => {
          const run = (overrides: Record<string, string>) =>
            resultsWith(bearingLife, {
              bearingType: type,
              loadInput: 'equivalent',
              equivalentLoad: String(load),
              dynamicRating: String(rating),
              speed: String(speed),
              ...overrides,
            });
          const base = run({});
          const p = type === 'ball' ? 3 : 10 / 3;
          const doubledRating = run({ dynamicRating: String(rating * factor) });
          const ratio = (a: Record<string, number | string>, b: Record<string, number | string>, key: string) =>
            numberOf(a, key) / numberOf(b, key);
          expect(ratio(doubledRating, base, 'l10') / factor ** p).toBeCloseTo(1, 9);
          expect(ratio(doubledRating, base, 'requiredRating')).toBeCloseTo(1, 9);
          const faster = run({ speed: String(speed * factor) });
          expect(ratio(faster, base, 'l10h') * factor).toBeCloseTo(1, 9);
          // At C = C_req the life is exactly the required life.
          const atRequired = run({ dynamicRating: String(numberOf(base, 'requiredRating')) });
          expect(numberOf(atRequired, 'lnmh') / 20_000).toBeCloseTo(1, 9);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('draws the life × load chart with the operating point and the required life', () => {
    const figures = computeWith(bearingLife).figures ?? [];
    expect(figures.map((figure) => figure.id)).toEqual(['vida-carga']);
    const [chart] = figures;
    expect(chart?.svg).toMatch(/^<svg[^>]*role="img"/);
    expect(chart?.svg).toMatch(/<title[^>]*>[^<]+<\/title>/);
    expect(chart?.svg).toMatch(/<desc[^>]*>[^<]+<\/desc>/);
    expect(chart?.summary).toContain('6.154 h');
    expect(chart?.summary).toContain('2,5 kN');
    expect(chart?.summary).toContain('30,07 kN');
    expect(chart?.svg).toContain('20.000 h');
    expect(chart?.svg).not.toContain('Lnmh');
    // With a₁·a_ISO ≠ 1 the modified life gets its own curve and point: 0,64 · 6153,9 = 3938 h.
    const modified = computeWith(bearingLife, { reliability: '95' }).figures?.[0];
    expect(modified?.svg).toContain('Lnmh = 3.938 h');
    expect(modified?.summary).toContain('Lnmh = 3.938 h');
  });
});
