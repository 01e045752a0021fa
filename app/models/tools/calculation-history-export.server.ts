import { and, desc, eq, lt, or } from 'drizzle-orm';
import { db } from '../../../db/client';
import { calculationHistory, type CalculationHistoryRow } from '../../../db/schema';
import { getCalculator, getUnit, runCalculator, type Calculator } from '../../calculators';
import { resultsText } from '../../calculators/result-text';
import { calculatorPath } from '../../calculators/view';
import type { HistoryFilter } from '../../schemas/calculation-history';
import { CSV_BOM, csvRow } from '../../utils/csv';
import { formatBr, formatDateTime, formatShortDate } from '../../utils/format';
import { siteUrl } from '../../utils/security.server';
import { listCalculatorsFor } from './calculator-access.server';
import { historyWhere } from './calculation-history.server';
import { calculatorColumns, inputCells, resultCells } from './history-csv-columns';
import type { AccessSubject } from './tool-access';

/**
 * 'Exportar CSV' on the history page: the user's saved calculations that pass the list's filter,
 * newest first, one row each, streamed in batches read by keyset (never the whole history in
 * memory). Inputs are read from the stored canonical query (labels and units of the calculator,
 * no computation); the results are the text stored when the calculation was saved (computing them
 * again took 1–13 ms a row, over a minute for 20,000: docs/performance.md), computed again only
 * for rows saved before that column existed (at most 500 per user, the limit then). Calculators
 * the user may no longer use export their inputs only.
 *
 * Filtered to one calculator, the file has one column per input and per result instead of the two
 * text cells ('Entradas', 'Resultados principais'), so a spreadsheet can compute with it
 * (`history-csv-columns.ts`); the note of a row without results goes to 'Observação'.
 */

export const HISTORY_CSV_COLUMNS = [
  'Data',
  'Hora',
  'Título',
  'Calculadora',
  'Versão',
  'Entradas',
  'Resultados principais',
  'Link',
] as const;

/** Rows read (and computed) per pull of the stream. */
export const EXPORT_BATCH_SIZE = 500;

export const EXPORT_NOTES = {
  locked: 'Sem resultados: esta calculadora não está disponível no seu plano.',
  gone: 'Sem resultados: esta calculadora não está mais disponível.',
  invalid: 'Sem resultados: as entradas não são válidas na versão atual da calculadora.',
} as const;

const JOIN = ' | ';

/** historico-calculos-2026-11-27.csv (the São Paulo day). */
export const historyCsvFileName = (now: Date) => `historico-calculos-${formatBr(now, 'yyyy-MM-dd')}.csv`;

const withUnit = (value: string, unit: string) => (unit ? `${value} ${unit}` : value);

/** The inputs as stored: 'Potência = 7,5 kW | Rotação = 1750 rpm'; an unknown calculator's as its raw names. */
export function inputsText(calculator: Calculator | undefined, query: string): string {
  const params = new URLSearchParams(query);
  if (!calculator) return [...params].map(([name, value]) => `${name} = ${value}`).join(JOIN);
  return calculator.inputs
    .flatMap((field) => {
      const value = params.get(field.name);
      if (value === null) return [];
      if (field.kind === 'select') return [`${field.label} = ${field.options.find((option) => option.value === value)?.label ?? value}`];
      if (field.kind === 'text') return [`${field.label} = ${value}`];
      const unit =
        field.unitGroup === undefined ? field.unit : (getUnit(params.get(`${field.name}_unit`) ?? field.defaultUnit)?.symbol ?? '');
      return [`${field.label} = ${withUnit(value, unit)}`];
    })
    .join(JOIN);
}

/** The results computed again from the stored query (the current version of the calculator), for rows saved without them. */
export function recomputedResults(calculator: Calculator, query: string): string {
  const run = runCalculator(calculator, new URLSearchParams(query));
  return run.ok ? resultsText(run.result.results, JOIN) : EXPORT_NOTES.invalid;
}

/** The calculators the user may compute with now (open); locked and hidden ones export their inputs only. */
function usableSlugs(user: AccessSubject): Set<string> {
  return new Set(listCalculatorsFor(user).flatMap((gate) => (gate.access === 'open' ? [gate.calculator.slug] : [])));
}

function resultsCell(row: CalculationHistoryRow, calculator: Calculator | undefined, usable: Set<string>): string {
  if (!calculator) return EXPORT_NOTES.gone;
  if (!usable.has(calculator.slug)) return EXPORT_NOTES.locked;
  return row.results ?? recomputedResults(calculator, row.query);
}

/** The columns of a file filtered to one calculator: its inputs and results one by one. */
export function calculatorCsvColumns(calculator: Calculator): string[] {
  const { inputs, results } = calculatorColumns(calculator);
  return ['Data', 'Hora', 'Título', 'Versão', ...inputs, ...results, 'Observação', 'Link'];
}

function calculatorCsvLine(calculator: Calculator, row: CalculationHistoryRow, usable: Set<string>): string {
  const results = resultsCell(row, calculator, usable);
  const note = Object.values(EXPORT_NOTES).find((text) => text === results);
  return csvRow([
    formatShortDate(row.createdAt),
    formatDateTime(row.createdAt).slice(11),
    row.title,
    row.calculatorVersion,
    ...inputCells(calculator, row.query),
    ...(note ? calculator.outputs.map(() => '') : resultCells(calculator, results)),
    note ?? '',
    siteUrl(calculatorPath(calculator.slug, row.query)),
  ]);
}

function csvLine(row: CalculationHistoryRow, usable: Set<string>): string {
  const calculator = getCalculator(row.calculatorSlug);
  const results = resultsCell(row, calculator, usable);
  return csvRow([
    formatShortDate(row.createdAt),
    formatDateTime(row.createdAt).slice(11),
    row.title,
    calculator?.title ?? row.calculatorSlug,
    row.calculatorVersion,
    inputsText(calculator, row.query),
    results,
    calculator ? siteUrl(calculatorPath(calculator.slug, row.query)) : '',
  ]);
}

type Cursor = { createdAt: Date; id: number };

/** The next batch after `cursor`, newest first: keyset on (created_at, id), which the user's indexes hold in order. */
function nextBatch(userId: number, filter: HistoryFilter, cursor: Cursor | null): CalculationHistoryRow[] {
  const after = cursor
    ? or(
        lt(calculationHistory.createdAt, cursor.createdAt),
        and(eq(calculationHistory.createdAt, cursor.createdAt), lt(calculationHistory.id, cursor.id)),
      )
    : undefined;
  return db
    .select()
    .from(calculationHistory)
    .where(and(historyWhere(userId, filter), after))
    .orderBy(desc(calculationHistory.createdAt), desc(calculationHistory.id))
    .limit(EXPORT_BATCH_SIZE)
    .all();
}

/** The CSV file as a byte stream: BOM and header first, then one batch of rows per pull (the reader's pace). */
export function historyCsvStream(user: AccessSubject & { id: number }, filter: HistoryFilter): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const usable = usableSlugs(user);
  const single = filter.calculator ? getCalculator(filter.calculator) : undefined;
  const header = single ? calculatorCsvColumns(single) : HISTORY_CSV_COLUMNS;
  const line = single
    ? (row: CalculationHistoryRow) => calculatorCsvLine(single, row, usable)
    : (row: CalculationHistoryRow) => csvLine(row, usable);
  let cursor: Cursor | null = null;
  let started = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        // Remix reads the next batch as soon as this one is written: without a turn of the event
        // loop in between, gzip and the socket would send nothing (and no other request would be
        // served) until the whole file was made.
        if (started) await new Promise((resolve) => setImmediate(resolve));
        const head = started ? '' : `${CSV_BOM}${csvRow(header)}`;
        started = true;
        const rows = nextBatch(user.id, filter, cursor);
        const body = rows.map(line).join('');
        if (head || body) controller.enqueue(encoder.encode(head + body));
        const last = rows.at(-1);
        if (!last || rows.length < EXPORT_BATCH_SIZE) {
          controller.close();
          return;
        }
        cursor = { createdAt: last.createdAt, id: last.id };
      },
    },
    { highWaterMark: 0 },
  );
}
