import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeWith, errorsWith, numberOf, resultsWith } from '../test-support';
import { heatingTime, powerForTime, tankHeating, temperatureAt } from './tank-heating';

const closeTo = (actual: number, expected: number, relative = 5e-4) =>
  expect(Math.abs(actual - expected), `${actual} ≉ ${expected}`).toBeLessThanOrEqual(relative * Math.abs(expected));

describe('aquecimento-tanque', () => {
  // Worked example of spec/calculators-2.md Q6: the transient balance of a well-mixed tank
  // m·c_p·dT/dt = P − UA·(T − T_a) (Himmelblau & Riggs, unsteady-state energy balances; the lumped
  // capacitance solution of Incropera, ch. 5). 2000 kg of water, c_p = 4,18 kJ/(kg·K), 20 → 60 °C,
  // ambient 20 °C, 24 kW, UA = 120 W/K, R$ 0,80/kWh. Q = 334,4 MJ = 92,89 kWh; t₀ = 3,87 h;
  // τ = 19,35 h; T_∞ = 220 °C; t = 69 667 · ln(24 000/19 200) s = 4,318 h; E = 103,6 kWh;
  // losses 10,75 kWh (10,37 %); holding 4,8 kW; cost R$ 82,91.
  it('2000 L of water 20 → 60 °C with 24 kW and UA = 120 W/K: 4,32 h, 103,6 kWh, R$ 82,91', () => {
    const outcome = computeWith(tankHeating);
    const results = Object.fromEntries(outcome.results.map((item) => [item.key, item.value]));
    closeTo(numberOf(results, 'mass'), 2000);
    closeTo(numberOf(results, 'heat'), 92.89);
    closeTo(numberOf(results, 'heatMJ'), 334.4);
    closeTo(numberOf(results, 'timeWithoutLosses'), 3.8704);
    closeTo(numberOf(results, 'timeConstant'), 19.352);
    closeTo(numberOf(results, 'asymptoticTemperature'), 220);
    closeTo(numberOf(results, 'heatingTime'), 4.3182);
    closeTo(numberOf(results, 'energy'), 103.64);
    closeTo(numberOf(results, 'losses'), 10.749);
    closeTo(numberOf(results, 'lossesPercent'), 10.372);
    closeTo(numberOf(results, 'holdingPower'), 4.8);
    closeTo(numberOf(results, 'cost'), 82.91);
    expect(outcome.warnings).toEqual([]);
  });

  // Solve-for mode, checked against the spec's own method (bisection on P in [Q/t, 100·Q/t] with the
  // time formula, in Python): heating in 4 h needs P = 25,705 kW, E = 102,82 kWh.
  it('power needed to heat the same tank in 4 h: 25,70 kW', () => {
    const results = resultsWith(tankHeating, { mode: 'power', heatingTime: '4' });
    closeTo(numberOf(results, 'requiredPower'), 25.7048);
    closeTo(numberOf(results, 'energy'), 102.819);
    expect(results.heatingTime).toBe(4);
  });

  // By hand: 500 L of oil, ρ = 870 kg/m³, c_p = 2,0 kJ/(kg·K), 25 → 150 °C, no losses, 30 kW:
  // Q = 435 · 2000 · 125 = 108,75 MJ = 30,208 kWh; t = Q/P = 1,0069 h.
  it('thermal oil without losses: t = Q/P', () => {
    const results = resultsWith(tankHeating, {
      volume: '500',
      density: '870',
      specificHeat: '2',
      initialTemperature: '25',
      finalTemperature: '150',
      boilingTemperature: '300',
      power: '30',
      losses: 'none',
    });
    closeTo(numberOf(results, 'heat'), 30.2083);
    closeTo(numberOf(results, 'heatingTime'), 1.00694);
    expect(numberOf(results, 'heatingTime')).toBeCloseTo(numberOf(results, 'timeWithoutLosses'), 12);
    expect(results.timeConstant).toBeUndefined();
    expect(numberOf(results, 'losses')).toBeCloseTo(0, 9);
  });

  // By hand: E = 103,64 kWh = 373,1 MJ; at h_fg = 2100 kJ/kg → 177,66 kg of steam; R$ 0,15/kg → R$ 26,65.
  it('steam: mass of steam from h_fg, U × A equal to UA, power in kcal/h, mass typed in tonnes', () => {
    const outcome = computeWith(tankHeating, {
      source: 'steam',
      latentHeat: '2100',
      steamPrice: '0,15',
      losses: 'u-area',
      overallCoefficient: '10',
      area: '12',
      power: String(24_000 / (4186.8 / 3600)),
      power_unit: 'kcal/h',
      quantity: 'mass',
      mass: '2',
      mass_unit: 't',
    });
    const results = Object.fromEntries(outcome.results.map((item) => [item.key, item.value]));
    closeTo(numberOf(results, 'steamMass'), 177.665);
    closeTo(numberOf(results, 'cost'), 26.65);
    closeTo(numberOf(results, 'heatingTime'), 4.3182);
    expect(results.mass).toBeUndefined();
    expect(outcome.warnings).toEqual(['Vapor: considerado só o calor latente; o condensado sai saturado.']);
  });

  it('refuses a final temperature never reached, not above the initial one, or at the boiling point', () => {
    expect(errorsWith(tankHeating, { power: '4,8' })).toEqual({
      power: 'Com essas perdas a temperatura final nunca é atingida (máximo T_∞ = 60 °C).',
    });
    expect(errorsWith(tankHeating, { power: '2' })).toEqual({ power: expect.stringContaining('T_∞ = 36,67 °C') });
    expect(errorsWith(tankHeating, { finalTemperature: '20' })).toEqual({
      finalTemperature: 'A temperatura final deve ser maior que a inicial.',
    });
    expect(errorsWith(tankHeating, { finalTemperature: '100' })).toEqual({
      finalTemperature: 'Temperatura final acima da ebulição: o modelo sensível não vale.',
    });
    expect(errorsWith(tankHeating, { losses: 'none', power: '1e-320' })).toEqual({ power: expect.stringContaining('fora de escala') });
    expect(errorsWith(tankHeating, { mode: 'power', heatingTime: '1e-310' })).toEqual({
      heatingTime: expect.stringContaining('fora de escala'),
    });
    expect(errorsWith(tankHeating, { specificHeat: '6' })).toEqual({ specificHeat: 'O valor deve estar entre 0,5 e 5 kJ/(kg·K).' });
  });

  it('warns about evaporation from open tanks above about 60 °C and about a warmer ambient', () => {
    expect(computeWith(tankHeating, { tank: 'open', finalTemperature: '80' }).warnings).toEqual([expect.stringContaining('evaporação')]);
    expect(computeWith(tankHeating, { tank: 'open', finalTemperature: '60' }).warnings).toEqual([]);
    expect(computeWith(tankHeating, { ambientTemperature: '40', finalTemperature: '35' }).warnings).toEqual([
      expect.stringContaining('ganha calor'),
    ]);
  });

  it('draws temperature × time and the cumulative energy, with the key numbers in the summary', () => {
    const figures = computeWith(tankHeating).figures ?? [];
    expect(figures.map((figure) => figure.id)).toEqual(['temperatura-tempo', 'energia-acumulada']);
    for (const figure of figures) {
      expect(figure.svg).toMatch(/^<svg[^>]*role="img"/);
      expect(figure.svg).toMatch(/<title[^>]*>[^<]+<\/title>/);
    }
    expect(figures[0]?.summary).toContain('4,32 h');
    expect(figures[0]?.summary).toContain('3,87 h');
    expect(figures[1]?.summary).toContain('10,7 kWh');
  });

  const tank = fc.record({
    capacity: fc.double({ min: 1e3, max: 1e9, noNaN: true }), // J/K
    ua: fc.double({ min: 0, max: 1e4, noNaN: true }), // W/K
    t0: fc.double({ min: 250, max: 350, noNaN: true }),
    rise: fc.double({ min: 0.5, max: 80, noNaN: true }),
    ta: fc.double({ min: 250, max: 330, noNaN: true }),
    hours: fc.double({ min: 0.01, max: 1000, noNaN: true }),
  });

  it('time and power are inverse, the curve passes through T_f, and scaling the tank keeps the time (property)', () => {
    fc.assert(
      fc.property(tank, ({ capacity, ua, t0, rise, ta, hours }) => {
        const tf = t0 + rise;
        const time = hours * 3600;
        const power = powerForTime(capacity, time, ua, t0, tf, ta);
        // Far past τ the power is barely above the holding power, and recovering t from it loses
        // e^(t/τ) in precision: a property of the problem, not of the formula.
        fc.pre(power > 0 && (time * ua) / capacity < 10);
        expect(heatingTime(capacity, power, ua, t0, tf, ta) / time).toBeCloseTo(1, 6);
        expect(temperatureAt(capacity, power, ua, t0, ta, time)).toBeCloseTo(tf, 6);
        // Doubling the mass, the power and UA together changes nothing in time.
        expect(heatingTime(2 * capacity, 2 * power, 2 * ua, t0, tf, ta) / time).toBeCloseTo(1, 6);
        // Losses never make heating faster when the ambient is colder than the start.
        if (ta <= t0) expect(power * time).toBeGreaterThanOrEqual(capacity * rise * (1 - 1e-9));
      }),
      { numRuns: 300 },
    );
  });

  it('without losses, doubling the volume doubles the time and the energy (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: 1, max: 1e6, noNaN: true }), fc.double({ min: 1, max: 1000, noNaN: true }), (litres, kilowatts) => {
        const once = resultsWith(tankHeating, { losses: 'none', volume: String(litres), power: String(kilowatts) });
        const twice = resultsWith(tankHeating, { losses: 'none', volume: String(2 * litres), power: String(kilowatts) });
        expect(numberOf(twice, 'heatingTime') / numberOf(once, 'heatingTime')).toBeCloseTo(2, 9);
        expect(numberOf(twice, 'energy') / numberOf(once, 'energy')).toBeCloseTo(2, 9);
      }),
      { numRuns: 100 },
    );
  });
});
