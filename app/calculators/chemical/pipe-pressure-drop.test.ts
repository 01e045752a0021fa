import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeWith, errorsWith, numberOf, resultsWith } from '../test-support';
import { colebrook, pipePressureDrop, swameeJain } from './pipe-pressure-drop';

const flowFor = (velocity: number, diameter: number) => String((Math.PI * diameter ** 2 * velocity) / 4);
const water2ms = { flowRate: flowFor(2, 0.05), flowRate_unit: 'm3/s' };

describe('perda-carga-tubulacao', () => {
  // Water 20 °C (998,2 kg/m³; 1,002 mPa·s), D = 50 mm, v = 2 m/s, L = 100 m, ε = 0,045 mm; example of
  // spec/calculators.md Q2, checked by hand: Re = 99 600; f = 0,0220 (Swamee–Jain) and 0,0218 (Colebrook).
  it('Colebrook: Re = 99 600, f = 0,0218, ΔP ≈ 87 kPa', () => {
    const results = resultsWith(pipePressureDrop, water2ms);
    expect(numberOf(results, 'velocity')).toBeCloseTo(2, 12);
    expect(Math.round(numberOf(results, 'reynolds') / 100) * 100).toBe(99_600);
    expect(numberOf(results, 'frictionFactor')).toBeCloseTo(0.0218, 4);
    expect(numberOf(results, 'totalDrop')).toBeCloseTo(87, 0);
    expect(results.regime).toBe('Turbulento');
  });

  it('Swamee–Jain: f = 0,0220, ΔP ≈ 88 kPa', () => {
    const results = resultsWith(pipePressureDrop, { ...water2ms, method: 'swamee-jain' });
    expect(numberOf(results, 'frictionFactor')).toBeCloseTo(0.022, 4);
    expect(numberOf(results, 'totalDrop')).toBeCloseTo(88, 0);
  });

  // Laminar flow: f = 64/Re gives Hagen–Poiseuille ΔP = 32μLv/D² (White, cap. 6).
  it('laminar flow (Re = 450) matches Hagen–Poiseuille', () => {
    const results = resultsWith(pipePressureDrop, {
      flowRate: flowFor(1, 0.05),
      flowRate_unit: 'm3/s',
      density: '900',
      viscosity: '100',
      length: '10',
    });
    expect(numberOf(results, 'reynolds')).toBeCloseTo(450, 9);
    expect(numberOf(results, 'frictionFactor')).toBeCloseTo(64 / 450, 12);
    expect(numberOf(results, 'totalDrop')).toBeCloseTo((32 * 0.1 * 10 * 1) / 0.05 ** 2 / 1000, 9);
    expect(results.regime).toBe('Laminar');
  });

  it('flags the transitional regime as uncertain, and Swamee–Jain as out of range there', () => {
    const transitional = { flowRate: flowFor(0.06, 0.05), flowRate_unit: 'm3/s' }; // Re ≈ 3000
    const outcome = computeWith(pipePressureDrop, transitional);
    expect(outcome.results.find((item) => item.key === 'regime')?.value).toBe('Transição (incerto)');
    expect(outcome.warnings).toEqual([expect.stringContaining('transição')]);
    expect(errorsWith(pipePressureDrop, { ...transitional, method: 'swamee-jain' })).toEqual({
      method: expect.stringContaining('5·10³ ≤ Re ≤ 10⁸'),
    });
  });

  it('refuses Swamee–Jain outside 10⁻⁶ ≤ ε/D ≤ 10⁻² and ε/D above 0,05 in turbulent flow', () => {
    expect(errorsWith(pipePressureDrop, { roughness: '0', method: 'swamee-jain' })).toEqual({
      method: expect.stringContaining('10⁻⁶ ≤ ε/D ≤ 10⁻²'),
    });
    expect(errorsWith(pipePressureDrop, { roughness: '3' })).toEqual({ roughness: expect.stringContaining('0,05') });
  });

  it('smooth pipe at Re = 10⁵: Colebrook gives f ≈ 0,018 (Moody chart, White cap. 6)', () => {
    expect(colebrook(1e5, 0)).toBeCloseTo(0.018, 3);
  });

  it('adds local losses ΣK·ρv²/2', () => {
    const results = resultsWith(pipePressureDrop, { ...water2ms, fittingsK: '10' });
    expect(numberOf(results, 'fittingsDrop')).toBeCloseTo((10 * 998.2 * 4) / 2 / 1000, 9);
    expect(numberOf(results, 'headLoss')).toBeCloseTo((numberOf(results, 'totalDrop') * 1000) / (998.2 * 9.80665), 9);
  });

  it('Colebrook solution satisfies its equation, and Swamee–Jain stays within 3 % of it (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: Math.log10(5e3), max: 8, noNaN: true }),
        fc.double({ min: -6, max: -2, noNaN: true }),
        (logRe, logRr) => {
          const reynolds = 10 ** logRe;
          const relative = 10 ** logRr;
          const f = colebrook(reynolds, relative);
          const residual = 1 / Math.sqrt(f) + 2 * Math.log10(relative / 3.7 + 2.51 / (reynolds * Math.sqrt(f)));
          expect(Math.abs(residual)).toBeLessThan(1e-9);
          expect(Math.abs(swameeJain(reynolds, relative) - f) / f).toBeLessThan(0.03);
        },
      ),
    );
  });
});
