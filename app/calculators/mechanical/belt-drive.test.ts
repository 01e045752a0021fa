import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeWith, errorsWith, numberOf, resultsWith } from '../test-support';
import { beltDrive, centreFromLength, openBeltGeometry } from './belt-drive';

const REL = 5e-4;
const close = (actual: number, expected: number) => expect(Math.abs(actual - expected) / Math.abs(expected)).toBeLessThan(REL);

describe('transmissao-correia', () => {
  // Worked example of the research notes (M6), from Budynas & Nisbett, Shigley's Mechanical
  // Engineering Design, 10th ed., ch. 17 (open-belt geometry θ_d = π − 2·asin[(D − d)/(2C)],
  // exact length, capstan relation (F₁ − F_c)/(F₂ − F_c) = e^(μθ)); the same relations
  // (v = π·d·n, F₁ − F₂ = P/v, F₁/F₂ = e^(μ′α)) are listed by the public tribology-abc.com
  // V-belt calculator. d = 100 mm, D = 250 mm, C = 500 mm, n₁ = 1750 rpm, P = 5,5 kW, μ′ = 0,5.
  it('reproduces the worked example: v = 9,163 m/s, θ_d = 162,7°, L = 1561,0 mm, F₁ = 791,5 N, F_eixo = 975,8 N', () => {
    const results = resultsWith(beltDrive);
    close(numberOf(results, 'ratio'), 2.5);
    close(numberOf(results, 'drivenSpeed'), 700);
    close(numberOf(results, 'beltSpeed'), 9.163);
    close(numberOf(results, 'smallWrap'), 162.75);
    close(numberOf(results, 'largeWrap'), 197.25);
    close(numberOf(results, 'beltLength'), 1561.0);
    close(numberOf(results, 'beltLengthApprox'), 1561.0);
    close(numberOf(results, 'effectivePull'), 600.2);
    close(numberOf(results, 'frictionFactor'), 4.138);
    close(numberOf(results, 'tightTension'), 791.5);
    close(numberOf(results, 'slackTension'), 191.3);
    close(numberOf(results, 'shaftLoad'), 975.8);
    close(numberOf(results, 'driverTorque'), 30.01);
    close(numberOf(results, 'drivenTorque'), 75.03);
    expect(computeWith(beltDrive).warnings).toEqual([]);
  });

  it('reproduces step 5 of the worked example: a standard 1600 mm belt gives C = 519,7 mm', () => {
    const results = resultsWith(beltDrive, { geometry: 'length', beltLength: '1600' });
    close(numberOf(results, 'centreDistance'), 519.7);
    close(numberOf(results, 'beltLengthApprox'), 1600);
  });

  // Independent values, computed with python3 from the same formulas:
  //   L = 1600 → A = 1600 − π·350/2, C = (A + √(A² − 2·150²))/4 = 519.6989; θ_d = 163.4048°,
  //   e^(0.5·θ_d) = 4.161919, F₁ = 790.0761, F₂ = 189.8346, F_eixo = 973.5143, L exact = 1600.019
  it('derives the tensions at the centre distance of a standard length', () => {
    const results = resultsWith(beltDrive, { geometry: 'length', beltLength: '1600' });
    close(numberOf(results, 'smallWrap'), 163.4048);
    close(numberOf(results, 'frictionFactor'), 4.161919);
    close(numberOf(results, 'tightTension'), 790.0761);
    close(numberOf(results, 'slackTension'), 189.8346);
    close(numberOf(results, 'shaftLoad'), 973.5143);
    close(numberOf(results, 'beltLength'), 1600.019);
  });

  //   flat belt d = 150, D = 600, C = 1200, n₁ = 1450 rpm, P = 10 cv = 7354.9875 W, K_s = 1.3,
  //   μ = 0.3, s = 2 %, m′ = 0.5 kg/m: n₂ = 355.25, v = 11.38827, θ_d = 158.3862°,
  //   θ_D = 201.6138°, L = 3620.410, F_e = 839.5903, F_c = 64.84639, F₁ = 1554.409,
  //   F₂ = 714.8188, F_eixo = 2107.477 (without F_c), T₁ = 48.43790, T₂ = 193.7516
  it('a flat belt in cv with service factor, slip and centrifugal tension', () => {
    const results = resultsWith(beltDrive, {
      smallDiameter: '150',
      largeDiameter: '600',
      centreDistance: '1200',
      speed: '1450',
      power: '10',
      power_unit: 'cv',
      serviceFactor: '1,3',
      friction: '0,3',
      slip: '2',
      massPerLength: '0,5',
    });
    close(numberOf(results, 'drivenSpeed'), 355.25);
    close(numberOf(results, 'beltSpeed'), 11.38827);
    close(numberOf(results, 'smallWrap'), 158.3862);
    close(numberOf(results, 'largeWrap'), 201.6138);
    close(numberOf(results, 'beltLength'), 3620.41);
    close(numberOf(results, 'designPower'), 1.3 * 7.3549875);
    close(numberOf(results, 'effectivePull'), 839.5903);
    close(numberOf(results, 'centrifugalTension'), 64.84639);
    close(numberOf(results, 'tightTension'), 1554.409);
    close(numberOf(results, 'slackTension'), 714.8188);
    close(numberOf(results, 'shaftLoad'), 2107.477);
    close(numberOf(results, 'driverTorque'), 48.4379);
    close(numberOf(results, 'drivenTorque'), 193.7516);
  });

  it('warns about a small wrap angle, the belt speed and the centre distance', () => {
    const shortCentre = computeWith(beltDrive, { largeDiameter: '500', centreDistance: '320' });
    expect(shortCentre.warnings).toEqual([
      expect.stringContaining('Ângulo de abraçamento pequeno'),
      expect.stringContaining('Distância entre centros C = 320 mm fora da faixa usual'),
    ]);
    expect(computeWith(beltDrive, { speed: '500' }).warnings).toEqual([expect.stringContaining('Velocidade da correia v = 2,618 m/s')]);
    expect(computeWith(beltDrive, { centreDistance: '800' }).warnings).toEqual([expect.stringContaining('de 0,7·(D + d) a 2·(D + d)')]);
  });

  it('refuses overlapping pulleys, a belt too short and a smaller large pulley', () => {
    expect(errorsWith(beltDrive, { centreDistance: '175' })).toEqual({
      centreDistance: 'As polias se sobrepõem: aumente a distância entre centros (C deve ser maior que (D + d)/2 = 175 mm).',
    });
    expect(errorsWith(beltDrive, { geometry: 'length', beltLength: '900' })).toEqual({
      beltLength: expect.stringContaining('Correia curta demais'),
    });
    expect(errorsWith(beltDrive, { largeDiameter: '90' })).toEqual({
      largeDiameter: 'O diâmetro da polia maior deve ser maior ou igual ao da polia menor.',
    });
    expect(errorsWith(beltDrive, { slip: '6' })).toEqual({ slip: 'O valor deve estar entre 0 e 5 %.' });
    expect(errorsWith(beltDrive, { friction: '0,05' })).toEqual({ friction: 'O valor deve estar entre 0,1 e 1.' });
  });

  it('keeps the length ↔ centre distance relations and the tension balance (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 20, max: 500, noNaN: true }),
        fc.double({ min: 1, max: 6, noNaN: true }),
        fc.double({ min: 0.55, max: 5, noNaN: true }),
        fc.double({ min: 0.1, max: 1, noNaN: true }),
        fc.double({ min: 0.1, max: 100, noNaN: true }),
        (d, ratio, centreFactor, friction, power) => {
          const D = d * ratio;
          const centre = centreFactor * (D + d);
          // The approximate formula inverted gives back the centre distance.
          const { approxLength, exactLength, smallWrap, largeWrap } = openBeltGeometry(d, D, centre);
          expect(centreFromLength(d, D, approxLength) / centre).toBeCloseTo(1, 6);
          expect(smallWrap + largeWrap).toBeCloseTo(2 * Math.PI, 12);
          expect(exactLength).toBeGreaterThan(2 * centre);

          const params = {
            smallDiameter: String(d),
            largeDiameter: String(D),
            centreDistance: String(centre),
            friction: String(friction),
            power: String(power),
          };
          const results = resultsWith(beltDrive, params);
          const tight = numberOf(results, 'tightTension');
          const slack = numberOf(results, 'slackTension');
          expect((tight - slack) / numberOf(results, 'effectivePull')).toBeCloseTo(1, 9);
          expect(tight / slack / numberOf(results, 'frictionFactor')).toBeCloseTo(1, 9);
          // Tensions and shaft load are proportional to the power; the geometry is not.
          const doubled = resultsWith(beltDrive, { ...params, power: String(2 * power) });
          expect(numberOf(doubled, 'shaftLoad') / numberOf(results, 'shaftLoad')).toBeCloseTo(2, 9);
          expect(numberOf(doubled, 'beltLength')).toBe(numberOf(results, 'beltLength'));
          // The shaft load lies between the difference and the sum of the span tensions.
          expect(numberOf(results, 'shaftLoad')).toBeLessThanOrEqual(tight + slack + 1e-9);
          expect(numberOf(results, 'shaftLoad')).toBeGreaterThanOrEqual(tight - slack - 1e-9);
        },
      ),
      { numRuns: 80 },
    );
  });

  it('draws the drive to scale with the spans, wrap angles and shaft loads', () => {
    const figures = computeWith(beltDrive).figures ?? [];
    expect(figures.map((figure) => figure.id)).toEqual(['geometria-transmissao']);
    const [drawing] = figures;
    expect(drawing?.svg).toMatch(/^<svg[^>]*role="img"/);
    expect(drawing?.svg).toMatch(/<title[^>]*>[^<]+<\/title>/);
    expect(drawing?.svg).toContain('escala 1:');
    expect(drawing?.summary).toContain('9,16 m/s');
    expect(drawing?.summary).toContain('162,7°');
    expect(drawing?.summary).toContain('791,5 N');
    expect(drawing?.summary).toContain('975,8 N');
    // 150/600 mm pulleys 1200 mm apart span 1575 mm: 1:10 would need 708 px, so 1:20.
    const larger = computeWith(beltDrive, { smallDiameter: '150', largeDiameter: '600', centreDistance: '1200' }).figures?.[0];
    expect(larger?.svg).toContain('escala 1:20');
  });
});
