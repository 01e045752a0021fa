/**
 * `xyChart`: one plot with x and y axes (linear or log), an optional right axis, curves, filled
 * areas, marked points, limit lines, hatched bands and a legend, as one SVG string.
 */

import { TEXT_COLORS } from './palette';
import {
  axisScale,
  bandDefs,
  derivedScale,
  drawLegend,
  drawPlot,
  legendItems,
  xValues,
  yValues,
  type AxisSpec,
  type Box,
  type PlotContent,
  type PlotScales,
  type SecondaryAxisSpec,
} from './plot';
import { canvas, DEFAULT_HEIGHT, DEFAULT_WIDTH, text } from './svg';

export interface ChartFrame {
  /** The figure's id (kebab-case, unique on the page): every id in the SVG derives from it. */
  readonly id: string;
  /** The SVG `<title>`: 'Queda de tensão × comprimento'. */
  readonly title: string;
  /** The SVG `<desc>`: the diagram in one or two sentences with its key numbers. */
  readonly description: string;
  readonly width?: number;
  readonly height?: number;
  /** Short notes written at the bottom right: 'esquema fora de escala', 'perfil esquemático'. */
  readonly notes?: readonly string[];
  /** Draw the legend (default: when there are two or more labelled curves or areas). */
  readonly legend?: boolean;
}

export interface XYChartSpec extends ChartFrame, PlotContent {
  readonly x: AxisSpec;
  readonly y: AxisSpec;
  readonly y2?: SecondaryAxisSpec;
}

export interface XYLayout extends PlotScales {
  readonly box: Box;
  readonly legendTop: number;
}

const LEFT = 72;
const RIGHT = 24;
const RIGHT_WITH_AXIS = 76;
const BOTTOM = 62;

function legendHeight(spec: XYChartSpec, width: number): number {
  const items = legendItems(spec);
  const show = spec.legend ?? items.length >= 2;
  return show ? drawLegend(items, LEFT, 8, width - RIGHT).height : 0;
}

/** Where the plot sits and its scales: what `xyChart` uses to place everything (tests use it too). */
export function xyLayout(spec: XYChartSpec): XYLayout {
  const width = spec.width ?? DEFAULT_WIDTH;
  const height = spec.height ?? DEFAULT_HEIGHT;
  const top = 16 + legendHeight(spec, width);
  const box: Box = { left: LEFT, top, right: width - (spec.y2 ? RIGHT_WITH_AXIS : RIGHT), bottom: height - BOTTOM };
  const x = axisScale(spec.x, xValues(spec), [box.left, box.right], 6);
  const y = axisScale(spec.y, yValues(spec, 'y'), [box.bottom, box.top]);
  const y2 = spec.y2
    ? spec.y2.factor !== undefined
      ? derivedScale(spec.y2, y)
      : axisScale(spec.y2, yValues(spec, 'y2'), [box.bottom, box.top])
    : undefined;
  return { x, y, y2, box, legendTop: 8 };
}

/** Notes at the bottom right, in italic grey. */
export function drawNotes(notes: readonly string[] | undefined, right: number, bottom: number): string[] {
  return (notes ?? []).map((note, index, all) =>
    text(right, bottom - (all.length - 1 - index) * 15, note, { anchor: 'end', size: 12, italic: true, color: TEXT_COLORS.muted }),
  );
}

/** An xy chart as a complete `<svg role="img">` string. */
export function xyChart(spec: XYChartSpec): string {
  const width = spec.width ?? DEFAULT_WIDTH;
  const height = spec.height ?? DEFAULT_HEIGHT;
  const layout = xyLayout(spec);
  const items = legendItems(spec);
  const legend = (spec.legend ?? items.length >= 2) ? drawLegend(items, LEFT, layout.legendTop, width - RIGHT).markup : '';
  return canvas({
    id: spec.id,
    title: spec.title,
    description: spec.description,
    width,
    height,
    defs: spec.bands && spec.bands.length > 0 ? bandDefs(spec.id) : [],
    children: [
      legend,
      drawPlot(spec.id, 'plot', layout.box, layout, spec, { x: spec.x.title, y: spec.y.title, y2: spec.y2?.title }),
      ...drawNotes(spec.notes, width - 8, height - 6),
    ],
  });
}
