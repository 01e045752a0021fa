import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FIGURE_MIN_WIDTH } from '../charts';
import { drawnCurves, labelCollisions, placedLabels } from '../charts/label-collisions';
import { calculators } from './index';
import { FORM_ERROR, defaultParams, fieldUnits, parseDecimal } from './parse';
import { runCalculator } from './run';
import { type Calculator, type InputField, type NumberField, type TextFormat } from './types';
import { fromBase, toBase } from './units';

const TEXT_ARBITRARIES: Record<TextFormat, fc.Arbitrary<string>> = {
  ipv4: fc.ipV4(),
  note: fc.string({ maxLength: 60 }).filter((text) => !/[\u0000-\u001f\u007f-\u009f]/.test(text)),
};

/** A number typed as a user would: point or comma, in any offered unit. */
function validNumber(field: NumberField): fc.Arbitrary<Record<string, string>> {
  const inDefaultUnit = field.integer
    ? fc.integer({ min: Math.ceil(field.min), max: Math.floor(field.max) })
    : fc.double({ min: field.min, max: field.max, minExcluded: field.exclusiveMin ?? false, noNaN: true });
  const units = fieldUnits(field).map((unit) => unit.id);
  return fc
    .record({ value: inDefaultUnit, unit: units.length ? fc.constantFrom(...units) : fc.constant(''), comma: fc.boolean() })
    .map(({ value, unit, comma }) => {
      const typed = field.unitGroup === undefined || unit === '' ? value : fromBase(toBase(value, field.defaultUnit), unit);
      const text = comma ? String(typed).replace('.', ',') : String(typed);
      return unit ? { [field.name]: text, [`${field.name}_unit`]: unit } : { [field.name]: text };
    });
}

function validField(field: InputField): fc.Arbitrary<Record<string, string>> {
  if (field.kind === 'select')
    return fc.constantFrom(...field.options.map((option) => option.value)).map((value) => ({ [field.name]: value }));
  if (field.kind === 'text') return TEXT_ARBITRARIES[field.format].map((value) => ({ [field.name]: value }));
  return validNumber(field);
}

const validParams = (calculator: Calculator) =>
  fc.tuple(...calculator.inputs.map(validField)).map((parts) => Object.assign({}, ...parts) as Record<string, string>);

/** Params that make `field` apply, whatever its condition. */
function applicable(calculator: Calculator, field: InputField): Record<string, string> {
  const params = defaultParams(calculator);
  if (field.when) params[field.when.field] = field.when.oneOf[0] ?? '';
  return params;
}

/** Text that no number field accepts for `field`: not a number, negative, or out of range. */
function invalidNumberText(field: NumberField): fc.Arbitrary<string> {
  const notANumber = fc.string({ maxLength: 80 }).filter((text) => !parseDecimal(text).ok);
  const tooBig = fc.double({ min: 1.0001, max: 1e6, noNaN: true }).map((factor) => String(field.max * factor + 1));
  const tooSmall = fc.double({ min: 1.0001, max: 1e6, noNaN: true }).map((factor) => String(field.min - Math.abs(field.min) * factor - 1));
  return fc.oneof(notANumber, tooBig, tooSmall, fc.constantFrom('', 'NaN', 'Infinity', '-Infinity', '1e400', '9'.repeat(60)));
}

describe.each(calculators.map((calculator) => [calculator.slug, calculator] as const))('%s (properties)', (_slug, calculator) => {
  const inputNames = new Set(calculator.inputs.map((field) => field.name));

  it('gives finite results, or field messages, for every input inside the declared ranges', () => {
    fc.assert(
      fc.property(validParams(calculator), (params) => {
        const outcome = runCalculator(calculator, params);
        if (outcome.ok) {
          for (const item of [...outcome.result.results, ...outcome.result.steps]) {
            if (typeof item.value === 'number') expect(Number.isFinite(item.value), `${item.label}: ${item.value}`).toBe(true);
          }
          for (const warning of outcome.result.warnings) expect(warning).toMatch(/\S/);
        } else {
          // Only cross-field problems are possible here, and they name a real input.
          expect(outcome.fieldErrors[FORM_ERROR]).toBeUndefined();
          for (const [name, message] of Object.entries(outcome.fieldErrors)) {
            expect(inputNames.has(name), name).toBe(true);
            expect(message).toMatch(/\S/);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  // Drawing costs more than computing: fewer runs, but every drawn figure must be whole and readable.
  it('draws finite, titled diagrams for inputs inside the declared ranges', () => {
    fc.assert(
      fc.property(validParams(calculator), (params) => {
        const outcome = runCalculator(calculator, params, { figures: true });
        if (!outcome.ok) return;
        for (const figure of outcome.result.figures ?? []) {
          expect(figure.svg, figure.id).toMatch(/^<svg[^>]*role="img"[\s\S]*<title[^>]*>[^<]+<\/title>/);
          expect(figure.svg, figure.id).not.toMatch(/NaN|Infinity|undefined/);
          expect(figure.summary, figure.id).toMatch(/\S/);
          // Readable on a phone: kept FIGURE_MIN_WIDTH px wide there, the smallest text is still 11 px.
          const viewBoxWidth = Number(/viewBox="0 0 ([\d.]+) /.exec(figure.svg)?.[1]);
          const smallest = Math.min(...[...figure.svg.matchAll(/font-size="([\d.]+)"/g)].map((match) => Number(match[1])));
          expect((smallest * FIGURE_MIN_WIDTH) / viewBoxWidth, figure.id).toBeGreaterThanOrEqual(11);
          // The labels the kit placed touch neither each other nor a drawn curve, limit line or arrow.
          expect(labelCollisions(figure.svg), figure.id).toEqual([]);
        }
      }),
      { numRuns: 25 },
    );
  });

  const numberFields = calculator.inputs.filter((field): field is NumberField => field.kind === 'number');
  it.each(numberFields.map((field) => [field.name, field] as const))('rejects invalid text in %s with a message', (_name, field) => {
    fc.assert(
      fc.property(invalidNumberText(field), (text) => {
        const outcome = runCalculator(calculator, { ...applicable(calculator, field), [field.name]: text });
        expect(outcome.ok).toBe(false);
        if (!outcome.ok) expect(outcome.fieldErrors[field.name]).toMatch(/\S/);
      }),
      { numRuns: 100 },
    );
  });

  it('never throws on arbitrary query values', () => {
    const names = calculator.inputs.flatMap((field) => [field.name, `${field.name}_unit`]);
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...names), fc.oneof(fc.string({ maxLength: 60 }), fc.anything())), (params) => {
        const outcome = runCalculator(calculator, { ...defaultParams(calculator), ...params });
        if (!outcome.ok) expect(Object.keys(outcome.fieldErrors).length).toBeGreaterThan(0);
      }),
      { numRuns: 200 },
    );
  });
});

// The collision property reads the marks the kit writes on placed labels and drawn lines: without
// them it would have nothing to check. The figures whose labels once sat on lines (issue 27.6) carry both.
describe('the label marks the collision property reads', () => {
  it.each(['queda-tensao-condutor', 'aquecimento-tanque', 'ph-acidos-bases', 'orcamento-optico-gpon'])(
    '%s: its example figures mark placed labels and drawn lines',
    (slug) => {
      const calculator = calculators.find((candidate) => candidate.slug === slug)!;
      const outcome = runCalculator(calculator, defaultParams(calculator), { figures: true });
      if (!outcome.ok) throw new Error(`${slug}: the example does not compute`);
      const svgs = (outcome.result.figures ?? []).map((figure) => figure.svg);
      expect(svgs.flatMap(placedLabels).length, slug).toBeGreaterThan(0);
      expect(svgs.flatMap(drawnCurves).length, slug).toBeGreaterThan(0);
    },
  );
});
