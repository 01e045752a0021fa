import { boundedCache } from '../utils/bounded-cache';
import { resultsText } from './result-text';
import { runCalculator } from './run';
import type { Calculator, CalculatorResult } from './types';
import { canonicalQuery, formValues, hasInputs, reportPath } from './view';

/**
 * What a calculator page computes from its query string: the form's values and the outcome (the
 * result with its figures, or a message per field). It depends on the calculator's version and the
 * query alone, never on the database or the user, so it is kept per process (issue 33): a shared
 * link, a reload or the bench's repeated view skips parsing, computing and formatting.
 */
export type ComputedOutcome =
  | {
      readonly ok: true;
      readonly result: CalculatorResult;
      /** The canonical query of the inputs (the share link's and the memorial's). */
      readonly query: string;
      readonly reportHref: string;
      /** The first three results as text (the page's meta description). */
      readonly summary: string;
    }
  | { readonly ok: false; readonly fieldErrors: Readonly<Record<string, string>> };

export type ComputedPage = { readonly values: Readonly<Record<string, string>>; readonly outcome: ComputedOutcome | null };

/** At most this many pages kept, holding at most this many characters (the figures, shared with app/calculators/figure-cache.ts, included). */
export const RESULT_PAGE_CACHE_LIMITS = { entries: 500, chars: 4_000_000 };

const cache = boundedCache<ComputedPage>(RESULT_PAGE_CACHE_LIMITS, (page, key) => key.length + JSON.stringify(page).length);

function computePage(calculator: Calculator, params: URLSearchParams): ComputedPage {
  const run = runCalculator(calculator, params, { figures: true });
  const values = formValues(calculator, params);
  if (!run.ok) return { values, outcome: { ok: false, fieldErrors: run.fieldErrors } };
  const query = canonicalQuery(calculator, run);
  return {
    values,
    outcome: {
      ok: true,
      result: run.result,
      query,
      reportHref: reportPath(calculator.slug, query),
      summary: resultsText(run.result.results.slice(0, 3), '; '),
    },
  };
}

const examplePage = (calculator: Calculator): ComputedPage => ({ values: formValues(calculator, null), outcome: null });

/**
 * The page of a URL's query string (`search`, with or without its '?'): without any of the calculator's
 * inputs, its example and no outcome. Kept by the query as the URL carries it, so a repeated view
 * neither parses nor re-serialises it.
 */
export function calculatorPageFor(calculator: Calculator, search: string): ComputedPage {
  const query = search.startsWith('?') ? search.slice(1) : search;
  if (query === '') return examplePage(calculator);
  return cache.get(`${calculator.slug}@${calculator.version}?${query}`, () => {
    const params = new URLSearchParams(query);
    return hasInputs(calculator, params) ? computePage(calculator, params) : examplePage(calculator);
  });
}

/** What the cache holds, and emptying it (tests). */
export const resultPageCacheSize = () => cache.size();
export const clearResultPageCache = () => cache.clear();
