/**
 * Number text inside calculation steps and validation messages (pt-BR: decimal comma,
 * no thousands separator so the text can be typed back into a field). Result values
 * themselves are numbers and are formatted by the view.
 */

import { ptBrNumber, superscript } from '../utils/format';

/** 40.926 → '40,93'; 1750 → '1750'; 4e7 → '4·10⁷'; 2.43e-4 → '2,432·10⁻⁴'. */
export function formatNumber(value: number, significant = 4): string {
  if (!Number.isFinite(value)) return '—';
  if (value === 0) return '0';
  const magnitude = Math.abs(value);
  if (magnitude >= 1e7 || magnitude < 1e-3) {
    const [mantissa = '', exponent = '0'] = value.toExponential(significant - 1).split('e');
    const trimmed = mantissa.includes('.') ? mantissa.replace(/0+$/, '').replace(/\.$/, '') : mantissa;
    return `${trimmed.replace('.', ',')}·10${superscript(String(Number(exponent)))}`;
  }
  // Integer digits are never rounded away: 99621 stays 99621, not 99620.
  const integerDigits = magnitude >= 1 ? Math.floor(Math.log10(magnitude)) + 1 : 1;
  return ptBrNumber({ maximumSignificantDigits: Math.min(21, Math.max(significant, integerDigits)), useGrouping: false }).format(value);
}

/** 4772.2 → '1 h 19 min 32 s'; 31.5 → '31,5 s'; 90061 → '1 d 1 h 1 min 1 s'. */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '—';
  if (seconds < 60) return `${formatNumber(seconds, 3)} s`;
  let rest = Math.round(seconds);
  const parts: string[] = [];
  for (const [size, symbol] of [
    [86400, 'd'],
    [3600, 'h'],
    [60, 'min'],
    [1, 's'],
  ] as const) {
    const count = Math.floor(rest / size);
    rest -= count * size;
    if (count > 0) parts.push(`${count} ${symbol}`);
  }
  return parts.join(' ');
}
