import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeWith, errorsWith, numberOf, resultsWith } from '../test-support';
import { gponBudget } from './gpon-budget';

const TOLERANCE = 5e-4;
const expectRelative = (actual: number, expected: number) =>
  expect(Math.abs(actual - expected) / Math.abs(expected)).toBeLessThan(TOLERANCE);

describe('orcamento-optico-gpon', () => {
  // Worked example of the research notes (calculators-2.md, I6). Class B+ downstream limits
  // (OLT +1,5 to +5 dBm, ONU sensitivity −27 dBm, overload −8 dBm) checked against ITU-T
  // G.984.2 (08/2019) as tabulated by VeEX (FX120 manual, "PON ODN classes"); losses add in dB
  // along the path. By hand: 10·0,30 + 2·10,5 + 4·0,5 + 6·0,1 = 26,6 dB; 1,5 − 26,6 = −25,1 dBm;
  // −25,1 + 27 = 1,9 dB < 3 dB; 5 − 26,6 = −21,6 dBm ≤ −8 dBm; (1,5 + 27 − 3 − 23,6)/0,30 = 6,333 km;
  // typical +3,0 dBm: 3 − 26,6 + 27 = 3,4 dB.
  it('B+ downstream, 10 km, two 1:8: 26,6 dB, −25,1 dBm, margin 1,9 dB ✗, 6,33 km', () => {
    const outcome = computeWith(gponBudget);
    const results = Object.fromEntries(outcome.results.map((item) => [item.key, item.value]));
    expectRelative(numberOf(results, 'fibreLoss'), 3);
    expectRelative(numberOf(results, 'splitterLoss'), 21);
    expectRelative(numberOf(results, 'connectorLoss'), 2);
    expectRelative(numberOf(results, 'spliceLoss'), 0.6);
    expectRelative(numberOf(results, 'totalLoss'), 26.6);
    expectRelative(numberOf(results, 'rxMin'), -25.1);
    expectRelative(numberOf(results, 'margin'), 1.9);
    expect(results.marginCheck).toBe('Não: 1,9 dB < 3 dB exigidos (ITU-T G.984.2 §8.2.8.1)');
    expectRelative(numberOf(results, 'rxMax'), -21.6);
    expect(results.overloadCheck).toBe('Sim: -21,6 dBm ≤ -8 dBm (ITU-T G.984.2 §8.2.8.2)');
    expect(results.classCheck).toBe('Sim: 13 a 28 dB na classe B+ (ITU-T G.984.2 §8.2.7.1) (confirme na norma)');
    expectRelative(numberOf(results, 'maxLength'), 6.33333);
    expectRelative(numberOf(results, 'typicalMargin'), 3.4);
    expect(outcome.warnings).toEqual(['Margem insuficiente: 1,9 dB < 3 dB exigidos (ITU-T G.984.2 §8.2.8.1).']);
  });

  // Independent values (python3, same sums):
  //   C+ downstream (OLT +3 to +7 dBm, ONU −30 dBm, VeEX table), 20 km · 0,25 + 1:64 at 20,5 dB
  //   + 6 · 0,3 + 10 · 0,05 = 27.8 dB; 3 − 27.8 = −24.8 dBm; margin 5.2 dB; 7 − 27.8 = −20.8 dBm;
  //   L_max = (3 + 30 − 3 − 22.8)/0.25 = 28.8 km.
  it('C+ downstream, 20 km and one 1:64: 27,8 dB, margin 5,2 dB ✓, 28,8 km', () => {
    const outcome = computeWith(gponBudget, {
      odnClass: 'c-plus',
      fibreLength: '20',
      fibreAttenuation: '0,25',
      splitter1: '64',
      splitter1Loss: '20,5',
      splitter2: 'none',
      connectors: '6',
      connectorLoss: '0,3',
      splices: '10',
      spliceLoss: '0,05',
      typical: 'none',
    });
    const results = Object.fromEntries(outcome.results.map((item) => [item.key, item.value]));
    expectRelative(numberOf(results, 'totalLoss'), 27.8);
    expectRelative(numberOf(results, 'rxMin'), -24.8);
    expectRelative(numberOf(results, 'margin'), 5.2);
    expect(String(results.marginCheck)).toMatch(/^Sim: /);
    expectRelative(numberOf(results, 'rxMax'), -20.8);
    expectRelative(numberOf(results, 'maxLength'), 28.8);
    expect(results.typicalRx).toBeUndefined();
    expect(outcome.warnings).toEqual([]);
  });

  //   B+ upstream (ONU +0,5 to +5 dBm, OLT −28 dBm, G.984.2 Amd. 1 as quoted by TechTarget),
  //   5 km · 0,35 + 10 % port (−10·log10(0.1) + 0.5 = 10.5 dB) + 1:16 at 13,5 dB + 4 · 0,5 + 4 · 0,1
  //   = 28.15 dB; 0.5 − 28.15 = −27.65 dBm; margin 0.35 dB; L_max = (0.5 + 28 − 3 − 26.4)/0.35 < 0 → 0.
  it('B+ upstream with an unbalanced 10 % port: 28,15 dB, margin 0,35 dB, above the class, no length fits', () => {
    const outcome = computeWith(gponBudget, {
      direction: 'up',
      fibreLength: '5000',
      fibreLength_unit: 'm',
      fibreAttenuation: '0,35',
      splitter1: 'unbalanced',
      splitter1Fraction: '10',
      splitter1Excess: '0,5',
      splitter2: '16',
      splitter2Loss: '13,5',
      connectors: '4',
      splices: '4',
      typical: 'none',
    });
    const results = Object.fromEntries(outcome.results.map((item) => [item.key, item.value]));
    expectRelative(numberOf(results, 'splitterLoss'), 24);
    expectRelative(numberOf(results, 'totalLoss'), 28.15);
    expectRelative(numberOf(results, 'rxMin'), -27.65);
    expectRelative(numberOf(results, 'margin'), 0.35);
    expect(results.maxLength).toBe(0);
    expect(String(results.classCheck)).toMatch(/^Não: /);
    expect(outcome.warnings).toEqual([
      'Margem insuficiente: 0,35 dB < 3 dB exigidos (ITU-T G.984.2 §8.2.8.1).',
      'Perda de 28,15 dB acima do máximo da classe B+ (28 dB).',
      'Divisores, conectores e emendas já consomem toda a margem: nenhum comprimento de fibra atende.',
    ]);
  });

  it('warns about overload and a loss below the class range on a short link', () => {
    const outcome = computeWith(gponBudget, {
      fibreLength: '1',
      splitter1: '2',
      splitter1Loss: '3,5',
      splitter2: 'none',
      connectors: '2',
      splices: '0',
      typical: 'none',
    });
    // 0,3 + 3,5 + 1,0 = 4,8 dB: 5 − 4,8 = 0,2 dBm > −8 dBm.
    expectRelative(Number(outcome.results.find((item) => item.key === 'totalLoss')?.value), 4.8);
    expect(outcome.warnings).toEqual([
      'Potência recebida de 0,2 dBm acima da sobrecarga de -8 dBm (ITU-T G.984.2 §8.2.8.2): use atenuador.',
      'Perda abaixo do mínimo da classe: risco de saturação do receptor; use atenuador.',
    ]);
  });

  it('warns when a catalogue splitter loss is below the ideal 10·log₁₀N, and for the unconfirmed C+ upstream values', () => {
    expect(computeWith(gponBudget, { splitter1: '16' }).warnings).toContain(
      'Divisor 1 1:16: perda informada (10,5 dB) abaixo da perda ideal 10·log₁₀16 = 12 dB; confira o catálogo.',
    );
    expect(computeWith(gponBudget, { odnClass: 'c-plus', direction: 'up' }).warnings).toContain(
      'Valores de subida da classe C+ (confirme na norma): confira na ITU-T G.984.2 ou use a classe personalizada com o catálogo dos módulos.',
    );
  });

  it('uses the typed limits of a custom class and refuses crossed ones', () => {
    const results = resultsWith(gponBudget, {
      odnClass: 'custom',
      txMin: '4',
      txMax: '6',
      sensitivity: '-29',
      overload: '-9',
      odnMin: '15',
      odnMax: '30',
    });
    expectRelative(numberOf(results, 'margin'), 4 - 26.6 + 29);
    expect(errorsWith(gponBudget, { odnClass: 'custom', txMin: '4', txMax: '3' })).toEqual({
      txMax: 'A potência máxima não pode ser menor que a mínima.',
    });
    expect(errorsWith(gponBudget, { odnClass: 'custom', sensitivity: '-8', overload: '-9' })).toEqual({
      overload: 'A sobrecarga deve ser maior (menos negativa) que a sensibilidade.',
    });
    expect(errorsWith(gponBudget, { odnClass: 'custom', odnMin: '28', odnMax: '13' })).toEqual({
      odnMax: 'A atenuação máxima deve ser maior que a mínima.',
    });
    expect(errorsWith(gponBudget, { fibreLength: '61' }).fibreLength).toMatch(/entre 0 e 60 km/);
    expect(errorsWith(gponBudget, { splitter1Fraction: '0', splitter1: 'unbalanced' }).splitter1Fraction).toMatch(/entre 1 e 99 %/);
  });

  const plan = fc.record({
    length: fc.double({ min: 0, max: 30, noNaN: true }),
    attenuation: fc.double({ min: 0.15, max: 0.5, noNaN: true }),
    splitter: fc.constantFrom('2', '4', '8', '16', '32', '64', 'unbalanced', 'none'),
    connectors: fc.integer({ min: 0, max: 20 }),
    splices: fc.integer({ min: 0, max: 40 }),
  });
  const paramsOf = (sample: { length: number; attenuation: number; splitter: string; connectors: number; splices: number }) => ({
    fibreLength: String(sample.length),
    fibreAttenuation: String(sample.attenuation),
    splitter1: sample.splitter,
    splitter1Loss: '12',
    connectors: String(sample.connectors),
    splices: String(sample.splices),
  });

  it('property: doubling the fibre length doubles the fibre loss and lowers the received power by exactly that', () => {
    fc.assert(
      fc.property(plan, (sample) => {
        const single = resultsWith(gponBudget, paramsOf(sample));
        const double = resultsWith(gponBudget, paramsOf({ ...sample, length: 2 * sample.length }));
        const fibre = numberOf(single, 'fibreLoss');
        expect(numberOf(double, 'fibreLoss')).toBeCloseTo(2 * fibre, 9);
        expect(numberOf(single, 'rxMin') - numberOf(double, 'rxMin')).toBeCloseTo(fibre, 9);
        expect(numberOf(double, 'maxLength')).toBeCloseTo(numberOf(single, 'maxLength'), 9);
      }),
      { numRuns: 150 },
    );
  });

  it('property: the losses add up, and at the maximum length the margin equals the required margin', () => {
    fc.assert(
      fc.property(plan, (sample) => {
        const results = resultsWith(gponBudget, paramsOf(sample));
        const parts = ['fibreLoss', 'splitterLoss', 'connectorLoss', 'spliceLoss'].map((key) => numberOf(results, key));
        expect(numberOf(results, 'totalLoss')).toBeCloseTo(
          parts.reduce((sum, part) => sum + part, 0),
          9,
        );
        expect(numberOf(results, 'rxMax') - numberOf(results, 'rxMin')).toBeCloseTo(5 - 1.5, 9);
        const maxLength = numberOf(results, 'maxLength');
        if (maxLength <= 0 || maxLength > 60) return;
        const atMax = resultsWith(gponBudget, { ...paramsOf(sample), fibreLength: String(maxLength) });
        expect(numberOf(atMax, 'margin')).toBeCloseTo(3, 6);
      }),
      { numRuns: 150 },
    );
  });

  it('draws the power-level staircase with the sensitivity, margin and overload lines and the verdict', () => {
    const figures = computeWith(gponBudget).figures ?? [];
    expect(figures.map((item) => item.id)).toEqual(['gpon-niveis-potencia']);
    const chart = figures[0];
    expect(chart?.summary).toBe(
      'Perda total 26,6 dB (Fibra 10 km: 3 dB; 1:8: 10,5 dB; 1:8: 10,5 dB; 4 conectores: 2 dB; 6 emendas: 0,6 dB). ' +
        'Potência recebida no pior caso -25,1 dBm, margem 1,9 dB sobre a sensibilidade de -27 dBm: não atende a margem exigida de 3 dB ✗. ' +
        'Com a potência máxima, -21,6 dBm ≤ sobrecarga de -8 dBm ✓.',
    );
    expect(chart?.svg).toContain('<title id="fig-gpon-niveis-potencia-title">Diagrama de níveis de potência</title>');
    for (const label of [
      'sensibilidade -27 dBm – ITU-T G.984.2 §8.2.8.1',
      'sensibilidade + margem exigida -24 dBm',
      'sobrecarga -8 dBm – ITU-T G.984.2 §8.2.8.2',
      '1:8: 10,5 dB',
      '-25,1 dBm — margem 1,9 dB ✗',
      'esquema fora de escala: elementos na ordem do cálculo',
    ]) {
      expect(chart?.svg).toContain(`>${label}</text>`);
    }
    expect(chart?.svg).not.toMatch(/\sstyle=/);
  });

  it('marks an overloaded short link in the figure', () => {
    const chart = computeWith(gponBudget, {
      fibreLength: '1',
      splitter1: '2',
      splitter1Loss: '3,5',
      splitter2: 'none',
      connectors: '2',
      splices: '0',
    }).figures?.[0];
    expect(chart?.summary).toContain('atende a margem exigida de 3 dB ✓. Com a potência máxima, 0,2 dBm > sobrecarga de -8 dBm ✗.');
    expect(chart?.svg).toContain('>2 conectores: 1 dB</text>');
    expect(chart?.svg).not.toContain('emendas');
  });
});
