import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeWith, errorsWith, numberOf, resultsWith } from '../test-support';
import { fabricShrinkage } from './fabric-shrinkage';

const close = (actual: number, expected: number, relative = 5e-4) =>
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(Math.abs(expected) * relative);
const typed = (value: number) => String(value).replace('.', ',');

describe('encolhimento-tecido', () => {
  // Worked example of spec/calculators-2.md T6, with the ISO 5077:2007 formula (x_t − x₀)/x₀ × 100 (negative =
  // shrinkage) and ISO 3759:2011 marks 500 mm apart: length 481, 483, 480 mm; width 492, 494, 493 mm; ±3 %;
  // finished piece 700 × 500 mm.
  it('reproduces the worked example: −3,73 % fails, −1,40 % passes, area −5,08 %, pattern 727,1 × 507,1 mm', () => {
    const outcome = computeWith(fabricShrinkage);
    const results = Object.fromEntries(outcome.results.map((item) => [item.key, item.value]));
    close(numberOf(results, 'lengthChange'), -3.7333);
    close(numberOf(results, 'widthChange'), -1.4);
    close(numberOf(results, 'areaChange'), -5.0811);
    close(numberOf(results, 'patternLength'), 727.1);
    close(numberOf(results, 'patternWidth'), 507.1);
    close(numberOf(results, 'lengthCompensation'), 3.878);
    close(numberOf(results, 'widthCompensation'), 1.42);
    expect(results.lengthKind).toBe('Encolhimento de 3,73 %');
    expect(results.lengthCheck).toBe('Não: -3,73 % < -3 %');
    expect(results.widthCheck).toMatch(/^Sim: -1,4 % dentro de -3 % ≤ D ≤ \+3 %/);
    expect(outcome.warnings).toEqual(['Comprimento fora da tolerância: -3,73 % < -3 % (Especificação do cliente).']);
    const check = outcome.steps.find((item) => item.label === 'Tolerância, comprimento');
    expect(check?.value).toBe('Não');
    expect(check?.expression).toContain('ISO 5077:2007');
  });

  // Hand computation: x₀ = 400 mm (length), 350 mm (width), two pairs.
  //   D_L = (100·12/400 + 100·10/400)/2 = (3 + 2,5)/2 = +2,75 % (growth); D_W = (−2 − 1,428571)/2 = −1,714286 %
  //   D_A = 100·(1,0275·0,982857 − 1) = +0,98857 %; molde 600/1,0275 = 583,94 mm; 450/0,982857 = 457,85 mm
  it('a growing length and two pairs per direction', () => {
    const outcome = computeWith(fabricShrinkage, {
      originalLength: '400',
      originalWidth: '350',
      pairs: '2',
      length1: '412',
      length2: '410',
      width1: '343',
      width2: '345',
      finishedLength: '600',
      finishedWidth: '450',
    });
    const results = Object.fromEntries(outcome.results.map((item) => [item.key, item.value]));
    close(numberOf(results, 'lengthChange'), 2.75);
    close(numberOf(results, 'widthChange'), -1.714286);
    close(numberOf(results, 'areaChange'), 0.98857);
    close(numberOf(results, 'patternLength'), 583.94);
    close(numberOf(results, 'patternWidth'), 457.85);
    expect(results.lengthKind).toBe('Alongamento de 2,75 %');
    expect(outcome.warnings).toEqual([expect.stringContaining('Menos de três pares')]);
  });

  it('draws before and after to scale, and the pattern over the finished piece', () => {
    const figures = computeWith(fabricShrinkage).figures ?? [];
    expect(figures.map((item) => item.id)).toEqual(['antes-depois', 'molde-compensado']);
    const [change, pattern] = figures;
    expect(change?.svg).toContain('<title id="fig-antes-depois-title">Antes × depois</title>');
    expect(change?.summary).toContain('Comprimento: 500,0 → 481,3 mm (-3,73 %); Largura: 500,0 → 493,0 mm (-1,40 %); área -5,08 %');
    expect(change?.svg).toContain('escala 1:10 (impresso com 16 cm de largura)');
    expect(change?.svg).toContain('deformação em escala real');
    expect(pattern?.summary).toContain('Molde: 727,1 × 507,1 mm (+3,88 % / +1,42 %)');
    for (const item of figures) expect(item.svg).not.toMatch(/\sstyle=|NaN|Infinity/);
    // Under 2 % the deformation is drawn three times larger, and the drawing says so.
    const small = computeWith(fabricShrinkage, { length1: '498', length2: '499', length3: '497', pattern: 'no' }).figures ?? [];
    expect(small).toHaveLength(1);
    expect(small[0]?.svg).toContain('deformação ampliada 3×');
  });

  it('draws finite figures for extreme measurements', () => {
    const cases: Record<string, string>[] = [
      { length1: '1', length2: '1', length3: '1' },
      { length1: '1500', width1: '300', width2: '300', width3: '300', originalWidth: '100' },
      { originalLength: '5000', finishedLength: '1' },
    ];
    for (const overrides of cases) {
      const figures = computeWith(fabricShrinkage, overrides).figures ?? [];
      expect(figures).toHaveLength(2);
      for (const item of figures) expect(item.svg).not.toMatch(/NaN|Infinity|undefined/);
    }
  });

  it('accepts centimetres and inches, and leaves the checks and the pattern out when not asked for', () => {
    const results = resultsWith(fabricShrinkage, {
      originalLength: '50',
      originalLength_unit: 'cm',
      length1: '48,1',
      length1_unit: 'cm',
      tolerance: 'no',
      pattern: 'no',
    });
    close(numberOf(results, 'lengthChange'), -3.7333);
    expect(results.lengthCheck).toBeUndefined();
    expect(results.patternLength).toBeUndefined();
  });

  it('warns for a change above 10 % and marks closer than 350 mm', () => {
    const outcome = computeWith(fabricShrinkage, {
      length1: '400',
      length2: '400',
      length3: '400',
      originalWidth: '300',
      width1: '296',
      width2: '296',
      width3: '296',
    });
    expect(outcome.warnings).toContain('Alteração dimensional muito alta: confira as medidas e as unidades.');
    expect(outcome.warnings.some((warning) => warning.includes('a ISO 3759 pede pelo menos 350 mm'))).toBe(true);
  });

  it('refuses a measurement above three times the original distance, and out-of-range inputs', () => {
    expect(errorsWith(fabricShrinkage, { length2: '1600' })).toEqual({
      length2: 'A medida após o tratamento deve ser no máximo 3 vezes a distância original (1500 mm).',
    });
    expect(errorsWith(fabricShrinkage, { originalLength: '50', maxShrinkage: '-1', pairs: '4' })).toEqual({
      originalLength: 'O valor deve estar entre 100 e 5000 mm.',
      maxShrinkage: 'O valor não pode ser negativo.',
      pairs: 'Escolha uma das opções da lista.',
    });
  });

  it('is scale-free and compensates exactly: the pattern shrinks back to the finished size', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 350, max: 1500 }),
        fc.double({ min: 0.8, max: 1.2, noNaN: true }),
        fc.double({ min: 0.8, max: 1.2, noNaN: true }),
        (x0, lengthFactor, widthFactor) => {
          const measures = (factor: number, scale: number) => typed(x0 * scale * factor);
          const inputs = (scale: number) => ({
            originalLength: typed(x0 * scale),
            originalWidth: typed(x0 * scale),
            pairs: '1',
            length1: measures(lengthFactor, scale),
            width1: measures(widthFactor, scale),
          });
          const single = resultsWith(fabricShrinkage, inputs(1));
          const double = resultsWith(fabricShrinkage, inputs(2));
          // Doubling every length leaves the relative change unchanged.
          close(numberOf(double, 'lengthChange'), numberOf(single, 'lengthChange'), 1e-6);
          close(numberOf(single, 'lengthChange'), 100 * (lengthFactor - 1), 1e-6);
          // The cut pattern, washed, comes back to the finished piece: L_molde·(1 + D_L) = L_f.
          close(numberOf(single, 'patternLength') * (1 + numberOf(single, 'lengthChange') / 100), 700, 1e-9);
          close(numberOf(single, 'patternWidth') * (1 + numberOf(single, 'widthChange') / 100), 500, 1e-9);
          close(
            1 + numberOf(single, 'areaChange') / 100,
            (1 + numberOf(single, 'lengthChange') / 100) * (1 + numberOf(single, 'widthChange') / 100),
            1e-9,
          );
        },
      ),
      { numRuns: 60 },
    );
  });
});
