import { describe, expect, it } from 'vitest';
import { computeWith, errorsWith, numberOf, resultsWith } from '../test-support';
import { shaftTorque } from './shaft-torque';

describe('torque-eixo', () => {
  // Power transmission T = P/ω = 9549·P[kW]/n[rpm] (Hibbeler, cap. 5, torção) and solid shaft
  // τ = 16T/(πd³) (Shigley, cap. 7); worked example of spec/calculators.md M1, checked by hand.
  it('7,5 kW at 1750 rpm gives T = 40,93 N·m and d = 17,3 mm for τ_adm = 40 MPa', () => {
    const results = resultsWith(shaftTorque);
    expect(numberOf(results, 'torque')).toBeCloseTo((9549.2966 * 7.5) / 1750, 3);
    expect(numberOf(results, 'torque')).toBeCloseTo(40.93, 2);
    expect(numberOf(results, 'minDiameter')).toBeCloseTo(17.34, 2);
    expect(results.equivalentTorque).toBeUndefined();
  });

  it('accepts cv and hp with their exact watt values', () => {
    expect(numberOf(resultsWith(shaftTorque, { power: '10', power_unit: 'cv' }), 'torque')).toBeCloseTo(
      (7354.9875 * 60) / (2 * Math.PI * 1750),
      9,
    );
    expect(numberOf(resultsWith(shaftTorque, { power: '10', power_unit: 'hp' }), 'torque')).toBeCloseTo(
      (7456.9987158227 * 60) / (2 * Math.PI * 1750),
      9,
    );
  });

  it('combines bending and torsion by maximum shear stress: d = ∛[16·√(M² + T²)/(π·τ)] (Shigley, cap. 7)', () => {
    const results = resultsWith(shaftTorque, { bendingMoment: '30' });
    const torque = 7500 / ((1750 * 2 * Math.PI) / 60);
    const equivalent = Math.sqrt(30 ** 2 + torque ** 2);
    expect(numberOf(results, 'equivalentTorque')).toBeCloseTo(equivalent, 9);
    expect(numberOf(results, 'minDiameter')).toBeCloseTo(1000 * Math.cbrt((16 * equivalent) / (Math.PI * 40e6)), 9);
    expect(numberOf(results, 'minDiameter')).toBeGreaterThan(17.34);
  });

  it('warns about the keyway only when there is one', () => {
    expect(computeWith(shaftTorque, { keyway: 'yes' }).warnings).toEqual([expect.stringContaining('chaveta')]);
    expect(computeWith(shaftTorque).warnings).toEqual([]);
  });

  it('refuses a zero power and a speed below 1 rpm', () => {
    expect(errorsWith(shaftTorque, { power: '0' })).toEqual({ power: 'O valor deve ser maior que zero.' });
    expect(errorsWith(shaftTorque, { speed: '0,5' })).toEqual({ speed: 'O valor deve estar entre 1 e 100000 rpm.' });
  });
});
