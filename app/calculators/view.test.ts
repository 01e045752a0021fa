import { describe, expect, it } from 'vitest';
import { getCalculator, runCalculator } from './index';
import { canonicalQuery, decimalText, formValues, hasInputs, inputSummary } from './view';

const beam = getCalculator('deflexao-viga')!;
const pipe = getCalculator('perda-carga-tubulacao')!;

function run(calculator: typeof beam, query: string) {
  const result = runCalculator(calculator, new URLSearchParams(query));
  if (!result.ok) throw new Error(JSON.stringify(result.fieldErrors));
  return result;
}

describe('calculator inputs in the URL', () => {
  it('writes decimals with a comma and without unit-conversion noise', () => {
    expect(decimalText(0.0025 / 0.001)).toBe('2,5');
    expect(decimalText(1750)).toBe('1750');
    expect(decimalText(1e-7)).toBe('1e-7');
  });

  it('keeps the user’s unit in the canonical query and leaves out fields that do not apply', () => {
    const result = run(
      beam,
      'loadCase=ss-point&pointLoad=1500&pointLoad_unit=kgf&distributedLoad=9&span=250&span_unit=cm&elasticModulus=200&inertia=835%2C6&fibreDistance=100',
    );
    const query = new URLSearchParams(canonicalQuery(beam, result));
    expect(query.get('pointLoad')).toBe('1500');
    expect(query.get('pointLoad_unit')).toBe('kgf');
    expect(query.get('span')).toBe('250');
    expect(query.get('span_unit')).toBe('cm');
    expect(query.get('inertia')).toBe('835,6');
    expect(query.has('distributedLoad')).toBe(false);
    expect(inputSummary(beam, result).map((row) => row.name)).not.toContain('distributedLoad');
    expect(inputSummary(beam, result).find((row) => row.name === 'span')).toMatchObject({ value: '250', unit: 'cm' });
  });

  it('echoes what was typed into the form, the example for fields that do not apply, and the example without a submission', () => {
    const params = new URLSearchParams('loadCase=ss-point&pointLoad=abc&span=');
    expect(hasInputs(beam, params)).toBe(true);
    expect(hasInputs(beam, new URLSearchParams('utm_source=x'))).toBe(false);
    const values = formValues(beam, params);
    expect(values).toMatchObject({
      loadCase: 'ss-point',
      pointLoad: 'abc',
      span: '',
      distributedLoad: '5',
      elasticModulus: '',
      span_unit: 'm',
    });
    expect(formValues(pipe, null)).toMatchObject({ diameter: '50', diameter_unit: 'mm', roughness: '0,045', method: 'colebrook' });
    expect(formValues(beam, new URLSearchParams(`span=${'9'.repeat(500)}`)).span).toHaveLength(100);
  });
});
