/**
 * `stackedPanels`: several plots stacked on one shared x axis (the beam: load, shear, moment,
 * deflection). A panel may also draw its own sketch with the shared x scale.
 */

import { TEXT_COLORS } from './palette';
import {
  axisScale,
  bandDefs,
  drawLegend,
  drawPlot,
  legendItems,
  xValues,
  yValues,
  type AxisSpec,
  type Box,
  type PlotContent,
} from './plot';
import { type Scale } from './scale';
import { canvas, DEFAULT_WIDTH, group, text } from './svg';
import { drawNotes, type ChartFrame } from './xy-chart';

/** What a sketch panel receives: its box and the shared x scale (data → px). */
export interface SketchFrame {
  readonly box: Box;
  readonly x: Scale;
}

export interface PanelSpec extends PlotContent {
  /** Written at the top left of the panel: 'Esforço cortante V(x)'. */
  readonly heading: string;
  /** The y axis; absent for a sketch panel. */
  readonly y?: AxisSpec;
  /** Relative height (default 1). */
  readonly weight?: number;
  /** Custom drawing instead of (or over) a plot: a load sketch. Build it with the svg primitives. */
  readonly sketch?: (frame: SketchFrame) => string;
}

export interface StackedPanelsSpec extends ChartFrame {
  readonly x: AxisSpec;
  readonly panels: readonly PanelSpec[];
  /** Total height; default 150 px per weight unit plus the axis. */
  readonly height?: number;
}

const LEFT = 72;
const RIGHT = 24;
const GAP = 30;

export interface PanelsLayout {
  readonly x: Scale;
  readonly boxes: readonly Box[];
  readonly height: number;
}

/** Where each panel sits and the shared x scale. */
export function panelsLayout(spec: StackedPanelsSpec): PanelsLayout {
  const width = spec.width ?? DEFAULT_WIDTH;
  const weights = spec.panels.map((panel) => panel.weight ?? 1);
  const totalWeight = weights.reduce((sum, weight) => sum + weight, 0) || 1;
  const height = spec.height ?? Math.round(150 * totalWeight + 90 + GAP * spec.panels.length);
  const items = spec.panels.flatMap(legendItems);
  const legend = (spec.legend ?? false) ? drawLegend(items, LEFT, 8, width - RIGHT).height : 0;
  const top = 8 + legend;
  const bottom = height - 62;
  const usable = bottom - top - GAP * spec.panels.length;
  const boxes: Box[] = [];
  let cursor = top;
  for (const weight of weights) {
    cursor += GAP;
    const panelHeight = (usable * weight) / totalWeight;
    boxes.push({ left: LEFT, top: cursor, right: width - RIGHT, bottom: cursor + panelHeight });
    cursor += panelHeight;
  }
  const x = axisScale(spec.x, spec.panels.flatMap(xValues), [LEFT, width - RIGHT], 6);
  return { x, boxes, height };
}

/** Stacked panels as a complete `<svg role="img">` string; x tick labels and title under the last panel. */
export function stackedPanels(spec: StackedPanelsSpec): string {
  const width = spec.width ?? DEFAULT_WIDTH;
  const layout = panelsLayout(spec);
  const items = spec.panels.flatMap(legendItems);
  const children: string[] = [];
  if (spec.legend) children.push(drawLegend(items, LEFT, 8, width - RIGHT).markup);
  spec.panels.forEach((panel, index) => {
    const box = layout.boxes[index]!;
    const last = index === spec.panels.length - 1;
    const parts: string[] = [text(box.left, box.top - 10, panel.heading, { size: 13, weight: 'bold', color: TEXT_COLORS.ink })];
    if (panel.y) {
      const y = axisScale(panel.y, yValues(panel, 'y'), [box.bottom, box.top], 4);
      parts.push(
        drawPlot(
          spec.id,
          `panel-${index}`,
          box,
          { x: layout.x, y },
          panel,
          { x: last ? spec.x.title : undefined, y: panel.y.title },
          { showXLabels: last },
        ),
      );
    }
    if (panel.sketch) parts.push(panel.sketch({ box, x: layout.x }));
    if (!panel.y && last) {
      for (const tick of layout.x.ticks) {
        parts.push(text(layout.x(tick), box.bottom + 16, layout.x.format(tick), { anchor: 'middle', size: 12, color: TEXT_COLORS.muted }));
      }
      parts.push(text((box.left + box.right) / 2, box.bottom + 38, spec.x.title, { anchor: 'middle', size: 13 }));
    }
    children.push(group(parts));
  });
  children.push(...drawNotes(spec.notes, width - 8, layout.height - 6));
  const hasBands = spec.panels.some((panel) => (panel.bands ?? []).length > 0);
  return canvas({
    id: spec.id,
    title: spec.title,
    description: spec.description,
    width,
    height: layout.height,
    defs: hasBands ? bandDefs(spec.id) : [],
    children,
  });
}
