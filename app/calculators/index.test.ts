import { describe, expect, it } from 'vitest';
import { calculators, calculatorsByCategory, describeCalculator, getCalculator } from './index';
import { defaultParams, fieldUnits } from './parse';
import { runCalculator } from './run';
import { CATEGORIES, type AccessLevel } from './types';
import { getUnit, toBase, unitsOfGroup } from './units';

describe('calculator catalogue', () => {
  it('has thirty calculators, six per category, found by slug', () => {
    expect(calculators).toHaveLength(30);
    for (const category of CATEGORIES) expect(calculatorsByCategory(category)).toHaveLength(6);
    expect(getCalculator('queda-tensao-condutor')?.category).toBe('electrical');
    expect(getCalculator('nao-existe')).toBeUndefined();
    expect(getCalculator('constructor')).toBeUndefined();
  });

  it('uses unique kebab-case ASCII slugs and semver versions', () => {
    const slugs = calculators.map((calculator) => calculator.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const calculator of calculators) {
      expect(calculator.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(calculator.version).toMatch(/^\d+\.\d+\.\d+$/);
    }
  });

  it('spreads access levels: all three used, and every category has an E-BASIC and a paid tool', () => {
    const levels = new Set<AccessLevel>(calculators.map((calculator) => calculator.accessLevel));
    expect([...levels].sort()).toEqual(['E-BASIC', 'E-MASTER', 'E-TOOL']);
    for (const category of CATEGORIES) {
      const inCategory = calculatorsByCategory(category).map((calculator) => calculator.accessLevel);
      expect(inCategory, category).toContain('E-BASIC');
      expect(
        inCategory.some((level) => level !== 'E-BASIC'),
        category,
      ).toBe(true);
    }
  });

  it.each(calculators.map((calculator) => [calculator.slug, calculator] as const))('%s is described consistently', (_slug, calculator) => {
    expect(calculator.title.length).toBeGreaterThan(5);
    expect(calculator.summary).toMatch(/\.$/);
    expect(calculator.formula.length).toBeGreaterThan(5);
    expect(calculator.references.length).toBeGreaterThan(0);

    const names = calculator.inputs.map((field) => field.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-zA-Z][a-zA-Z0-9]*$/);

    for (const field of calculator.inputs) {
      if (field.when) {
        const controller = calculator.inputs.find((other) => other.name === field.when?.field);
        expect(controller?.kind, field.name).toBe('select');
        const values = controller?.kind === 'select' ? controller.options.map((option) => option.value) : [];
        for (const value of field.when.oneOf) expect(values).toContain(value);
      }
      if (field.kind === 'select') expect(field.options.map((option) => option.value)).toContain(field.default);
      if (field.kind !== 'number') continue;
      expect(field.min, field.name).toBeLessThan(field.max);
      expect(field.default, field.name).toBeGreaterThanOrEqual(field.min);
      expect(field.default, field.name).toBeLessThanOrEqual(field.max);
      if (field.exclusiveMin) expect(field.min, `${field.name}: exclusiveMin only with min 0 in these tools`).toBe(0);
      if (field.unitGroup !== undefined) {
        const groupIds = unitsOfGroup(field.unitGroup).map((unit) => unit.id);
        expect(groupIds, field.name).toContain(field.defaultUnit);
        for (const unit of fieldUnits(field)) expect(groupIds).toContain(unit.id);
        expect(fieldUnits(field).map((unit) => unit.id)).toContain(field.defaultUnit);
        expect(Number.isFinite(toBase(field.min, field.defaultUnit)) && Number.isFinite(toBase(field.max, field.defaultUnit))).toBe(true);
        expect(getUnit(field.defaultUnit)).toBeDefined();
      }
    }

    const keys = calculator.outputs.map((output) => output.key);
    expect(new Set(keys).size).toBe(keys.length);
    const outcome = runCalculator(calculator, defaultParams(calculator));
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.result.results.length).toBeGreaterThan(0);
    expect(outcome.result.steps.length).toBeGreaterThan(0);
    for (const item of outcome.result.results) {
      const declared = calculator.outputs.find((output) => output.key === item.key);
      expect(declared, item.key).toBeDefined();
      expect(item.label).toBe(declared?.label);
      expect(item.unit).toBe(declared?.unit);
    }
  });

  it('describes a calculator without its compute function, as JSON', () => {
    const description = describeCalculator(calculators[0]);
    expect('compute' in description).toBe(false);
    expect(JSON.parse(JSON.stringify(description))).toEqual(description);
  });
});
