import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeWith, errorsWith, numberOf, resultsWith } from '../test-support';
import { acidBasePh, weakIonConcentration } from './acid-base-ph';

const closeTo = (actual: number, expected: number, relative = 5e-4) =>
  expect(Math.abs(actual - expected), `${actual} ≉ ${expected}`).toBeLessThanOrEqual(relative * Math.abs(expected));

const pkOf = (k: number) => String(-Math.log10(k));

describe('ph-acidos-bases', () => {
  // Worked example of spec/calculators-2.md Q5, checked against the monoprotic weak-acid treatment of
  // Harris (Quantitative Chemical Analysis, monoprotic acid–base equilibria): acetic acid 0,10 mol/L,
  // K_a = 1,75·10⁻⁵, pK_w = 14. Quadratic [H⁺] = 1,314·10⁻³ mol/L; the exact charge balance agrees to
  // 9 digits (K_w/[H⁺] ≈ 8·10⁻¹²) → pH 2,881; α = 1,31 % < 5 % so √(K_a·C) = 1,323·10⁻³ (pH 2,878)
  // is acceptable. CONAMA 430/2011, art. 16, I, a: 2,88 < 5 → outside the discharge band.
  it('acetic acid 0,10 mol/L: [H⁺] = 1,314·10⁻³, pH 2,881, α = 1,31 %, outside the 5–9 band', () => {
    const outcome = computeWith(acidBasePh, { species: 'weak-acid', concentration: '0,1', pk: pkOf(1.75e-5) });
    const results = Object.fromEntries(outcome.results.map((item) => [item.key, item.value]));
    closeTo(numberOf(results, 'hydrogen'), 1.314e-3);
    closeTo(numberOf(results, 'ph'), 2.881);
    closeTo(numberOf(results, 'dissociation'), 1.3142); // 1,75·10⁻⁵/(1,3142·10⁻³ + 1,75·10⁻⁵), shown as 1,31 %
    closeTo(numberOf(results, 'phQuadratic'), 2.881);
    closeTo(numberOf(results, 'phSimple'), 2.878);
    closeTo(numberOf(results, 'poh'), 14 - 2.8814);
    expect(results.simpleRule).toBe('Sim: α = 1,31 % < 5 %');
    expect(results.dischargeBand).toBe('Não atende: pH 2,88 < 5 (CONAMA 430/2011, art. 16, I, a)');
    expect(outcome.warnings).toEqual(['Fora da faixa de lançamento (pH 5 a 9, CONAMA 430/2011, art. 16, I, a): pH 2,88.']);
  });

  // Same note: HCl 1,0·10⁻⁸ mol/L → [H⁺] = 0,5·10⁻⁸ + √(0,25·10⁻¹⁶ + 10⁻¹⁴) = 1,051·10⁻⁷ → pH 6,98, not 8.
  it('very dilute HCl (10⁻⁸ mol/L) keeps the water autoionisation: pH 6,978, inside the band', () => {
    const results = resultsWith(acidBasePh, { species: 'strong-acid', concentration: '1e-8' });
    closeTo(numberOf(results, 'hydrogen'), 1.0512e-7);
    closeTo(numberOf(results, 'ph'), 6.9783);
    expect(results.dischargeBand).toBe('Atende: 5 ≤ pH 6,98 ≤ 9 (CONAMA 430/2011, art. 16, I, a)');
    expect(results.dissociation).toBeUndefined();
  });

  // Independent check: the charge balance as the cubic h³ + K·h² − (K·C + K_w)·h − K·K_w = 0 solved by
  // Newton's method in Python (not the bisection of the module):
  //   NH₃ 0,05 mol/L, pK_b 4,75 → [OH⁻] = 9,3409·10⁻⁴, pH = 10,9704, α = 1,868 %
  //   HCN-like pK_a 9,21, 1·10⁻⁴ mol/L → [H⁺] = 2,6743·10⁻⁷, pH = 6,5728 (√(K·C) would give 6,605)
  //   pK_a 1,35, 0,01 mol/L → pH = 2,0750, α = 84,15 % (the simple formula fails)
  it('weak base, very weak acid and a fairly strong weak acid match the cubic solved independently', () => {
    const ammonia = resultsWith(acidBasePh, { species: 'weak-base', concentration: '0,05', pk: '4,75' });
    closeTo(numberOf(ammonia, 'hydroxide'), 9.3409e-4);
    closeTo(numberOf(ammonia, 'ph'), 10.9704);
    closeTo(numberOf(ammonia, 'dissociation'), 1.8682);
    expect(ammonia.dischargeBand).toBe('Não atende: pH 10,97 > 9 (CONAMA 430/2011, art. 16, I, a)');

    const cyanide = resultsWith(acidBasePh, { species: 'weak-acid', concentration: '0,1', concentration_unit: 'mmol/L', pk: '9,21' });
    closeTo(numberOf(cyanide, 'hydrogen'), 2.6743e-7);
    closeTo(numberOf(cyanide, 'ph'), 6.5728);
    closeTo(numberOf(cyanide, 'phSimple'), 6.605);

    const dichloroacetic = resultsWith(acidBasePh, { species: 'weak-acid', concentration: '0,01', pk: '1,35' });
    closeTo(numberOf(dichloroacetic, 'ph'), 2.075);
    closeTo(numberOf(dichloroacetic, 'dissociation'), 84.148);
    expect(dichloroacetic.simpleRule).toBe('Não: α = 84,1 % ≥ 5 %');
  });

  // Ba(OH)₂ 0,010 mol/L, n = 2: [OH⁻] = 0,02 mol/L → pOH = 1,699, pH = 12,301 (by hand).
  it('a strong base releasing two OH⁻ per formula', () => {
    const results = resultsWith(acidBasePh, { species: 'strong-base', concentration: '0,01', ions: '2' });
    closeTo(numberOf(results, 'hydroxide'), 0.02);
    closeTo(numberOf(results, 'ph'), 12.30103);
    expect(results.phSimple).toBeUndefined();
  });

  it('warns above 0,1 mol/L that concentrations stand in for activities', () => {
    const outcome = computeWith(acidBasePh, { species: 'strong-acid', concentration: '0,5' });
    expect(outcome.warnings).toContainEqual(expect.stringContaining('Solução concentrada'));
    expect(computeWith(acidBasePh, { species: 'strong-acid', concentration: '0,1' }).warnings).not.toContainEqual(
      expect.stringContaining('concentrada'),
    );
  });

  it('refuses concentrations outside 10⁻¹⁰–1 mol/L, a fractional n and pK_w outside 12–15', () => {
    expect(errorsWith(acidBasePh, { concentration: '2' })).toEqual({ concentration: expect.stringContaining('entre') });
    expect(errorsWith(acidBasePh, { concentration: '0' })).toEqual({ concentration: expect.stringContaining('entre') });
    expect(errorsWith(acidBasePh, { species: 'strong-acid', ions: '1,5' })).toEqual({ ions: 'Informe um número inteiro.' });
    expect(errorsWith(acidBasePh, { pkw: '16' })).toEqual({ pkw: 'O valor deve estar entre 12 e 15.' });
  });

  it('shows the result on the pH scale, and the species distribution for weak species', () => {
    const weak = computeWith(acidBasePh, { pk: pkOf(1.75e-5) });
    expect(weak.figures?.map((figure) => figure.id)).toEqual(['escala-ph', 'distribuicao-especies']);
    for (const figure of weak.figures ?? []) {
      expect(figure.svg).toMatch(/<title[^>]*>[^<]+<\/title>/);
      expect(figure.svg).toMatch(/^<svg[^>]*role="img"/);
    }
    expect(weak.figures?.[0]?.summary).toContain('2,88');
    expect(weak.figures?.[0]?.summary).toContain('CONAMA 430/2011');
    expect(weak.figures?.[1]?.summary).toContain('4,76');
    expect(weak.figures?.[1]?.summary).toContain('1,3 %');
    const strong = computeWith(acidBasePh, { species: 'strong-acid' });
    expect(strong.figures?.map((figure) => figure.id)).toEqual(['escala-ph']);
  });

  const speciesArb = fc.constantFrom('strong-acid', 'strong-base', 'weak-acid', 'weak-base');
  const params = fc.record({
    species: speciesArb,
    logC: fc.double({ min: -10, max: 0, noNaN: true }),
    pk: fc.double({ min: 0, max: 14, noNaN: true }),
    pkw: fc.double({ min: 12, max: 15, noNaN: true }),
    ions: fc.integer({ min: 1, max: 3 }),
  });

  it('pH + pOH = pK_w; acids stay at or below neutral and bases at or above (property)', () => {
    fc.assert(
      fc.property(params, ({ species, logC, pk, pkw, ions }) => {
        const results = resultsWith(acidBasePh, {
          species,
          concentration: String(10 ** logC),
          pk: String(pk),
          pkw: String(pkw),
          ions: String(ions),
        });
        const ph = numberOf(results, 'ph');
        expect(ph + numberOf(results, 'poh')).toBeCloseTo(pkw, 9);
        if (species.endsWith('acid')) expect(ph).toBeLessThanOrEqual(pkw / 2 + 1e-9);
        else expect(ph).toBeGreaterThanOrEqual(pkw / 2 - 1e-9);
      }),
      { numRuns: 200 },
    );
  });

  it('the exact weak-acid root satisfies the charge balance, and diluting raises α and pH (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -9, max: 0, noNaN: true }),
        fc.double({ min: 0, max: 14, noNaN: true }),
        fc.double({ min: 12, max: 15, noNaN: true }),
        (logC, pk, pkw) => {
          const [c, k, kw] = [10 ** logC, 10 ** -pk, 10 ** -pkw];
          const h = weakIonConcentration(c, k, kw);
          expect(Math.abs(h - (k * c) / (h + k) - kw / h) / h).toBeLessThan(1e-9);
          const concentrated = resultsWith(acidBasePh, { concentration: String(c), pk: String(pk), pkw: String(pkw) });
          const diluted = resultsWith(acidBasePh, { concentration: String(c / 10), pk: String(pk), pkw: String(pkw) });
          expect(numberOf(diluted, 'dissociation')).toBeGreaterThanOrEqual(numberOf(concentrated, 'dissociation') - 1e-9);
          expect(numberOf(diluted, 'ph')).toBeGreaterThanOrEqual(numberOf(concentrated, 'ph') - 1e-9);
        },
      ),
      { numRuns: 200 },
    );
  });
});
