import { describe, expect, it } from 'vitest';
import { FORM_ERROR } from './parse';
import { invalid } from './result';
import { runCalculator } from './run';
import { defineCalculator, type ComputedResult, type Figure } from './types';

const withCompute = (compute: (values: { x: number }) => ComputedResult) =>
  defineCalculator({
    slug: 'teste',
    version: '1.0.0',
    title: 'Teste',
    summary: 'Teste.',
    category: 'chemical',
    accessLevel: 'E-BASIC',
    inputs: [{ kind: 'number', name: 'x', label: 'x', unit: '', default: 1, min: -10, max: 10 }],
    outputs: [{ key: 'y', label: 'y', unit: '' }],
    formula: 'y = 1/x',
    references: [],
    compute,
  });

const reciprocal = withCompute(({ x }) => ({ results: [{ key: 'y', label: 'y', value: 1 / x, unit: '' }], steps: [], warnings: [] }));

describe('runCalculator', () => {
  it('returns the parsed values, the units and the result', () => {
    const outcome = runCalculator(reciprocal, { x: '4' });
    expect(outcome).toMatchObject({ ok: true, values: { x: 4 }, result: { results: [{ key: 'y', value: 0.25 }] } });
  });

  it('returns parse errors without computing', () => {
    expect(runCalculator(reciprocal, { x: 'abc' })).toEqual({ ok: false, fieldErrors: { x: 'Use apenas números (ex.: 2,5).' } });
  });

  it('turns cross-field errors found by compute into field errors', () => {
    const picky = withCompute(() => invalid({ x: 'Combinação impossível.' }));
    expect(runCalculator(picky, { x: '1' })).toEqual({ ok: false, fieldErrors: { x: 'Combinação impossível.' } });
  });

  it('never lets an Infinity or NaN reach the page', () => {
    expect(runCalculator(reciprocal, { x: '0' })).toEqual({ ok: false, fieldErrors: { [FORM_ERROR]: expect.stringMatching(/Revise/) } });
  });

  it('draws the figures only when asked, and a drawing that throws is a form error too', () => {
    let drawn = 0;
    const figure: Figure = { id: 'curva', title: 'Curva', summary: 'y = 1/x', svg: '<svg role="img"><title>Curva</title></svg>' };
    const drawing = withCompute(({ x }) => ({
      results: [{ key: 'y', label: 'y', value: 1 / x, unit: '' }],
      steps: [],
      warnings: [],
      figures: () => {
        drawn += 1;
        return [figure];
      },
    }));
    const plain = runCalculator(drawing, { x: '2' });
    expect(plain.ok && plain.result.figures).toBeUndefined();
    expect(drawn).toBe(0);
    const shown = runCalculator(drawing, { x: '2' }, { figures: true });
    expect(shown.ok && shown.result.figures).toEqual([figure]);
    expect(drawn).toBe(1);
    const failing = withCompute(() => ({
      results: [],
      steps: [],
      warnings: [],
      figures: () => {
        throw new Error('desenho');
      },
    }));
    expect(runCalculator(failing, { x: '1' }, { figures: true })).toMatchObject({
      ok: false,
      fieldErrors: { [FORM_ERROR]: expect.any(String) },
    });
  });

  it('answers with a form error when compute throws', () => {
    const broken = withCompute(() => {
      throw new Error('bug');
    });
    expect(runCalculator(broken, { x: '1' })).toMatchObject({ ok: false, fieldErrors: { [FORM_ERROR]: expect.any(String) } });
  });
});
