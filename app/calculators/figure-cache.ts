import { boundedCache } from '../utils/bounded-cache';
import type { Figure } from './types';

/**
 * The diagrams of a result, drawn once per distinct input (issue 33): a shareable result URL is
 * deterministic, so the figures of a calculator version and its parsed inputs are kept and serve
 * repeated views and the memorial. Bounded by entries and by characters held (least recently used
 * first out); a result whose figures alone would take a quarter of the budget is not kept.
 */
export const FIGURE_CACHE_LIMITS = { entries: 500, chars: 8_000_000 };

const sizeOf = (figures: readonly Figure[]) =>
  figures.reduce(
    (total, figure) =>
      total + figure.svg.length + figure.summary.length + figure.title.length + (figure.table ? JSON.stringify(figure.table).length : 0),
    0,
  );

const cache = boundedCache<readonly Figure[]>(FIGURE_CACHE_LIMITS, sizeOf);

/** `key` names the calculator, its version and its parsed inputs; `draw` runs only on a miss. */
export const cachedFigures = (key: string, draw: () => readonly Figure[]): readonly Figure[] => cache.get(key, draw);

/** What the cache holds (tests). */
export const figureCacheSize = () => cache.size();

export function clearFigureCache(): void {
  cache.clear();
}
