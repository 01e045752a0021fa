import { describe, expect, it } from 'vitest';
import { computeWith, errorsWith, numberOf, resultsWith } from '../test-support';
import { lmtdHeatExchanger } from './lmtd-heat-exchanger';

describe('trocador-calor-lmtd', () => {
  // Q = ṁ·c_p·ΔT, ΔT_ml = (ΔT₁ − ΔT₂)/ln(ΔT₁/ΔT₂), A = Q/(U·ΔT_ml) (Incropera, cap. 11); example of
  // spec/calculators.md Q3, checked by hand: 2·4,18·40 = 334,4 kW; 20/ln(80/60) = 69,52 K; A = 6,01 m².
  it('counter-flow 150→90 °C / 30→70 °C, 2 kg/s of water, U = 800: Q = 334 kW, ΔT_ml = 69,5 K, A = 6,0 m²', () => {
    const results = resultsWith(lmtdHeatExchanger);
    expect(numberOf(results, 'duty')).toBeCloseTo(334.4, 9);
    expect(numberOf(results, 'lmtd')).toBeCloseTo(20 / Math.log(80 / 60), 9);
    expect(numberOf(results, 'area')).toBeCloseTo(6.01, 2);
    expect(numberOf(results, 'otherCapacityRate')).toBeCloseTo(334.4 / 60, 9);
  });

  it('parallel flow needs more area for the same temperatures (ΔT₁ = 120, ΔT₂ = 20)', () => {
    const results = resultsWith(lmtdHeatExchanger, { arrangement: 'parallel' });
    expect(numberOf(results, 'lmtd')).toBeCloseTo(100 / Math.log(6), 9);
    expect(numberOf(results, 'area')).toBeGreaterThan(6.02);
  });

  it('uses the limit ΔT_ml = ΔT when both ends have the same difference, without NaN', () => {
    const results = resultsWith(lmtdHeatExchanger, { hotIn: '100', hotOut: '60', coldIn: '20', coldOut: '60' });
    expect(numberOf(results, 'lmtd')).toBe(40);
  });

  it('gives the same area with temperatures in °F and K', () => {
    const results = resultsWith(lmtdHeatExchanger, {
      hotIn: '302',
      hotIn_unit: 'degF',
      hotOut: '194',
      hotOut_unit: 'degF',
      coldIn: '303,15',
      coldIn_unit: 'K',
      coldOut: '343,15',
      coldOut_unit: 'K',
    });
    expect(numberOf(results, 'area')).toBeCloseTo(6.0126, 4);
  });

  it('computes the duty from the hot side when that is the known flow', () => {
    expect(numberOf(resultsWith(lmtdHeatExchanger, { knownSide: 'hot' }), 'duty')).toBeCloseTo(2 * 4.18 * 60, 9);
  });

  it('refuses impossible temperature sets with a message on the field to fix', () => {
    expect(errorsWith(lmtdHeatExchanger, { hotOut: '160' })).toEqual({
      hotOut: 'A saída do fluido quente deve ser mais fria que a entrada.',
    });
    expect(errorsWith(lmtdHeatExchanger, { coldOut: '25' })).toEqual({
      coldOut: 'A saída do fluido frio deve ser mais quente que a entrada.',
    });
    expect(errorsWith(lmtdHeatExchanger, { hotOut: '20' })).toEqual({
      hotOut: 'A saída do fluido quente não pode ficar abaixo da entrada do fluido frio.',
    });
    expect(errorsWith(lmtdHeatExchanger, { coldOut: '160' })).toEqual({ coldOut: expect.stringContaining('Temperaturas cruzadas') });
    expect(errorsWith(lmtdHeatExchanger, { arrangement: 'parallel', coldOut: '100' })).toEqual({
      coldOut: 'Em correntes paralelas a saída do fluido frio deve ficar abaixo da saída do fluido quente.',
    });
  });

  it('warns when the correction factor F is below 0,75', () => {
    expect(computeWith(lmtdHeatExchanger, { correctionFactor: '0,7' }).warnings).toEqual([expect.stringContaining('0,75')]);
  });
});
