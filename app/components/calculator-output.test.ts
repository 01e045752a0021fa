import { describe, expect, it } from 'vitest';
import { formatCalculatorValue } from './calculator-output';

describe('formatCalculatorValue', () => {
  it('shows numbers in pt-BR with the declared decimal places', () => {
    expect(formatCalculatorValue(40.92598, 2)).toBe('40,93');
    expect(formatCalculatorValue(1803.2, 1)).toBe('1.803,2');
    expect(formatCalculatorValue(2, 0)).toBe('2');
    expect(formatCalculatorValue(0, 2)).toBe('0,00');
  });

  it('switches to scientific notation when the places would hide the value or it is huge', () => {
    expect(formatCalculatorValue(0.0004, 2)).toBe('4·10⁻⁴');
    expect(formatCalculatorValue(-0.0004, 2)).toBe('-4·10⁻⁴');
    expect(formatCalculatorValue(0.005, 2)).toBe('0,01');
    expect(formatCalculatorValue(2.5e13, 1)).toBe('2,5·10¹³');
  });

  it('keeps text as it is and never prints NaN', () => {
    expect(formatCalculatorValue('192.168.10.64', 0)).toBe('192.168.10.64');
    expect(formatCalculatorValue(Number.NaN, 2)).toBe('—');
    expect(formatCalculatorValue(12.3456)).toBe('12,35');
  });
});
