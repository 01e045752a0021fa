/**
 * Numbers as the charts write them (pt-BR): decimal comma, thousands point, powers of ten
 * written out on log axes ('1.000', '10.000') until they get too long ('10⁹').
 * The formatters come from `ptBrNumber`, created once per set of options.
 */

import { ptBrNumber, superscript } from '../utils/format';

/** 6 → '10⁶'; -4 → '10⁻⁴'. */
export function powerOfTen(exponent: number): string {
  return `10${superscript(String(exponent))}`;
}

/** `value` with exactly `decimals` decimal places: (1234.5, 1) → '1.234,5'; (-0.0001, 2) → '0,00'. */
export function formatFixed(value: number, decimals: number): string {
  if (!Number.isFinite(value)) return '—';
  const places = Math.max(0, Math.min(20, Math.round(decimals)));
  const text = ptBrNumber({ minimumFractionDigits: places, maximumFractionDigits: places }).format(value);
  return text.replace(/^-(?=[0,.]*$)/, '');
}

/**
 * A value in a label, with `significant` significant digits and never rounding integer digits
 * away: 9.9706 → '9,971'; 40.926 → '40,93'; 15200 → '15.200'; 0.0220 → '0,022'.
 * Very large or small magnitudes use a power of ten: 2.5e-7 → '2,5·10⁻⁷'.
 */
export function formatValue(value: number, significant = 4): string {
  if (!Number.isFinite(value)) return '—';
  if (value === 0) return '0';
  const magnitude = Math.abs(value);
  if (magnitude >= 1e9 || magnitude < 1e-4) {
    const [mantissa = '', exponent = '0'] = value.toExponential(Math.max(0, significant - 1)).split('e');
    const trimmed = mantissa.includes('.') ? mantissa.replace(/0+$/, '').replace(/\.$/, '') : mantissa;
    return `${trimmed.replace('.', ',')}·${powerOfTen(Number(exponent))}`;
  }
  const integerDigits = magnitude >= 1 ? Math.floor(Math.log10(magnitude)) + 1 : 1;
  return ptBrNumber({ maximumSignificantDigits: Math.min(21, Math.max(significant, integerDigits)) }).format(value);
}

/** The number of decimal places a tick step needs: 0.25 → 2; 5 → 0; 0.1 → 1. */
export function decimalsForStep(step: number): number {
  if (!Number.isFinite(step) || step <= 0) return 0;
  for (let decimals = 0; decimals < 12; decimals += 1) {
    const scaled = step * 10 ** decimals;
    if (Math.abs(scaled - Math.round(scaled)) < 1e-9 * Math.max(1, scaled)) return decimals;
  }
  return 12;
}

/** A tick on a linear axis whose ticks are `step` apart: (2.5, 0.5) → '2,5'; (1000, 200) → '1.000'. */
export function formatTick(value: number, step: number): string {
  return formatFixed(value, decimalsForStep(step));
}

/** A tick on a log axis: 1000 → '1.000'; 0.01 → '0,01'; 2e6 → '2.000.000'; 1e9 → '10⁹'; 5e-5 → '5·10⁻⁵'. */
export function formatLogTick(value: number): string {
  if (!Number.isFinite(value) || value <= 0) return '—';
  const exponent = Math.floor(Math.log10(value) + 1e-9);
  const mantissa = Math.round(value / 10 ** exponent);
  if (exponent >= 9 || exponent < -4) return mantissa === 1 ? powerOfTen(exponent) : `${mantissa}·${powerOfTen(exponent)}`;
  return formatFixed(value, Math.max(0, -exponent));
}

/** 'grandeza = valor unidade', the label of a marked point: ('δmáx', 9.97, 'mm') → 'δmáx = 9,97 mm'. */
export function quantityLabel(name: string, value: number, unit = '', significant = 3): string {
  const number = formatValue(value, significant);
  return unit ? `${name} = ${number} ${unit}` : `${name} = ${number}`;
}
