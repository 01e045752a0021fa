import { describe, expect, it } from 'vitest';
import { errorsWith, numberOf, resultsWith } from '../test-support';
import { loomProduction } from './loom-production';

describe('producao-tear', () => {
  // Production = picks/min · 60 · η / picks per length (from the definitions); example of
  // spec/calculators.md T3, checked by hand.
  it('600 batidas/min, 20 batidas/cm, 85 % produce 15,3 m/h', () => {
    const results = resultsWith(loomProduction);
    expect(numberOf(results, 'perLoomHour')).toBeCloseTo(15.3, 10);
    expect(numberOf(results, 'theoreticalHour')).toBeCloseTo(18, 10);
    expect(numberOf(results, 'perLoomDay')).toBeCloseTo(367.2, 10);
  });

  it('textbook imperial example: 192 ppm, 80 PPI, 75 % gives 3 jd/h', () => {
    const results = resultsWith(loomProduction, { speed: '192', weftDensity: '80', weftDensity_unit: '1/in', efficiency: '75' });
    expect(numberOf(results, 'perLoomHourYards')).toBeCloseTo(3, 10);
  });

  it('multiplies by looms and operating hours', () => {
    expect(numberOf(resultsWith(loomProduction, { looms: '10', hoursPerDay: '16' }), 'totalDay')).toBeCloseTo(15.3 * 16 * 10, 9);
  });

  it('refuses fractional looms and efficiency above 100 %', () => {
    expect(errorsWith(loomProduction, { looms: '2,5', efficiency: '120' })).toEqual({
      looms: 'Informe um número inteiro.',
      efficiency: 'O valor deve estar entre 1 e 100 %.',
    });
  });
});
