import { describe, expect, it } from 'vitest';
import { errorsWith, numberOf, resultsWith } from '../test-support';
import { boltTorque, tensileStressArea } from './bolt-torque';

describe('torque-aperto-parafuso', () => {
  // Tensile stress areas of ISO coarse threads as tabulated in Shigley, tabela 8-1 (ISO 898-1 formula).
  it.each([
    [8, 1.25, 36.6],
    [10, 1.5, 58.0],
    [12, 1.75, 84.3],
    [16, 2, 157],
    [20, 2.5, 245],
  ])('M%s × %s has Aₜ ≈ %s mm² (Shigley, tabela 8-1)', (d, pitch, area) => {
    expect(tensileStressArea(d / 1000, pitch / 1000) * 1e6).toBeCloseTo(area, area > 100 ? 0 : 1);
  });

  // Fᵢ = 0,75·Aₜ·Sₚ and T = K·Fᵢ·d (Shigley, cap. 8); Sₚ = 580 MPa for class 8.8, d ≤ 16 mm (ISO 898-1);
  // example of spec/calculators.md M3, checked by hand.
  it('M10 class 8.8, reusable, K = 0,20: Fₚ = 33,6 kN, Fᵢ = 25,2 kN, T ≈ 50 N·m', () => {
    const results = resultsWith(boltTorque);
    expect(numberOf(results, 'proofLoad')).toBeCloseTo(33.6, 1);
    expect(numberOf(results, 'preload')).toBeCloseTo(25.2, 1);
    expect(numberOf(results, 'torque')).toBeCloseTo(0.2 * 0.75 * 57.9896 * 580 * 0.01, 2);
    expect(numberOf(results, 'torque')).toBeCloseTo(50.45, 2);
    expect(numberOf(results, 'torqueKgfM')).toBeCloseTo(50.45 / 9.80665, 2);
  });

  it('uses 90 % of the proof load for permanent joints (Shigley, cap. 8)', () => {
    const results = resultsWith(boltTorque, { joint: 'permanent' });
    expect(numberOf(results, 'preload') / numberOf(results, 'proofLoad')).toBeCloseTo(0.9, 12);
    expect(numberOf(results, 'torque')).toBeCloseTo(50.45 * 1.2, 1);
  });

  it('refuses a pitch too coarse for the diameter', () => {
    expect(errorsWith(boltTorque, { pitch: '5' })).toEqual({ pitch: 'Passo grande demais para este diâmetro (máximo 0,3·d = 3 mm).' });
  });
});
