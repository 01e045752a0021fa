import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UNIT_GROUPS, convert, fromBase, getUnit, toBase, type UnitGroup } from './units';

const groups = Object.entries(UNIT_GROUPS) as [string, UnitGroup][];
const allUnits = groups.flatMap(([, group]) => group.units);

describe('unit conversions', () => {
  it('uses the exact definitions (NIST SP 811, appendix B)', () => {
    expect(toBase(1, 'in')).toBe(0.0254);
    expect(toBase(1, 'ft')).toBeCloseTo(0.3048, 15);
    expect(toBase(1, 'hp')).toBeCloseTo(745.69987158227022, 10);
    expect(toBase(1, 'cv')).toBeCloseTo(735.49875, 10);
    expect(toBase(1, 'psi')).toBeCloseTo(6894.757293168361, 9);
    expect(toBase(1, 'bar')).toBe(1e5);
    expect(toBase(1, 'kgf')).toBe(9.80665);
    expect(toBase(1, 'lbf')).toBeCloseTo(4.4482216152605, 12);
    expect(toBase(1, 'gal')).toBeCloseTo(3.785411784e-3, 15);
    expect(toBase(1, 'GiB')).toBe(2 ** 30);
    expect(toBase(1, 'GB')).toBe(1e9);
  });

  it('converts temperatures with K = °C + 273,15 and °F = 1,8·°C + 32', () => {
    expect(toBase(0, 'degC')).toBe(273.15);
    expect(toBase(100, 'degC')).toBeCloseTo(373.15, 12);
    expect(convert(100, 'degC', 'degF')).toBeCloseTo(212, 10);
    expect(convert(-40, 'degF', 'degC')).toBeCloseTo(-40, 10);
    expect(fromBase(0, 'degC')).toBe(-273.15);
  });

  it('converts indirect yarn counts reciprocally: Ne 30 = 19,685 tex (tex = 590,54/Ne)', () => {
    expect(toBase(30, 'Ne')).toBeCloseTo(590.5402 / 30, 4);
    expect(toBase(50, 'Nm')).toBe(20);
    expect(convert(30, 'Ne', 'Nw')).toBeCloseTo(45, 10);
    expect(convert(150, 'den', 'dtex')).toBeCloseTo(166.667, 3);
  });

  it('converts the heat transfer coefficient: 1 BTU/(h·ft²·°F) = 5,678263 W/(m²·K)', () => {
    expect(toBase(1, 'BTU/(h.ft2.degF)')).toBeCloseTo(5.678263, 6);
  });

  it('gives NaN, not an exception, for an unknown unit', () => {
    expect(toBase(1, 'parsec')).toBeNaN();
    expect(fromBase(1, 'parsec')).toBeNaN();
    expect(getUnit('__proto__')).toBeUndefined();
  });

  it('has unique unit ids and exactly one base unit (factor 1, no offset) per group', () => {
    const ids = allUnits.map((unit) => unit.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [, group] of groups) {
      const base = group.units.find((unit) => unit.id === group.base);
      expect(base, group.label).toMatchObject({ factor: 1 });
      expect(base?.offset ?? 0).toBe(0);
      expect(base?.reciprocal ?? false).toBe(false);
    }
  });

  it.each(allUnits.map((unit) => [unit.id, unit] as const))('round-trips %s through the base unit (relative 1e-12)', (_id, unit) => {
    // For affine units (°C, °F) the error scales with the offset, not with the value.
    const scale = (value: number) => Math.max(Math.abs(value), Math.abs((unit.offset ?? 0) / unit.factor));
    fc.assert(
      fc.property(fc.double({ min: 1e-9, max: 1e12, noNaN: true }), fc.boolean(), (magnitude, negative) => {
        const value = negative && !unit.reciprocal ? -magnitude : magnitude;
        const back = fromBase(toBase(value, unit.id), unit.id);
        expect(Math.abs(back - value)).toBeLessThanOrEqual(1e-12 * scale(value));
      }),
    );
  });
});
