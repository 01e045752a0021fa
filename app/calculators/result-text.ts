import { formatNumber } from './format';
import { type ResultItem } from './types';
import { ptBrNumber } from '../utils/format';

/**
 * Results as plain text, for places without the page's markup (the history's CSV export, a link
 * preview's description): decimal comma and no thousands separator, so a spreadsheet reads the
 * number back; scientific notation where the page uses it too (outside the fixed range).
 */

const fixedDigits = new Map<number, Intl.NumberFormat>();

export function resultValueText({ value, digits }: Pick<ResultItem, 'value' | 'digits'>): string {
  if (typeof value === 'string') return value;
  const magnitude = Math.abs(value);
  if (digits === undefined || (value !== 0 && (magnitude >= 1e12 || magnitude < 0.5 * 10 ** -digits))) return formatNumber(value, 4);
  let format = fixedDigits.get(digits);
  if (!format) {
    format = ptBrNumber({ minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false });
    fixedDigits.set(digits, format);
  }
  return format.format(value);
}

/** 'Torque transmitido T = 40,93 N·m' */
export const resultText = (item: ResultItem) => `${item.label} = ${resultValueText(item)}${item.unit ? ` ${item.unit}` : ''}`;

/** The results, one after another: 'Torque transmitido T = 40,93 N·m | Diâmetro mínimo do eixo = 17,34 mm'. */
export const resultsText = (results: readonly ResultItem[], separator = ' | ') => results.map(resultText).join(separator);
