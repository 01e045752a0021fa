import { tz } from '@date-fns/tz';
import { format as formatDate } from 'date-fns/format';
import { ptBR } from 'date-fns/locale/pt-BR';

/** Shown dates are São Paulo wall-clock time; stored timestamps are UTC. */
const TIME_ZONE = 'America/Sao_Paulo';

const zoneParts = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  hourCycle: 'h23',
});

/** São Paulo's wall clock at that instant, field by field (numeric strings, unpadded). */
function saoPauloParts(date: Date | number | string): Record<string, string> {
  const parts: Record<string, string> = {};
  for (const part of zoneParts.formatToParts(new Date(date))) parts[part.type] = part.value;
  return parts;
}

/** date-fns reads the instant in São Paulo's zone (@date-fns/tz), whatever the server's own zone is. */
const inSaoPaulo = tz(TIME_ZONE);

export function formatBr(date: Date | number | string, pattern: string): string {
  return formatDate(date, pattern, { locale: ptBR, in: inSaoPaulo });
}

const HOUR_MS = 3_600_000;
/** São Paulo's offset from UTC, in ms, per UTC hour (its offsets are whole hours and change on the hour). */
const offsetByHour = new Map<number, number>();

/** The instant moved to São Paulo's wall clock, to be read with the getUTC* fields (no Intl call once its hour is known). */
function wallClock(date: Date | number | string): Date {
  const time = new Date(date).getTime();
  const hour = Math.floor(time / HOUR_MS);
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    const parts = saoPauloParts(hour * HOUR_MS);
    offset =
      Date.UTC(
        Number(parts.year),
        Number(parts.month) - 1,
        Number(parts.day),
        Number(parts.hour),
        Number(parts.minute),
        Number(parts.second),
      ) -
      hour * HOUR_MS;
    if (offsetByHour.size >= 50_000) offsetByHour.clear();
    offsetByHour.set(hour, offset);
  }
  return new Date(time + offset);
}

const pad2 = (value: number) => String(value).padStart(2, '0');

/**
 * The two numeric forms without date-fns or a per-call Intl format (lists, and the messages
 * of a ticket, format one date per row); the same output as formatBr(date, 'dd/MM/yyyy[ HH:mm]').
 */
export function formatShortDate(date: Date | number | string): string {
  const wall = wallClock(date);
  return `${pad2(wall.getUTCDate())}/${pad2(wall.getUTCMonth() + 1)}/${wall.getUTCFullYear()}`;
}
export function formatDateTime(date: Date | number | string): string {
  const wall = wallClock(date);
  return `${pad2(wall.getUTCDate())}/${pad2(wall.getUTCMonth() + 1)}/${wall.getUTCFullYear()} ${pad2(wall.getUTCHours())}:${pad2(wall.getUTCMinutes())}`;
}

const MONTHS = [
  'janeiro',
  'fevereiro',
  'março',
  'abril',
  'maio',
  'junho',
  'julho',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
];

/** '09 de junho de 2025': formatBr(date, "dd 'de' MMMM 'de' yyyy") without date-fns (about 4 % of 'Minha Conta' through it). */
export function formatLongDate(date: Date | number | string): string {
  const wall = wallClock(date);
  return `${pad2(wall.getUTCDate())} de ${MONTHS[wall.getUTCMonth()]} de ${wall.getUTCFullYear()}`;
}

/** '08 de junho às 23:30': formatBr(date, "dd 'de' MMMM 'às' HH:mm") without date-fns's per-call zone lookup (about 0.15 ms). */
export function formatDayMonthTime(date: Date | number | string): string {
  const wall = wallClock(date);
  return `${pad2(wall.getUTCDate())} de ${MONTHS[wall.getUTCMonth()]} às ${pad2(wall.getUTCHours())}:${pad2(wall.getUTCMinutes())}`;
}

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

const centsLabels = new Map<number, string>();

/**
 * 2990 → 'R$ 29,90' (with a normal space, so tests and screen readers see one form). Kept per amount
 * like `formatRating`: prices and payments repeat, and each `Intl.NumberFormat#format` and replace
 * cost about 1 % of 'Minha Conta' for its two payments.
 */
export function formatCents(cents: number): string {
  let label = centsLabels.get(cents);
  if (label === undefined) {
    if (centsLabels.size >= 1_000) centsLabels.clear();
    label = brl.format(cents / 100).replace(/\u00a0/g, ' ');
    centsLabels.set(cents, label);
  }
  return label;
}

/** '29,90', '29.90' or 29.9 → 2990; null when it is not a positive amount with at most 2 decimals. */
export function parseMoneyToCents(value: string | number): number | null {
  const text = typeof value === 'number' ? String(value) : value.trim().replace(/\s/g, '');
  const normalized = text.includes(',') ? text.replace(/\./g, '').replace(',', '.') : text;
  if (!/^\d{1,8}(\.\d{1,2})?$/.test(normalized)) return null;
  const [whole, fraction = ''] = normalized.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

const decimal1 = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const ratingTexts = new Map<number, string>();

/**
 * A rating average with one decimal ('4,3'). Kept per value: the dashboard formats two per tool card,
 * the averages repeat, and `Intl.NumberFormat#format` (about 3 µs a call) was 3 % of the page's CPU.
 */
export function formatRating(value: number): string {
  let text = ratingTexts.get(value);
  if (text === undefined) {
    if (ratingTexts.size >= 1_000) ratingTexts.clear();
    text = decimal1.format(value);
    ratingTexts.set(value, text);
  }
  return text;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** A pt-BR number formatter per set of options, created once (creating one per call showed in profiles). */
export function ptBrNumber(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = JSON.stringify(options);
  let formatter = numberFormats.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat('pt-BR', options);
    numberFormats.set(key, formatter);
  }
  return formatter;
}

const collator = new Intl.Collator('pt-BR');

/** Sorts names as a Brazilian reader expects (accents and case), with one collator for every comparison. */
export const comparePtBr = (a: string, b: string) => collator.compare(a, b);

const SUPERSCRIPTS: Readonly<Record<string, string>> = {
  '0': '⁰',
  '1': '¹',
  '2': '²',
  '3': '³',
  '4': '⁴',
  '5': '⁵',
  '6': '⁶',
  '7': '⁷',
  '8': '⁸',
  '9': '⁹',
  '-': '⁻',
};

/** Digits and the minus sign as superscripts ('-3' → '⁻³'), for powers in steps and on log axes. */
export const superscript = (text: string) => [...text].map((char) => SUPERSCRIPTS[char] ?? char).join('');
