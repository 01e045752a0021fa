import { describe, expect, it } from 'vitest';
import { computeWith, errorsWith, numberOf, resultsWith } from '../test-support';
import { solutionMolarity } from './solution-molarity';

describe('preparo-solucao', () => {
  // M = 10·ρ·w/MW and C₁V₁ = C₂V₂ (Skoog et al., cap. 4); example of spec/calculators.md Q1,
  // checked by hand: 10·1,19·37/36,46 = 12,08 mol/L; 0,1·1000/12,076 = 8,28 mL.
  it('HCl 37 %, ρ = 1,19 g/mL is 12,08 mol/L; 1 L of 0,1 mol/L needs 8,28 mL', () => {
    const results = resultsWith(solutionMolarity);
    expect(numberOf(results, 'molarity')).toBeCloseTo(12.076, 3);
    expect(numberOf(results, 'massConcentration')).toBeCloseTo(440.3, 9);
    expect(numberOf(results, 'stockVolume')).toBeCloseTo(8.281, 3);
    expect(numberOf(results, 'stockMass')).toBeCloseTo(8.2807 * 1.19, 3);
  });

  // Skoog et al., cap. 4, worked example recalled from memory (page not checked):
  // HNO₃ 70,5 % (m/m), densidade 1,42 → 15,9 mol/L.
  it('HNO₃ 70,5 %, ρ = 1,42 g/mL, 63,0 g/mol is 15,9 mol/L', () => {
    expect(numberOf(resultsWith(solutionMolarity, { massFraction: '70,5', density: '1,42', molarMass: '63,0' }), 'molarity')).toBeCloseTo(
      15.9,
      1,
    );
  });

  it('H₂SO₄ 96 %, ρ = 1,84 g/mL is 18,0 mol/L and 36,0 eq/L with 2 eq/mol', () => {
    const results = resultsWith(solutionMolarity, {
      massFraction: '96',
      density: '1840',
      density_unit: 'kg/m3',
      molarMass: '98,08',
      equivalents: '2',
    });
    expect(numberOf(results, 'molarity')).toBeCloseTo(18.01, 2);
    expect(numberOf(results, 'normality')).toBeCloseTo(36.02, 2);
  });

  it('reads the target in mmol/L and the volume in mL', () => {
    const results = resultsWith(solutionMolarity, {
      targetConcentration: '100',
      targetConcentration_unit: 'mmol/L',
      finalVolume: '250',
      finalVolume_unit: 'mL',
    });
    expect(numberOf(results, 'stockVolume')).toBeCloseTo(8.2807 / 4, 4);
  });

  it('refuses a dilution to a concentration above the stock (C₂ > C₁)', () => {
    expect(errorsWith(solutionMolarity, { targetConcentration: '13' })).toEqual({
      targetConcentration: 'A concentração desejada deve ser menor ou igual à da solução estoque (12,08 mol/L).',
    });
  });

  it('advises dilution in steps when less than 1 mL of stock is needed', () => {
    expect(computeWith(solutionMolarity, { targetConcentration: '0,001', finalVolume: '0,1' }).warnings).toEqual([
      expect.stringContaining('em etapas'),
    ]);
    expect(computeWith(solutionMolarity).warnings).toEqual([]);
  });
});
