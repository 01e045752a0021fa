import { describe, expect, it } from 'vitest';
import { errorsWith, numberOf, resultsWith } from '../test-support';
import { beamDeflection } from './beam-deflection';

const EI = 200e9 * 8.356e-6;

describe('deflexao-viga', () => {
  // Simply supported, uniform load: δ = 5wL⁴/(384EI), M = wL²/8 (Hibbeler, apêndice de deflexões;
  // Roark, tabela 8.1); example of spec/calculators.md M2, checked by hand.
  it('w = 5 kN/m, L = 4 m, E = 200 GPa, I = 8,356·10⁻⁶ m⁴ gives δ = 9,97 mm (L/401) and M = 10 kN·m', () => {
    const results = resultsWith(beamDeflection);
    expect(numberOf(results, 'maxDeflection')).toBeCloseTo(9.97, 2);
    expect(Math.round(numberOf(results, 'spanRatio'))).toBe(401);
    expect(numberOf(results, 'maxMoment')).toBeCloseTo(10, 12);
    expect(numberOf(results, 'maxShear')).toBeCloseTo(10, 12);
    expect(numberOf(results, 'maxStress')).toBeCloseTo((10e3 * 0.1) / 8.356e-6 / 1e6, 9);
    expect(results.location).toBe('Meio do vão');
  });

  it('gives the same result in other units (mm, mm⁴, kgf/cm²)', () => {
    const results = resultsWith(beamDeflection, { span: '4000', span_unit: 'mm', inertia: '8356000', inertia_unit: 'mm4' });
    expect(numberOf(results, 'maxDeflection')).toBeCloseTo(9.9729, 4);
  });

  it('keeps load cases apart: a point load P = wL at mid-span deflects 8/5 of the uniform load', () => {
    const udl = numberOf(resultsWith(beamDeflection), 'maxDeflection');
    const point = numberOf(resultsWith(beamDeflection, { loadCase: 'ss-point', pointLoad: '20' }), 'maxDeflection');
    expect(point / udl).toBeCloseTo(8 / 5, 12);
  });

  it('cantilever with tip load: δ = PL³/(3EI), M = PL (Hibbeler, apêndice; Roark, tabela 8.1)', () => {
    const results = resultsWith(beamDeflection, { loadCase: 'cantilever-point', pointLoad: '10', span: '2' });
    expect(numberOf(results, 'maxDeflection')).toBeCloseTo((1000 * (10e3 * 2 ** 3)) / (3 * EI), 9);
    expect(numberOf(results, 'maxMoment')).toBeCloseTo(20, 12);
    expect(numberOf(results, 'maxShear')).toBeCloseTo(10, 12);
    expect(results.location).toBe('Extremidade livre');
  });

  it('cantilever with uniform load: δ = wL⁴/(8EI), M = wL²/2', () => {
    const results = resultsWith(beamDeflection, { loadCase: 'cantilever-udl', span: '2' });
    expect(numberOf(results, 'maxDeflection')).toBeCloseTo((1000 * (5e3 * 2 ** 4)) / (8 * EI), 9);
    expect(numberOf(results, 'maxMoment')).toBeCloseTo(10, 12);
  });

  it('validates only the load that the chosen case uses', () => {
    expect(numberOf(resultsWith(beamDeflection, { pointLoad: 'abc' }), 'maxMoment')).toBeCloseTo(10, 12);
    expect(errorsWith(beamDeflection, { loadCase: 'ss-point', pointLoad: '' })).toEqual({ pointLoad: 'Informe um número.' });
    expect(errorsWith(beamDeflection, { loadCase: 'engastada' })).toEqual({ loadCase: 'Escolha uma das opções da lista.' });
  });
});
