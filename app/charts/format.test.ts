import { describe, expect, it } from 'vitest';
import { decimalsForStep, formatFixed, formatLogTick, formatTick, formatValue, powerOfTen, quantityLabel } from './format';

describe('chart number format (pt-BR)', () => {
  it('writes decimal commas and thousands points', () => {
    expect(formatFixed(1234.5, 1)).toBe('1.234,5');
    expect(formatFixed(0.5, 2)).toBe('0,50');
    expect(formatFixed(-0.0001, 2)).toBe('0,00');
    expect(formatValue(9.9706)).toBe('9,971');
    expect(formatValue(40.926)).toBe('40,93');
    expect(formatValue(15200, 3)).toBe('15.200');
    expect(formatValue(0.022, 3)).toBe('0,022');
    expect(formatValue(2.5e-7, 2)).toBe('2,5·10⁻⁷');
    expect(formatValue(Number.NaN)).toBe('—');
  });

  it('gives linear ticks as many decimals as their step needs', () => {
    expect(decimalsForStep(0.25)).toBe(2);
    expect(decimalsForStep(5)).toBe(0);
    expect(decimalsForStep(0.1)).toBe(1);
    expect(formatTick(2.5, 0.5)).toBe('2,5');
    expect(formatTick(2, 0.5)).toBe('2,0');
    expect(formatTick(1000, 200)).toBe('1.000');
  });

  it('writes log decades out, and powers of ten when they get long', () => {
    expect(formatLogTick(1000)).toBe('1.000');
    expect(formatLogTick(10000)).toBe('10.000');
    expect(formatLogTick(0.01)).toBe('0,01');
    expect(formatLogTick(2e6)).toBe('2.000.000');
    expect(formatLogTick(1e9)).toBe('10⁹');
    expect(formatLogTick(5e-5)).toBe('5·10⁻⁵');
    expect(powerOfTen(-4)).toBe('10⁻⁴');
  });

  it('labels a marked quantity as "grandeza = valor unidade"', () => {
    expect(quantityLabel('δmáx', 9.9706, 'mm')).toBe('δmáx = 9,97 mm');
    expect(quantityLabel('n', 1.54)).toBe('n = 1,54');
  });
});
