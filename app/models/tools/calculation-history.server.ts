import { and, count, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { db, preparedQuery, type Executor } from '../../../db/client';
import { calculationHistory, type CalculationHistoryRow } from '../../../db/schema';
import { getCalculator, runCalculator } from '../../calculators';
import {
  HISTORY_MESSAGES,
  HISTORY_PAGE_SIZE,
  MAX_HISTORY_ITEMS,
  MAX_HISTORY_QUERY,
  historyTitleField,
  type HistoryFilter,
  type SaveCalculationInput,
} from '../../schemas/calculation-history';
import { parseInstant } from '../../schemas/admin-fields';
import { AppError } from '../../utils/errors';
import { formatDateTime } from '../../utils/format';
import { likePattern, paginate, type Page } from '../../utils/pagination.server';
import { requireUsableCalculator } from './calculator-access.server';
import { calculatorPath, canonicalQuery, reportPath } from '../../calculators/view';
import { resultsText } from '../../calculators/result-text';
import { type AccessSubject } from './tool-access';

export { HISTORY_PAGE_SIZE, historyQuerySchema } from '../../schemas/calculation-history';

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
      .values({
        userId: user.id,
        calculatorSlug: calculator.slug,
        calculatorVersion: calculator.version,
        title: title.data,
        query,
        results: resultsText(run.result.results),
      })
      .returning()
      .get();
  });
  return toHistoryItem(row);
}

export type HistoryPage = Page<HistoryItem>;

// 'Minha Conta' and the unfiltered /calculators/history read these on every visit: prepared once per connection.
const savedCount = preparedQuery(() =>
  db
    .select({ total: count() })
    .from(calculationHistory)
    .where(eq(calculationHistory.userId, sql.placeholder('userId')))
    .prepare(),
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

const recentRows = preparedQuery(() =>
  db
    .select({
      id: calculationHistory.id,
      title: calculationHistory.title,
      calculatorSlug: calculationHistory.calculatorSlug,
      query: calculationHistory.query,
      createdAt: calculationHistory.createdAt,
    })
    .from(calculationHistory)
    .where(eq(calculationHistory.userId, sql.placeholder('userId')))
    .orderBy(desc(calculationHistory.createdAt), desc(calculationHistory.id))
    .limit(sql.placeholder('limit'))
    .prepare(),
);

/** A saved calculation as 'Minha Conta' lists it: its title, the link that reopens it and when. */
export type RecentCalculation = Pick<HistoryItem, 'id' | 'title' | 'href' | 'savedAt'>;

/**
 * 'Minha Conta': the user's newest saved calculations and how many there are. Only what the list
 * shows is read and handed to the page (not the stored results, versions or report links).
 */
export function recentCalculations(userId: number, limit: number): { items: RecentCalculation[]; total: number } {
  const items = recentRows()
    .all({ userId, limit })
    .map((row) => ({
      id: row.id,
      title: row.title,
      href: getCalculator(row.calculatorSlug) ? calculatorPath(row.calculatorSlug, row.query) : null,
      savedAt: formatDateTime(row.createdAt),
    }));
  return { items, total: items.length < limit ? items.length : (savedCount().get({ userId })?.total ?? 0) };
}

const NO_FILTER: HistoryFilter = { q: '', calculator: '', from: '', to: '' };

export const isFiltered = (filter: HistoryFilter) => filter.q !== '' || filter.calculator !== '' || filter.from !== '' || filter.to !== '';

/**
 * The user's rows that pass the filter: the calculator through `calculation_history_user_calculator_created_idx`,
 * days as São Paulo days (both included), the search as a LIKE in the title (among the user's own rows only).
 */
export function historyWhere(userId: number, filter: HistoryFilter): SQL | undefined {
  const from = filter.from ? parseInstant(`${filter.from}T00:00`) : null;
  const to = filter.to ? parseInstant(filter.to) : null;
  return and(
    eq(calculationHistory.userId, userId),
    filter.calculator ? eq(calculationHistory.calculatorSlug, filter.calculator) : undefined,
    from ? gte(calculationHistory.createdAt, from) : undefined,
    to ? lte(calculationHistory.createdAt, to) : undefined,
    filter.q ? sql`${calculationHistory.title} like ${likePattern(filter.q, (text) => text.trim())} escape '\\'` : undefined,
  );
}

/** The user's saved calculations that pass the filter, newest first; a page past the end shows the last one. */
export function listCalculations(
  userId: number,
  query: { page: number; perPage: number } & Partial<HistoryFilter> = { page: 1, perPage: HISTORY_PAGE_SIZE },
): HistoryPage {
  const filter = { ...NO_FILTER, ...query };
  if (!isFiltered(filter)) {
    return paginate(query, {
      count: () => savedCount().get({ userId })?.total ?? 0,
      rows: (limit, offset) => savedRows().all({ userId, limit, offset }).map(toHistoryItem),
    });
  }
  const where = historyWhere(userId, filter);
  return paginate(query, {
    count: () => db.select({ total: count() }).from(calculationHistory).where(where).get()?.total ?? 0,
    rows: (limit, offset) =>
      db
        .select()
        .from(calculationHistory)
        .where(where)
        .orderBy(desc(calculationHistory.createdAt), desc(calculationHistory.id))
        .limit(limit)
        .offset(offset)
        .all()
        .map(toHistoryItem),
  });
}

/**
 * The calculators the user has saved something with (the filter's choices), by title: a skip scan
 * of `calculation_history_user_calculator_created_idx`, one probe per calculator, not a scan of the history.
 */
export function historyCalculatorChoices(userId: number): { slug: string; title: string }[] {
  const rows = db.all<{ slug: string }>(sql`
    with recursive seen(slug) as (
      select min(calculator_slug) from ${calculationHistory} where user_id = ${userId}
      union all
      select (select min(calculator_slug) from ${calculationHistory} where user_id = ${userId} and calculator_slug > seen.slug)
      from seen where seen.slug is not null
    )
    select slug from seen where slug is not null`);
  return rows
    .map(({ slug }) => ({ slug, title: getCalculator(slug)?.title ?? slug }))
    .sort((a, b) => a.title.localeCompare(b.title, 'pt-BR'));
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
