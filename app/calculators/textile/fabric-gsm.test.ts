import { describe, expect, it } from 'vitest';
import { errorsWith, numberOf, resultsWith } from '../test-support';
import { fabricGsm } from './fabric-gsm';

describe('gramatura-tecido', () => {
  // Example of spec/calculators.md T2: 120×70 EPI×PPI, Ne 40×30, crimp 3 %/5 %. Checked against the
  // industry's imperial form GSM = (EPI·(1+c₁)/Ne₁ + PPI·(1+c₂)/Ne₂)·23,25 (23,25 = 590,54/25,4).
  it('120×70 fios/pol, Ne 40×30, crimp 3 %/5 % weighs 128,8 g/m², as the imperial formula says', () => {
    const imperial = ((120 * 1.03) / 40 + (70 * 1.05) / 30) * 23.25;
    const results = resultsWith(fabricGsm);
    expect(numberOf(results, 'gsm')).toBeCloseTo(128.8, 1);
    expect(Math.abs(numberOf(results, 'gsm') - imperial) / imperial).toBeLessThan(1e-3);
    expect(numberOf(results, 'ouncesPerSquareYard')).toBeCloseTo(128.803 / 33.9057, 3);
  });

  it('follows the metric definition: 30 fios/cm of 20 tex + 20 fios/cm of 30 tex, no crimp = 120 g/m²', () => {
    const results = resultsWith(fabricGsm, {
      warpDensity: '30',
      warpDensity_unit: '1/cm',
      weftDensity: '20',
      weftDensity_unit: '1/cm',
      warpCount: '20',
      warpCount_unit: 'tex',
      weftCount: '30',
      weftCount_unit: 'tex',
      warpCrimp: '0',
      weftCrimp: '0',
    });
    expect(numberOf(results, 'warpMass')).toBeCloseTo(60, 10);
    expect(numberOf(results, 'weftMass')).toBeCloseTo(60, 10);
    expect(numberOf(results, 'gsm')).toBeCloseTo(120, 10);
  });

  it('gives the SI cover factor K = fios/cm·√tex/10 = 0,957 × the imperial EPI/√Ne (Peirce)', () => {
    const results = resultsWith(fabricGsm);
    expect(numberOf(results, 'warpCover') / (120 / Math.sqrt(40))).toBeCloseTo(0.957, 3);
  });

  it('refuses crimp above 50 %', () => {
    expect(errorsWith(fabricGsm, { weftCrimp: '60' })).toEqual({ weftCrimp: 'O valor deve estar entre 0 e 50 %.' });
  });
});
