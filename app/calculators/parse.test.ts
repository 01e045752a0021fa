import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { voltageDrop } from './electrical/voltage-drop';
import { calculators } from './index';
import { FORM_ERROR, defaultParams, fieldUnits, parseCalculatorInput, parseDecimal } from './parse';
import { defineCalculator, type Calculator } from './types';

const sample = defineCalculator({
  slug: 'exemplo',
  version: '1.0.0',
  title: 'Exemplo',
  summary: 'Calculadora de teste.',
  category: 'mechanical',
  accessLevel: 'E-BASIC',
  inputs: [
    {
      kind: 'number',
      name: 'length',
      label: 'Comprimento',
      unitGroup: 'length',
      defaultUnit: 'm',
      units: ['m', 'mm', 'ft'],
      default: 2,
      min: 0.1,
      max: 100,
    },
    { kind: 'number', name: 'ratio', label: 'Razão', unit: '%', default: 50, min: 0, exclusiveMin: true, max: 100 },
    { kind: 'number', name: 'count', label: 'Quantidade', unit: '', default: 2, min: 1, max: 10, integer: true },
    {
      kind: 'number',
      name: 'temperature',
      label: 'Temperatura',
      unitGroup: 'temperature',
      defaultUnit: 'degC',
      default: 20,
      min: -50,
      max: 400,
    },
    {
      kind: 'select',
      name: 'mode',
      label: 'Modo',
      options: [
        { value: 'a', label: 'A' },
        { value: 'b', label: 'B' },
      ],
      default: 'a',
    },
    { kind: 'number', name: 'onlyB', label: 'Só no modo B', unit: '', default: 3, min: 1, max: 5, when: { field: 'mode', oneOf: ['b'] } },
    { kind: 'text', name: 'ip', label: 'IP', format: 'ipv4', default: '10.0.0.1', maxLength: 20 },
  ],
  outputs: [],
  formula: '',
  references: [],
  compute: () => ({ results: [], steps: [], warnings: [] }),
});

const valid = { length: '2', ratio: '50', count: '2', temperature: '20', mode: 'a', onlyB: '3', ip: '10.0.0.1' };

function errorFor(field: string, value: unknown, extra: Record<string, unknown> = {}): string | undefined {
  const outcome = parseCalculatorInput(sample, { ...valid, ...extra, [field]: value });
  return outcome.ok ? undefined : outcome.fieldErrors[field];
}

describe('parseDecimal', () => {
  it('accepts decimal commas, decimal points, signs and exponents', () => {
    expect(parseDecimal('2,5')).toEqual({ ok: true, value: 2.5 });
    expect(parseDecimal(' 2.5 ')).toEqual({ ok: true, value: 2.5 });
    expect(parseDecimal('0.045')).toEqual({ ok: true, value: 0.045 });
    expect(parseDecimal(',5')).toEqual({ ok: true, value: 0.5 });
    expect(parseDecimal('1,5e-3')).toEqual({ ok: true, value: 0.0015 });
    expect(parseDecimal('-0')).toEqual({ ok: true, value: 0 });
  });

  it('refuses thousands separators instead of guessing', () => {
    for (const text of ['1.500', '12.000,5', '1 500', '1.000.000', '1,000.5']) {
      expect(parseDecimal(text)).toEqual({ ok: false, message: 'Não use separador de milhar (ex.: 1500 ou 2,5).' });
    }
  });

  it('refuses letters, NaN, Infinity and empty text', () => {
    for (const text of ['abc', '2,5 m', 'NaN', 'Infinity', '0x10', '1e', '--1', '2,,5']) {
      expect(parseDecimal(text)).toEqual({ ok: false, message: 'Use apenas números (ex.: 2,5).' });
    }
    expect(parseDecimal('   ')).toEqual({ ok: false, message: 'Informe um número.' });
    expect(parseDecimal('1e999')).toEqual({ ok: false, message: 'O número é grande demais.' });
  });

  it('bounds the length of the text', () => {
    expect(parseDecimal('1'.repeat(51))).toEqual({ ok: false, message: 'Use no máximo 50 caracteres.' });
  });
});

describe('parseCalculatorInput', () => {
  it('converts numbers to base units and reports the units used', () => {
    const outcome = parseCalculatorInput(
      sample,
      new URLSearchParams({ ...valid, length: '250', length_unit: 'mm', temperature: '68', temperature_unit: 'degF' }),
    );
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.values.length).toBeCloseTo(0.25, 15);
    expect(outcome.values.temperature).toBeCloseTo(293.15, 10);
    expect(outcome.values.ratio).toBe(50);
    expect(outcome.units).toEqual({ length: 'mm', temperature: 'degF' });
  });

  it('uses the default unit when none is sent', () => {
    const outcome = parseCalculatorInput(sample, valid);
    expect(outcome.ok && outcome.units.length).toBe('m');
  });

  it('gives a Portuguese message for each kind of bad number', () => {
    expect(errorFor('length', '')).toBe('Informe um número.');
    expect(errorFor('length', undefined)).toBe('Informe um número.');
    expect(errorFor('length', 'dois')).toBe('Use apenas números (ex.: 2,5).');
    expect(errorFor('length', '-3')).toBe('O valor não pode ser negativo.');
    expect(errorFor('ratio', '0')).toBe('O valor deve ser maior que zero.');
    expect(errorFor('count', '2,5')).toBe('Informe um número inteiro.');
    expect(errorFor('length', '150')).toBe('O valor deve estar entre 0,1 e 100 m.');
    expect(errorFor('count', '11')).toBe('O valor deve estar entre 1 e 10.');
    expect(errorFor('ratio', '101')).toBe('O valor deve estar entre 0 e 100 %.');
    expect(errorFor('length', ['1', '2'])).toBe('Informe um único valor numérico.');
  });

  it('refuses a positive value that underflows to zero in the base unit', () => {
    const outcome = parseCalculatorInput(voltageDrop, { ...defaultParams(voltageDrop), length: '5e-324', length_unit: 'ft' });
    expect(outcome.ok ? undefined : outcome.fieldErrors.length).toBe('O valor deve ser maior que zero.');
  });

  it('states the range in the unit the user chose', () => {
    expect(errorFor('length', '50', { length_unit: 'mm' })).toBe('O valor deve estar entre 100 e 100000 mm.');
    expect(errorFor('length', '400', { length_unit: 'ft' })).toBe('O valor deve estar entre 0,328084 e 328,084 ft.');
    expect(errorFor('temperature', '-100', { temperature_unit: 'K' })).toBe('O valor deve estar entre 223,15 e 673,15 K.');
  });

  it('accepts a range bound typed back as shown, rounded to 6 digits', () => {
    expect(errorFor('length', '328,084', { length_unit: 'ft' })).toBeUndefined();
  });

  it('allows negative temperatures on offset scales but applies the range', () => {
    expect(errorFor('temperature', '-10')).toBeUndefined();
    expect(errorFor('temperature', '-60')).toBe('O valor deve estar entre -50 e 400 °C.');
  });

  it('rejects unknown units and units of another field', () => {
    expect(errorFor('length', '2', { length_unit: 'parsec' })).toBe('Unidade não reconhecida para este campo.');
    expect(errorFor('length', '2', { length_unit: 'km' })).toBe('Unidade não reconhecida para este campo.');
    expect(errorFor('length', '2', { length_unit: ['m', 'mm'] })).toBe('Unidade inválida.');
  });

  it('rejects select values outside the options', () => {
    expect(errorFor('mode', 'c')).toBe('Escolha uma das opções da lista.');
    expect(errorFor('mode', undefined)).toBe('Escolha uma das opções da lista.');
    expect(errorFor('mode', 'toString')).toBe('Escolha uma das opções da lista.');
  });

  it('validates a field with a condition only when the condition holds', () => {
    expect(errorFor('onlyB', 'x', { mode: 'a' })).toBeUndefined();
    const outcome = parseCalculatorInput(sample, { ...valid, mode: 'a', onlyB: 'x' });
    expect(outcome.ok && outcome.values.onlyB).toBe(3);
    expect(errorFor('onlyB', 'x', { mode: 'b' })).toBe('Use apenas números (ex.: 2,5).');
  });

  it('takes the default of a select whose condition does not hold, even when the query leaves it out', () => {
    const withSelect: Calculator = {
      ...(sample as unknown as Calculator),
      inputs: [
        ...sample.inputs,
        {
          kind: 'select',
          name: 'tap',
          label: 'Tap',
          options: [
            { value: '0.5', label: '50 %' },
            { value: '0.8', label: '80 %' },
          ],
          default: '0.8',
          when: { field: 'mode', oneOf: ['b'] },
        },
      ],
    };
    const { tap: _left, ...withoutTap } = { ...valid, tap: '' };
    const outcome = parseCalculatorInput(withSelect, { ...withoutTap, mode: 'a' });
    expect(outcome.ok && outcome.values.tap).toBe('0.8');
    const needed = parseCalculatorInput(withSelect, { ...withoutTap, mode: 'b' });
    expect(!needed.ok && needed.fieldErrors.tap).toBe('Escolha uma das opções da lista.');
  });

  it('validates text fields by their format', () => {
    expect(errorFor('ip', '')).toBe('Preencha este campo.');
    expect(errorFor('ip', '300.1.1.1')).toBe('Cada octeto deve estar entre 0 e 255.');
    expect(errorFor('ip', '10.0.0.010')).toBe('Não use zeros à esquerda nos octetos (ex.: 10, não 010).');
    expect(errorFor('ip', '10.0.0.1/24')).toBe('Informe o prefixo no campo próprio, sem a barra (ex.: 192.168.10.77).');
    expect(errorFor('ip', 'x'.repeat(21))).toBe('Use no máximo 20 caracteres.');
    expect(errorFor('ip', ' 10.0.0.1 ')).toBeUndefined();
  });

  it('ignores inherited properties such as constructor or __proto__', () => {
    const params = JSON.parse('{"__proto__": {"length": "2"}, "constructor": "x"}') as Record<string, unknown>;
    const outcome = parseCalculatorInput(sample, params);
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.fieldErrors.length).toBe('Informe um número.');
  });

  it('answers with a form error, not an exception, when reading the input throws', () => {
    const hostile = new Proxy(
      {},
      {
        has: () => true,
        getOwnPropertyDescriptor: () => {
          throw new Error('boom');
        },
      },
    );
    const outcome = parseCalculatorInput(sample, hostile);
    expect(outcome).toEqual({ ok: false, fieldErrors: { [FORM_ERROR]: 'Não foi possível ler os dados informados.' } });
  });

  it('never throws and always explains each failure, whatever the input (property)', () => {
    const names = ['length', 'length_unit', 'ratio', 'count', 'temperature', 'temperature_unit', 'mode', 'onlyB', 'ip'];
    fc.assert(
      fc.property(
        fc.dictionary(fc.oneof(fc.constantFrom(...names), fc.string()), fc.oneof(fc.string({ maxLength: 200 }), fc.anything())),
        (params) => {
          const outcome = parseCalculatorInput(sample, params);
          if (!outcome.ok) {
            expect(Object.keys(outcome.fieldErrors).length).toBeGreaterThan(0);
            for (const message of Object.values(outcome.fieldErrors)) expect(message).toMatch(/\S/);
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('handles very long strings quickly', () => {
    const huge = '9'.repeat(1_000_000);
    const outcome = parseCalculatorInput(sample, { ...valid, length: huge, ip: huge, mode: huge, length_unit: huge });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) {
      expect(outcome.fieldErrors.length).toBe('Unidade inválida.');
      expect(outcome.fieldErrors.ip).toBe('Use no máximo 20 caracteres.');
      expect(outcome.fieldErrors.mode).toBe('Escolha uma das opções da lista.');
    }
  });
});

describe('defaultParams and fieldUnits', () => {
  it('prefills every calculator with its example, which parses without errors', () => {
    for (const calculator of calculators) {
      const outcome = parseCalculatorInput(calculator, new URLSearchParams(defaultParams(calculator)));
      expect(outcome.ok, calculator.slug).toBe(true);
    }
  });

  it('writes decimal defaults with a comma', () => {
    expect(defaultParams(sample)).toMatchObject({ length: '2', length_unit: 'm', mode: 'a', ip: '10.0.0.1' });
    expect(defaultParams({ inputs: [{ kind: 'number', name: 'x', label: 'x', unit: '', default: 2.5, min: 0, max: 5 }] })).toEqual({
      x: '2,5',
    });
  });

  it('lists the offered units in order, with their symbols', () => {
    const [length] = sample.inputs;
    expect(fieldUnits(length).map((unit) => [unit.id, unit.symbol])).toEqual([
      ['m', 'm'],
      ['mm', 'mm'],
      ['ft', 'ft'],
    ]);
  });
});
