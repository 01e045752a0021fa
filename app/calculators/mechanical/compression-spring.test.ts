import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeWith, errorsWith, numberOf, resultsWith } from '../test-support';
import { compressionSpring } from './compression-spring';

const REL = 5e-4;
const close = (actual: number, expected: number) => expect(Math.abs(actual - expected) / Math.abs(expected)).toBeLessThan(REL);

describe('mola-helicoidal-compressao', () => {
  // Worked example of the research notes (M5), from Budynas & Nisbett, Shigley's Mechanical
  // Engineering Design, 10th ed., ch. 10 (K_B = (4C + 2)/(4C − 3), τ = K_B·8FD/(πd³),
  // k = d⁴G/(8D³N_a), S_ut = A/d^m, squared-and-ground ends N_t = N_a + 2, L_s = d·N_t;
  // stability L₀ < 2,63·D/α with α = 0,5 between flat parallel plates, as the Shigley table of
  // end-condition constants is reproduced in public spring references). Music wire, d = 2 mm,
  // D = 16 mm, N_a = 10, G = 81,7 GPa, A = 2211, m = 0,145, f = 0,45, F = 50 N, L₀ = 48 mm.
  it('reproduces the worked example: k = 3,989 N/mm, τ = 298,6 MPa, n_s = 3,01, n_s,sól = 1,57, F_sy = 150,7 N', () => {
    const results = resultsWith(compressionSpring);
    close(numberOf(results, 'springIndex'), 8);
    close(numberOf(results, 'curvatureFactor'), 1.1724);
    close(numberOf(results, 'rate'), 3.989);
    close(numberOf(results, 'deflection'), 12.53);
    close(numberOf(results, 'loadedLength'), 35.47);
    close(numberOf(results, 'shearStress'), 298.6);
    close(numberOf(results, 'tensileStrength'), 1999.6);
    close(numberOf(results, 'shearYield'), 899.8);
    close(numberOf(results, 'safetyFactor'), 3.013);
    close(numberOf(results, 'totalCoils'), 12);
    close(numberOf(results, 'solidLength'), 24);
    close(numberOf(results, 'solidForce'), 95.74);
    close(numberOf(results, 'solidStress'), 571.7);
    close(numberOf(results, 'solidSafetyFactor'), 1.574);
    close(numberOf(results, 'yieldForce'), 150.7);
    close(numberOf(results, 'criticalLength'), 84.16);
    expect(results.solidCheck).toMatch(/^Sim — n_s,sól = 1,57 ≥ 1,2/);
    expect(results.bucklingCheck).toBe('Sim — L₀ = 48 mm < L_crít = 84,16 mm');
    expect(computeWith(compressionSpring).warnings).toEqual([]);
  });

  // Independent values, computed with python3 from the same formulas (script in the report):
  //   hard-drawn, d = 3, D_e = 30 → D = 27, N_a = 8, squared ends (N_t = 10, L_s = 3·11 = 33),
  //   G = 80 GPa, F = 100 N, L₀ = 70, α = 1: C = 9, K_B = 1.151515, k = 5.144033, y = 19.44,
  //   τ = 293.2309, S_ut = 1783/3**0.19 = 1447.099, S_sy = 651.1946, n_s = 2.220757,
  //   F_s = 190.3292, τ_s = 558.1041, n_s,sól = 1.166798, F_sy = 222.0757, L_crít = 71.01
  it('hard-drawn wire with the outer diameter and squared ends', () => {
    const outcome = computeWith(compressionSpring, {
      material: 'a227',
      wireDiameter: '3',
      diameterKind: 'outer',
      coilDiameter: '30',
      activeCoils: '8',
      ends: 'squared',
      shearModulus: '80',
      force: '100',
      freeLength: '70',
      endSupport: '1',
    });
    const results = Object.fromEntries(outcome.results.map((item) => [item.key, item.value]));
    close(numberOf(results, 'meanDiameter'), 27);
    close(numberOf(results, 'curvatureFactor'), 1.151515);
    close(numberOf(results, 'rate'), 5.144033);
    close(numberOf(results, 'deflection'), 19.44);
    close(numberOf(results, 'shearStress'), 293.2309);
    close(numberOf(results, 'tensileStrength'), 1447.099);
    close(numberOf(results, 'safetyFactor'), 2.220757);
    close(numberOf(results, 'solidLength'), 33);
    close(numberOf(results, 'solidForce'), 190.3292);
    close(numberOf(results, 'solidStress'), 558.1041);
    close(numberOf(results, 'solidSafetyFactor'), 1.166798);
    close(numberOf(results, 'yieldForce'), 222.0757);
    close(numberOf(results, 'criticalLength'), 71.01);
    expect(results.solidCheck).toMatch(/^Não/);
    expect(results.bucklingCheck).toMatch(/^Sim/);
    expect(outcome.warnings).toEqual([expect.stringContaining('pode deformar permanentemente se for comprimida até fechar')]);
  });

  //   custom S_ut = 1600 MPa, d = 5, D = 40, N_a = 6, plain ends (N_t = 6, L_s = 5·7 = 35),
  //   G = 79.3 GPa, f = 0.5, F = 50 kgf = 490.3325 N, L₀ = 100, α = 0.5: k = 16.13363,
  //   y = 30.39196, τ = 468.4483, n_s = 1.707766, F_s = 1048.686, n_s,sól = 0.7984976,
  //   F_sy = 837.3730, L_crít = 210.4
  it('a material given by S_ut, plain ends and a force in kgf', () => {
    const outcome = computeWith(compressionSpring, {
      material: 'custom',
      tensileStrength: '1600',
      materialSource: 'Cr-Si, certificado do fornecedor',
      wireDiameter: '5',
      coilDiameter: '40',
      activeCoils: '6',
      ends: 'plain',
      shearModulus: '79,3',
      yieldFraction: '0,5',
      force: '50',
      force_unit: 'kgf',
      freeLength: '100',
    });
    const results = Object.fromEntries(outcome.results.map((item) => [item.key, item.value]));
    close(numberOf(results, 'rate'), 16.13363);
    close(numberOf(results, 'deflection'), 30.39196);
    close(numberOf(results, 'shearStress'), 468.4483);
    close(numberOf(results, 'safetyFactor'), 1.707766);
    close(numberOf(results, 'solidLength'), 35);
    close(numberOf(results, 'solidForce'), 1048.686);
    close(numberOf(results, 'solidSafetyFactor'), 0.7984976);
    close(numberOf(results, 'yieldForce'), 837.373);
    close(numberOf(results, 'criticalLength'), 210.4);
    expect(outcome.steps.some((item) => item.label === 'Resistência à tração')).toBe(false);
  });

  it('counts coils and the solid length for each end type (Shigley, dimensional characteristics)', () => {
    const solid = (ends: string) => {
      const results = resultsWith(compressionSpring, { ends });
      return [numberOf(results, 'totalCoils'), numberOf(results, 'solidLength')];
    };
    expect(solid('plain')).toEqual([10, 22]);
    expect(solid('plain-ground')).toEqual([11, 22]);
    expect(solid('squared')).toEqual([12, 26]);
    expect(solid('squared-ground')).toEqual([12, 24]);
  });

  it('warns about the spring index, the coil count, buckling, the wire range and a working stress above yield', () => {
    expect(computeWith(compressionSpring, { coilDiameter: '26', freeLength: '60', force: '20' }).warnings).toEqual([
      expect.stringContaining('Índice de mola C = 13'),
    ]);
    expect(computeWith(compressionSpring, { activeCoils: '2,5', force: '20', freeLength: '14' }).warnings).toEqual([
      expect.stringContaining('espiras ativas N_a = 2,5'),
    ]);
    const buckling = computeWith(compressionSpring, { endSupport: '2' });
    expect(buckling.warnings).toEqual([expect.stringContaining('Risco de flambagem: L₀ = 48 mm ≥ L_crít = 21,04 mm')]);
    expect(buckling.results.find((item) => item.key === 'bucklingCheck')?.value).toMatch(/^Não/);
    expect(
      computeWith(compressionSpring, { wireDiameter: '8', coilDiameter: '64', activeCoils: '5', freeLength: '100', force: '1000' })
        .warnings,
    ).toEqual([expect.stringContaining('fora da faixa de diâmetros')]);
    const overloaded = computeWith(compressionSpring, { force: '160', freeLength: '90', endSupport: '0.5', coilDiameter: '16' });
    expect(overloaded.warnings).toEqual(expect.arrayContaining([expect.stringContaining('passa de S_sy')]));
  });

  it('refuses combinations that make no spring', () => {
    expect(errorsWith(compressionSpring, { coilDiameter: '40' })).toEqual({
      coilDiameter: 'O índice de mola C = D/d = 20 deve ficar entre 3 e 16.',
    });
    expect(errorsWith(compressionSpring, { diameterKind: 'outer', coilDiameter: '7' })).toEqual({
      coilDiameter: expect.stringContaining('C = D/d = 2,5'),
    });
    expect(errorsWith(compressionSpring, { freeLength: '24' })).toEqual({
      freeLength: 'O comprimento livre deve ser maior que o comprimento sólido L_s = 24 mm.',
    });
    expect(errorsWith(compressionSpring, { force: '100' })).toEqual({ force: expect.stringContaining('F_s = 95,74 N') });
    expect(errorsWith(compressionSpring, { yieldFraction: '0,8' })).toEqual({ yieldFraction: 'O valor deve estar entre 0,3 e 0,7.' });
    expect(errorsWith(compressionSpring, { material: 'custom', tensileStrength: '' })).toEqual({ tensileStrength: 'Informe um número.' });
  });

  it('is linear: doubling F doubles y and τ; doubling N_a halves k; n_s·τ = S_sy (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.5, max: 5, noNaN: true }),
        fc.double({ min: 4, max: 12, noNaN: true }),
        fc.double({ min: 4, max: 12, noNaN: true }),
        fc.double({ min: 0.05, max: 0.4, noNaN: true }),
        (d, index, coils, loadFraction) => {
          const D = d * index;
          const base = {
            wireDiameter: String(d),
            coilDiameter: String(D),
            activeCoils: String(coils),
            freeLength: String(d * (coils + 2) * 3),
          };
          const first = resultsWith(compressionSpring, { ...base, force: '1' });
          const force = loadFraction * numberOf(first, 'solidForce');
          const once = resultsWith(compressionSpring, { ...base, force: String(force) });
          const twice = resultsWith(compressionSpring, { ...base, force: String(2 * force) });
          expect(numberOf(twice, 'deflection') / numberOf(once, 'deflection')).toBeCloseTo(2, 9);
          expect(numberOf(twice, 'shearStress') / numberOf(once, 'shearStress')).toBeCloseTo(2, 9);
          expect(numberOf(once, 'safetyFactor') * numberOf(once, 'shearStress')).toBeCloseTo(numberOf(once, 'shearYield'), 6);
          expect(numberOf(once, 'solidStress') / numberOf(once, 'shearStress')).toBeCloseTo(numberOf(once, 'solidForce') / force, 9);
          const moreCoils = resultsWith(compressionSpring, { ...base, activeCoils: String(coils / 2), force: String(force / 4) });
          expect(numberOf(moreCoils, 'rate') / numberOf(once, 'rate')).toBeCloseTo(2, 9);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('draws the force × deflection chart and the three lengths', () => {
    const figures = computeWith(compressionSpring).figures ?? [];
    expect(figures.map((figure) => figure.id)).toEqual(['forca-deflexao', 'comprimentos']);
    for (const figure of figures) {
      expect(figure.svg).toMatch(/^<svg[^>]*role="img"/);
      expect(figure.svg).toMatch(/<title[^>]*>[^<]+<\/title>/);
    }
    const [chart, lengths] = figures;
    expect(chart?.summary).toContain('12,53 mm');
    expect(chart?.summary).toContain('298,6 MPa');
    expect(chart?.summary).toContain('150,7 N');
    expect(lengths?.summary).toContain('48 mm');
    expect(lengths?.summary).toContain('35,47 mm');
    expect(lengths?.summary).toContain('24 mm');
    expect(lengths?.svg).toContain('fora de escala');
    expect(computeWith(compressionSpring).figures?.[0]?.svg).not.toContain('flambagem provável');
    expect(computeWith(compressionSpring, { endSupport: '2' }).figures?.[0]?.svg).toContain('flambagem provável');
  });
});
