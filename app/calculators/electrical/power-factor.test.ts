import { describe, expect, it } from 'vitest';
import { computeWith, errorsWith, numberOf, resultsWith } from '../test-support';
import { powerFactor } from './power-factor';

describe('correcao-fator-potencia', () => {
  // Q_c = P(tan φ₁ − tan φ₂), C_Δ = Q_c/(3ωV²), C_Y = Q_c/(ωV²) at 60 Hz; example of
  // spec/calculators.md E2, checked by hand (tan φ₁ = 0,75; tan φ₂ = 0,4260).
  it('100 kW from 0,80 to 0,92 at 380 V needs 32,4 kvar: 198 µF per phase in Δ', () => {
    const results = resultsWith(powerFactor);
    expect(numberOf(results, 'capacitorPower')).toBeCloseTo(32.4, 1);
    expect(numberOf(results, 'capacitance')).toBeCloseTo(198.4, 1);
    expect(numberOf(results, 'reactiveBefore')).toBeCloseTo(75, 10);
    expect(numberOf(results, 'apparentBefore')).toBeCloseTo(125, 10);
  });

  it('needs three times the capacitance per phase in Y: 595 µF', () => {
    const delta = numberOf(resultsWith(powerFactor), 'capacitance');
    const star = numberOf(resultsWith(powerFactor, { connection: 'star' }), 'capacitance');
    expect(star).toBeCloseTo(595.2, 1);
    expect(star / delta).toBeCloseTo(3, 12);
  });

  it('needs 6/5 of the capacitance at 50 Hz', () => {
    const at50 = numberOf(resultsWith(powerFactor, { frequency: '50' }), 'capacitance');
    expect(at50 / 198.3937).toBeCloseTo(1.2, 5);
  });

  it('cancels all reactive power for a target of 1', () => {
    expect(numberOf(resultsWith(powerFactor, { targetPowerFactor: '1' }), 'capacitorPower')).toBeCloseTo(75, 10);
  });

  it('warns below the ANEEL reference of 0,92 and refuses a target not above the current value', () => {
    expect(computeWith(powerFactor, { targetPowerFactor: '0,9' }).warnings).toEqual([expect.stringContaining('0,92')]);
    expect(computeWith(powerFactor).warnings).toEqual([]);
    expect(errorsWith(powerFactor, { targetPowerFactor: '0,8' })).toEqual({
      targetPowerFactor: 'O fator de potência desejado deve ser maior que o atual (0,8).',
    });
  });
});
