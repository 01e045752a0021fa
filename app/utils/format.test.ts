import { describe, expect, it } from 'vitest';
import { formatCents, formatDateTime, formatLongDate, formatShortDate, parseMoneyToCents } from './format';

describe('format', () => {
  it('shows UTC instants in São Paulo time (UTC-3)', () => {
    const instant = Date.UTC(2025, 5, 9, 2, 30); // 9 June 02:30 UTC = 8 June 23:30 in São Paulo
    expect(formatShortDate(instant)).toBe('08/06/2025');
    expect(formatDateTime(instant)).toBe('08/06/2025 23:30');
    expect(formatLongDate(Date.UTC(2025, 5, 9, 15))).toBe('09 de junho de 2025');
  });

  it('formats cents as reais with a comma', () => {
    expect(formatCents(2990)).toBe('R$ 29,90');
    expect(formatCents(123456)).toBe('R$ 1.234,56');
  });

  it('parses money without floating point', () => {
    expect(parseMoneyToCents('29,90')).toBe(2990);
    expect(parseMoneyToCents('49.9')).toBe(4990);
    expect(parseMoneyToCents('1.234,56')).toBe(123456);
    expect(parseMoneyToCents(59.9)).toBe(5990);
    expect(parseMoneyToCents('0.1')).toBe(10);
    expect(parseMoneyToCents('abc')).toBeNull();
    expect(parseMoneyToCents('1,234')).toBeNull();
    expect(parseMoneyToCents('-5')).toBeNull();
  });
});
