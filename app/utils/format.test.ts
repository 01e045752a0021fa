import { afterEach, describe, expect, it, test, vi } from 'vitest';
import {
  formatBr,
  formatCents,
  formatDateTime,
  formatDayMonthTime,
  formatLongDate,
  formatRating,
  formatShortDate,
  parseMoneyToCents,
} from './format';

describe('format', () => {
  it('shows UTC instants in São Paulo time (UTC-3)', () => {
    const instant = Date.UTC(2025, 5, 9, 2, 30); // 9 June 02:30 UTC = 8 June 23:30 in São Paulo
    expect(formatShortDate(instant)).toBe('08/06/2025');
    expect(formatDateTime(instant)).toBe('08/06/2025 23:30');
    expect(formatLongDate(Date.UTC(2025, 5, 9, 15))).toBe('09 de junho de 2025');
  });

  it('writes the numeric and long forms exactly as date-fns would, midnight and the old daylight-saving dates included', () => {
    const instants = [Date.UTC(2025, 0, 1, 3, 0), Date.UTC(2025, 0, 1, 2, 59), Date.UTC(2030, 11, 31, 23, 59, 59)];
    // Both sides of the last daylight-saving changes (4 Nov 2018 00:00 → 01:00; 17 Feb 2019 00:00 → 16 Feb 23:00).
    for (const [y, m, d, h] of [
      [2018, 10, 4, 2],
      [2018, 10, 4, 3],
      [2019, 1, 17, 1],
      [2019, 1, 17, 2],
    ]) {
      for (const minute of [0, 1, 30, 59]) instants.push(Date.UTC(y, m, d, h, minute), Date.UTC(y, m, d, h, minute, 59, 999));
    }
    for (let t = Date.UTC(2024, 0, 1); t < Date.UTC(2025, 0, 1); t += 7 * 3_600_000 + 13 * 60_000) instants.push(t);
    for (const instant of instants) {
      expect(formatDateTime(instant)).toBe(formatBr(instant, 'dd/MM/yyyy HH:mm'));
      expect(formatShortDate(instant)).toBe(formatBr(instant, 'dd/MM/yyyy'));
      expect(formatDayMonthTime(instant)).toBe(formatBr(instant, "dd 'de' MMMM 'às' HH:mm"));
      expect(formatLongDate(instant)).toBe(formatBr(instant, "dd 'de' MMMM 'de' yyyy"));
    }
    for (let month = 0; month < 12; month++) {
      const instant = Date.UTC(2026, month, 15, 12);
      expect(formatDayMonthTime(instant)).toBe(formatBr(instant, "dd 'de' MMMM 'às' HH:mm"));
    }
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

describe('formatCents, kept per amount', () => {
  afterEach(() => vi.restoreAllMocks());

  test('gives each amount its own label, formatting an amount once', () => {
    // `format` is a getter that hands out the bound function: each call reads it once.
    const format = vi.spyOn(Intl.NumberFormat.prototype as unknown as { format: string }, 'format', 'get');
    const amounts = [1, 99, 2990, 2991, 123456, 0, -500, 2990.5];
    const first = amounts.map(formatCents);
    expect(amounts.map(formatCents)).toEqual(first);
    expect(first).toEqual(['R$ 0,01', 'R$ 0,99', 'R$ 29,90', 'R$ 29,91', 'R$ 1.234,56', 'R$ 0,00', '-R$ 5,00', 'R$ 29,91']);
    expect(format.mock.calls.length).toBeLessThanOrEqual(amounts.length);
  });
});

describe('formatRating', () => {
  test('every average of up to 60 ratings of 1 to 5 reads as pt-BR with one decimal, also when asked again', () => {
    const intl = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    for (let count = 1; count <= 60; count++) {
      for (let sum = count; sum <= 5 * count; sum++) {
        const average = sum / count;
        expect(formatRating(average)).toBe(intl.format(average));
        expect(formatRating(average)).toBe(intl.format(average));
      }
    }
    expect(formatRating(4.35)).toBe('4,4');
    expect(formatRating(0)).toBe('0,0');
  });
});
