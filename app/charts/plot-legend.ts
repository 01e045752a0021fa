/** A plot's legend: the swatches of its labelled series and areas, wrapped in rows. */

import { lookOf, type DashName, type SeriesStyle } from './palette';
import type { PlotContent } from './plot-types';
import { group, line, rect, text, textWidth } from './svg';

export interface LegendItem {
  readonly label: string;
  readonly style?: SeriesStyle;
  readonly dash?: DashName;
  readonly kind?: 'line' | 'area';
  /** An area's own fill colour instead of its style's (a dye's colour). */
  readonly color?: string;
  /** An area's texture pattern id (`texturePattern`), drawn over the colour. */
  readonly textureId?: string;
}

/** Legend items for a plot's labelled series and areas. */
export function legendItems(content: PlotContent): LegendItem[] {
  return [
    ...(content.series ?? [])
      .filter((series) => series.inLegend !== false)
      .map((series) => ({ label: series.label, style: series.style, dash: series.dash, kind: 'line' as const })),
    ...(content.areas ?? []).filter((area) => area.label).map((area) => ({ label: area.label!, style: area.style, kind: 'area' as const })),
  ];
}

/** One row (wrapping when needed) of swatches with labels, from (left, top). Returns markup and its height. */
export function drawLegend(items: readonly LegendItem[], left: number, top: number, right: number): { markup: string; height: number } {
  if (items.length === 0) return { markup: '', height: 0 };
  const out: string[] = [];
  let x = left;
  let y = top + 10;
  for (const item of items) {
    const look = lookOf(item.style, item.dash);
    const width = 30 + textWidth(item.label, 12) + 16;
    if (x + width > right && x > left) {
      x = left;
      y += 18;
    }
    out.push(
      item.kind === 'area'
        ? group([
            rect(x, y - 6, 22, 12, {
              fill: item.color ?? look.stroke,
              fillOpacity: item.color ? 0.85 : 0.3,
              stroke: item.color ?? look.stroke,
              width: 1.5,
            }),
            item.textureId ? rect(x, y - 6, 22, 12, { fill: `url(#${item.textureId})` }) : '',
          ])
        : line(x, y, x + 22, y, { stroke: look.stroke, width: look.width, dash: look.dash || undefined }),
    );
    out.push(text(x + 28, y, item.label, { size: 12, baseline: 'middle' }));
    x += width;
  }
  return { markup: group(out), height: y - top + 12 };
}
