import { and, count, desc, eq, sql } from 'drizzle-orm';
import { db, preparedQuery, type Executor } from '../../../db/client';
import { calculationHistory, type CalculationHistoryRow } from '../../../db/schema';
import { getCalculator, runCalculator } from '../../calculators';
import {
  HISTORY_MESSAGES,
  MAX_HISTORY_ITEMS,
  MAX_HISTORY_QUERY,
  historyTitleField,
  type SaveCalculationInput,
} from '../../schemas/calculation-history';
import { AppError } from '../../utils/errors';
import { formatDateTime } from '../../utils/format';
import { listQuerySchema, paginate, type Page } from '../../utils/pagination.server';
import { requireUsableCalculator } from './calculator-access.server';
import { calculatorPath, canonicalQuery, reportPath } from '../../calculators/view';
import { type AccessSubject } from './tool-access';

export const HISTORY_PAGE_SIZE = 10;

/** A saved calculation as the history page shows it. */
export type HistoryItem = {
  id: number;
  title: string;
  calculatorSlug: string;
  /** The calculator's current title; null when it no longer exists. */
  calculatorTitle: string | null;
  savedVersion: string;
  currentVersion: string | null;
  /** 'Calculado com a versão X; versão atual Y' when the formula changed since. */
  versionNote: string | null;
  /** The shareable link that reopens the result (null when the calculator is gone). */
  href: string | null;
  reportHref: string | null;
  savedAt: string;
};

export function versionNote(savedVersion: string, currentVersion: string | null): string | null {
  if (currentVersion === null) return `Calculado com a versão ${savedVersion}; esta calculadora não está mais disponível.`;
  return savedVersion === currentVersion ? null : `Calculado com a versão ${savedVersion}; versão atual ${currentVersion}`;
}

export function toHistoryItem(row: CalculationHistoryRow): HistoryItem {
  const calculator = getCalculator(row.calculatorSlug);
  const currentVersion = calculator?.version ?? null;
  return {
    id: row.id,
    title: row.title,
    calculatorSlug: row.calculatorSlug,
    calculatorTitle: calculator?.title ?? null,
    savedVersion: row.calculatorVersion,
    currentVersion,
    versionNote: versionNote(row.calculatorVersion, currentVersion),
    href: calculator ? calculatorPath(row.calculatorSlug, row.query) : null,
    reportHref: calculator ? reportPath(row.calculatorSlug, row.query) : null,
    savedAt: formatDateTime(row.createdAt),
  };
}

/**
 * Saves a calculation the user may run. The inputs are computed again here, so only a valid
 * calculation is stored, and it is stored as the canonical query with the calculator version.
 */
export function saveCalculation(user: AccessSubject & { id: number }, input: SaveCalculationInput, executor: Executor = db): HistoryItem {
  const calculator = requireUsableCalculator(user, input.slug, executor);
  const title = historyTitleField.safeParse(input.title);
  if (!title.success) throw new AppError(400, title.error.issues[0]?.message ?? HISTORY_MESSAGES.titleRequired, 'title');
  if (input.query.length > MAX_HISTORY_QUERY) throw new AppError(400, HISTORY_MESSAGES.queryTooLong);
  const run = runCalculator(calculator, new URLSearchParams(input.query));
  if (!run.ok) throw new AppError(400, HISTORY_MESSAGES.invalidInputs);
  const query = canonicalQuery(calculator, run);
  if (query.length > MAX_HISTORY_QUERY) throw new AppError(400, HISTORY_MESSAGES.queryTooLong);
  const row = executor.transaction((tx) => {
    const saved = tx.select({ total: count() }).from(calculationHistory).where(eq(calculationHistory.userId, user.id)).get()?.total ?? 0;
    if (saved >= MAX_HISTORY_ITEMS) throw new AppError(400, HISTORY_MESSAGES.full);
    return tx
      .insert(calculationHistory)
      .values({ userId: user.id, calculatorSlug: calculator.slug, calculatorVersion: calculator.version, title: title.data, query })
      .returning()
      .get();
  });
  return toHistoryItem(row);
}

/** `?page=` (and `?perPage=` up to 50) of the history list; newest first is the only order. */
export const historyQuerySchema = listQuerySchema({ sorts: ['recent'], perPage: HISTORY_PAGE_SIZE, maxPerPage: 50 });

export type HistoryPage = Page<HistoryItem>;

// 'Minha Conta' and /calculators/history read these on every visit: prepared once per connection.
const savedCount = preparedQuery(() =>
  db.select({ total: count() }).from(calculationHistory).where(eq(calculationHistory.userId, sql.placeholder('userId'))).prepare(),
);
const savedRows = preparedQuery(() =>
  db
    .select()
    .from(calculationHistory)
    .where(eq(calculationHistory.userId, sql.placeholder('userId')))
    .orderBy(desc(calculationHistory.createdAt), desc(calculationHistory.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(),
);

/** The user's saved calculations, newest first; a page past the end shows the last one. */
export function listCalculations(userId: number, query: { page: number; perPage: number } = { page: 1, perPage: HISTORY_PAGE_SIZE }): HistoryPage {
  return paginate(query, {
    count: () => savedCount().get({ userId })?.total ?? 0,
    rows: (limit, offset) => savedRows().all({ userId, limit, offset }).map(toHistoryItem),
  });
}

/** Deletes one of the user's own saved calculations; anyone else's (or a missing one) is a 404. */
export function deleteCalculation(userId: number, id: number, executor: Executor = db): void {
  const deleted = executor
    .delete(calculationHistory)
    .where(and(eq(calculationHistory.id, id), eq(calculationHistory.userId, userId)))
    .returning({ id: calculationHistory.id })
    .get();
  if (!deleted) throw new AppError(404, HISTORY_MESSAGES.notFound);
}
