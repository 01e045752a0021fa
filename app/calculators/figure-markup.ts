import type { DocumentMarkup } from '../utils/load-context';
import type { Figure } from './types';

/** A figure as loader data carries it: its SVG only when no document render places it (decision 073). */
export type PlacedFigure = Omit<Figure, 'svg'> & { readonly svg?: string };

/** The key of a figure's SVG in the load context's `documentMarkup` slot. */
export const figureMarkupKey = (id: string) => `figure:${id}`;

/**
 * A result's figures for loader data. On a document request (`slot` given) each SVG goes to the
 * render through the slot and the data keeps the title, summary and table alone, so the SVG is in
 * the page once; a client navigation (no slot) gets them whole. A figure id already in the slot
 * keeps its SVG inline, so two results on one page never swap drawings.
 */
export function placeFigures(figures: readonly Figure[], slot: DocumentMarkup | undefined): readonly PlacedFigure[] {
  if (!slot) return figures;
  return figures.map((figure) => {
    const key = figureMarkupKey(figure.id);
    if (slot.has(key)) return figure;
    slot.set(key, figure.svg);
    const { svg: _svg, ...placed } = figure;
    return placed;
  });
}
