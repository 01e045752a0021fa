import type { Figure } from './types';

/**
 * The diagrams of a result, drawn once per distinct input (issue 33): a shareable result URL is
 * deterministic, so the figures of a calculator version and its parsed inputs are kept and serve
 * repeated views and the memorial. Bounded by entries and by characters held (least recently used
 * first out); a result whose figures alone would take a quarter of the budget is not kept.
 */
export const FIGURE_CACHE_LIMITS = { entries: 500, chars: 8_000_000 };

type Entry = { figures: readonly Figure[]; chars: number };
const entries = new Map<string, Entry>();
let heldChars = 0;

const sizeOf = (figures: readonly Figure[]) =>
  figures.reduce(
    (total, figure) =>
      total + figure.svg.length + figure.summary.length + figure.title.length + (figure.table ? JSON.stringify(figure.table).length : 0),
    0,
  );

/** `key` names the calculator, its version and its parsed inputs; `draw` runs only on a miss. */
export function cachedFigures(key: string, draw: () => readonly Figure[]): readonly Figure[] {
  const hit = entries.get(key);
  if (hit) {
    // Most recently used last: the Map's order is the eviction order.
    entries.delete(key);
    entries.set(key, hit);
    return hit.figures;
  }
  const figures = draw();
  const chars = sizeOf(figures);
  if (chars > FIGURE_CACHE_LIMITS.chars / 4) return figures;
  entries.set(key, { figures, chars });
  heldChars += chars;
  for (const [oldest, entry] of entries) {
    if (entries.size <= FIGURE_CACHE_LIMITS.entries && heldChars <= FIGURE_CACHE_LIMITS.chars) break;
    entries.delete(oldest);
    heldChars -= entry.chars;
  }
  return figures;
}

/** What the cache holds (tests). */
export const figureCacheSize = () => ({ entries: entries.size, chars: heldChars });

export function clearFigureCache(): void {
  entries.clear();
  heldChars = 0;
}
