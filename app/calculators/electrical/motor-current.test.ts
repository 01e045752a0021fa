import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeWith, errorsWith, numberOf, resultsWith } from '../test-support';
import { motorCurrent } from './motor-current';

const closeTo = (actual: number, expected: number, tolerance = 5e-4) => expect(Math.abs(actual / expected - 1)).toBeLessThan(tolerance);

describe('corrente-motor-trifasico', () => {
  // Worked example of the research notes (spec/calculators-2.md, E5), checked against the definitions:
  // I_n = P/(√3·V·η·cos φ) (IEC 60034-1 rated quantities; nameplate data of NBR 17094-1), star-delta
  // line current and torque 1/3 of the direct-start values (phase voltage ÷ √3 and star connection).
  // 7,5 kW, 380 V, η 91 %, cos φ 0,83, I_p/I_n 7,5, 1760 rpm, star-delta.
  it('reproduces the worked example: 15,09 A, 113,2 A direct, 37,72 A in star-delta, 40,69 N·m', () => {
    const outcome = computeWith(motorCurrent);
    const results = Object.fromEntries(outcome.results.map((item) => [item.key, item.value]));
    closeTo(numberOf(results, 'ratedCurrent'), 15.09);
    closeTo(numberOf(results, 'inputPower'), 8.242);
    closeTo(numberOf(results, 'apparentPower'), 9.93);
    closeTo(numberOf(results, 'reactivePower'), 5.538);
    closeTo(numberOf(results, 'directStartCurrent'), 113.2);
    closeTo(numberOf(results, 'startCurrent'), 37.72);
    closeTo(numberOf(results, 'startMultiple'), 2.5);
    closeTo(numberOf(results, 'torqueFraction'), 100 / 3);
    closeTo(numberOf(results, 'ratedTorque'), 40.69);
    closeTo(numberOf(results, 'mainContactor'), 8.71);
    closeTo(numberOf(results, 'starContactor'), 5.029);
    expect(outcome.warnings).toContainEqual(expect.stringContaining('6 terminais'));
    expect(outcome.warnings).toContainEqual(expect.stringContaining('cai para 1/3'));
  });

  // 15 cv (735,49875 W each), 220 V, η 90 %, cos φ 0,85, I_p/I_n 7, 1765 rpm, direct start.
  // python3: P = 15*735.49875 = 11032.48 W; I_n = P/(sqrt(3)*220*0.9*0.85) = 37.8467 A; I_p = 7*I_n = 264.927 A;
  // T_n = P/(2*pi*1765/60) = 59.6898 N·m.
  it('converts cv and starts direct with the full starting current', () => {
    const results = resultsWith(motorCurrent, {
      power: '15',
      power_unit: 'cv',
      voltage: '220',
      efficiency: '90',
      powerFactor: '0,85',
      startRatio: '7',
      speed: '1765',
      method: 'direct',
    });
    closeTo(numberOf(results, 'ratedCurrent'), 37.846738);
    closeTo(numberOf(results, 'startCurrent'), 264.92717);
    closeTo(numberOf(results, 'ratedTorque'), 59.689765);
    expect(results.torqueFraction).toBe(100);
    expect(results.mainContactor).toBeUndefined();
  });

  // 50 kW, 440 V, η 94,5 %, cos φ 0,86, I_p/I_n 6,8, autotransformer tap 65 %: current and torque × 0,65².
  // python3: I_n = 50000/(sqrt(3)*440*0.945*0.86) = 80.7284 A; I_p = 548.953 A; I_part = 0.4225*I_p = 231.933 A.
  it('applies k² to current and torque with the autotransformer', () => {
    const results = resultsWith(motorCurrent, {
      power: '50',
      voltage: '440',
      efficiency: '94,5',
      powerFactor: '0,86',
      startRatio: '6,8',
      method: 'autotransformer',
      tap: '0.65',
    });
    closeTo(numberOf(results, 'ratedCurrent'), 80.728418);
    closeTo(numberOf(results, 'startCurrent'), 231.93274);
    closeTo(numberOf(results, 'startMultiple'), 2.873);
    closeTo(numberOf(results, 'torqueFraction'), 42.25);
  });

  // Soft-starter limited to 3·I_n with I_p/I_n = 7,5: I = 3·15,0868 = 45,260 A, torque (3/7,5)² = 16 %.
  it('limits the current with a soft-starter and reduces the torque with the square of the voltage', () => {
    const outcome = computeWith(motorCurrent, { method: 'soft-starter', currentLimit: '3' });
    const results = Object.fromEntries(outcome.results.map((item) => [item.key, item.value]));
    closeTo(numberOf(results, 'startCurrent'), 45.260444);
    closeTo(numberOf(results, 'torqueFraction'), 16);
    expect(outcome.warnings).toContainEqual(expect.stringContaining('16 %'));
  });

  it('treats the inverter as informative: current near I_n, no torque fraction', () => {
    const outcome = computeWith(motorCurrent, { method: 'inverter' });
    const results = Object.fromEntries(outcome.results.map((item) => [item.key, item.value]));
    expect(results.startCurrent).toBe(results.ratedCurrent);
    expect(results.torqueFraction).toBeUndefined();
    expect(outcome.warnings).toContainEqual(expect.stringContaining('informativo'));
  });

  it('refuses a soft-starter limit above the direct-start current and values out of range', () => {
    expect(errorsWith(motorCurrent, { method: 'soft-starter', currentLimit: '6', startRatio: '5' })).toEqual({
      currentLimit: 'O limite de 6 × I_n é maior que a corrente de partida direta (5 × I_n): use um limite menor que I_p/I_n.',
    });
    expect(errorsWith(motorCurrent, { efficiency: '120', powerFactor: '0' })).toEqual({
      efficiency: 'O valor deve estar entre 50 e 99 %.',
      powerFactor: 'O valor deve estar entre 0,3 e 0,99.',
    });
  });

  it('property: current and torque are proportional to power; star-delta is a third of direct; reduced starts never exceed direct', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.1, max: 500, noNaN: true }),
        fc.double({ min: 180, max: 1000, noNaN: true }),
        fc.double({ min: 3, max: 12, noNaN: true }),
        fc.constantFrom('star-delta', 'autotransformer', 'soft-starter'),
        (power, voltage, startRatio, method) => {
          const params = { power: String(power), voltage: String(voltage), startRatio: String(startRatio), method, currentLimit: '2,5' };
          const base = resultsWith(motorCurrent, params);
          const doubled = resultsWith(motorCurrent, { ...params, power: String(2 * power) });
          for (const key of ['ratedCurrent', 'directStartCurrent', 'startCurrent', 'ratedTorque'])
            closeTo(numberOf(doubled, key), 2 * numberOf(base, key), 1e-12);
          const direct = resultsWith(motorCurrent, { ...params, method: 'direct' });
          expect(numberOf(base, 'startCurrent')).toBeLessThanOrEqual(numberOf(direct, 'startCurrent'));
          expect(numberOf(base, 'torqueFraction')).toBeLessThanOrEqual(100);
          if (method === 'star-delta') closeTo(numberOf(base, 'startCurrent'), numberOf(direct, 'startCurrent') / 3, 1e-12);
        },
      ),
      { numRuns: 100 },
    );
  });
  it('draws the starting currents of every method with the chosen one highlighted (notes, E5 diagram)', () => {
    const [chart] = computeWith(motorCurrent).figures ?? [];
    expect(chart?.id).toBe('corrente-partida-metodos');
    expect(chart?.svg).toContain('<title id="fig-corrente-partida-metodos-title">Corrente de partida por método</title>');
    expect(chart?.summary).toBe(
      'Estrela-triângulo: corrente de partida 37,72 A (2,5 × I_n), contra 113,2 A na partida direta; I_n = 15,09 A. Cp: conjugado de partida em % do da partida direta.',
    );
    for (const label of [
      '113,2 A (7,5 × I_n)',
      '37,72 A (2,5 × I_n) escolhido',
      'Estrela-triângulo · Cp 33 %',
      'Compensadora 65 % · Cp 42 %',
      'I_n = 15,1 A',
    ])
      expect(chart?.svg).toContain(label);
    expect(chart?.svg).not.toMatch(/\sstyle=/);
    const inverter = computeWith(motorCurrent, { method: 'inverter' }).figures?.[0];
    expect(inverter?.svg).toContain('≈ 15,09 A escolhido');
  });
});
