/**
 * `figure(parts, draw)`: one diagram of a result in the shape of the calculators' `Figure`
 * (app/calculators/types.ts; the kit sits below the calculators, so it repeats the shape).
 * The chart's `<title>` and `<desc>` are the figure's title and summary, so the page, the
 * memorial and a screen reader all get the same words.
 */

export interface FigureTableParts {
  readonly caption: string;
  readonly columns: readonly string[];
  readonly rows: readonly (readonly string[])[];
}

export interface FigureParts {
  /** kebab-case, unique within one result (also the prefix of every id inside the SVG). */
  readonly id: string;
  readonly title: string;
  /** The key numbers in a sentence (screen readers, print, the visible caption). */
  readonly summary: string;
  readonly table?: FigureTableParts;
}

export interface DrawnFigure extends FigureParts {
  readonly svg: string;
}

/** What `draw` receives to spread into a chart spec: `xyChart({ ...frame, x: …, y: … })`. */
export interface FigureFrame {
  readonly id: string;
  readonly title: string;
  readonly description: string;
}

export function figure(parts: FigureParts, draw: (frame: FigureFrame) => string): DrawnFigure {
  const svg = draw({ id: parts.id, title: parts.title, description: parts.summary });
  return parts.table
    ? { id: parts.id, title: parts.title, summary: parts.summary, svg, table: parts.table }
    : { id: parts.id, title: parts.title, summary: parts.summary, svg };
}
