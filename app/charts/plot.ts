/**
 * What an xy plot draws inside its box (shared by `xyChart` and `stackedPanels`): grid, bands,
 * filled areas, curves, limit lines, marked points and their labels, and the axes.
 */

import { COLORS, TEXT_COLORS, lookOf } from './palette';
import { LabelPlacer, type LabelCandidate, type LabelRequest, type PlacedLabel } from './labels';
import {
  arrow,
  element,
  group,
  hatchPattern,
  line,
  localId,
  num,
  polygon,
  polyline,
  rect,
  segments,
  text,
  textGroup,
  textWidth,
  circle,
  type Point,
  type Segment,
  type TextItem,
  type StrokeOptions,
  type TextOptions,
} from './svg';

export * from './plot-types';
import type { AxisName, PlotContent, Box, PlotScales } from './plot-types';
export { axisScale, derivedScale, xValues, yValues } from './plot-scales';
export { drawLegend, legendItems, type LegendItem } from './plot-legend';

const HATCH_COLORS = { invalid: COLORS.limit, uncertain: COLORS.reference, ok: COLORS.ok } as const;

/** The `<pattern>`s a plot's bands use (for the canvas defs). */
export function bandDefs(figureId: string): string[] {
  return (['invalid', 'uncertain', 'ok'] as const).map((kind) => hatchPattern(localId(figureId, `hatch-${kind}`), HATCH_COLORS[kind]));
}

/** Eight positions from `from` to `to` (or from `to` back to `from` when `reverse`): where a limit's label may sit along its line. */
function alongLine(from: number, to: number, reverse: boolean): number[] {
  const positions = Array.from({ length: 8 }, (_, index) => from + ((to - from) * index) / 7);
  return reverse ? positions.reverse() : positions;
}

/** A drawn line labels must keep off (a curve, a limit, an arrow), marked `data-curve` so tests can find it. */
function curve(points: readonly Point[], options: StrokeOptions, shape: { arrow?: 'end' | 'both' } = {}): string {
  const [from, to] = points;
  if (points.length === 2 && from && to) {
    if (shape.arrow) return arrow(from[0], from[1], to[0], to[1], { ...options, curve: true, both: shape.arrow === 'both' });
    return line(from[0], from[1], to[0], to[1], { ...options, curve: true });
  }
  return polyline(points, { ...options, curve: true });
}

/** Clips segment a→b to the box (Liang–Barsky); null when it is wholly outside. */
function clipSegment(a: Point, b: Point, box: Box): [Point, Point] | null {
  let t0 = 0;
  let t1 = 1;
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const edges: [number, number][] = [
    [-dx, a[0] - box.left],
    [dx, box.right - a[0]],
    [-dy, a[1] - box.top],
    [dy, box.bottom - a[1]],
  ];
  for (const [p, q] of edges) {
    if (p === 0) {
      if (q < 0) return null;
      continue;
    }
    const t = q / p;
    if (p < 0) t0 = Math.max(t0, t);
    else t1 = Math.min(t1, t);
    if (t0 > t1) return null;
  }
  return [
    [a[0] + t0 * dx, a[1] + t0 * dy],
    [a[0] + t1 * dx, a[1] + t1 * dy],
  ];
}

/** Where a curve last shows inside the box (where its inline label goes). */
export function lastVisiblePoint(pixels: readonly Point[], box: Box): Point | null {
  if (pixels.length === 1) return clipSegment(pixels[0]!, pixels[0]!, box)?.[1] ?? null;
  for (let index = pixels.length - 1; index > 0; index -= 1) {
    const clipped = clipSegment(pixels[index - 1]!, pixels[index]!, box);
    if (clipped) return clipped[1];
  }
  return null;
}

const scaleFor = (scales: PlotScales, axis: AxisName | undefined) => (axis === 'y2' && scales.y2 ? scales.y2 : scales.y);

/** A value's position clamped to the box (log axes never see 0). */
const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, Math.min(low, high)), Math.max(low, high));

/** How far past the plot's right edge an x tick label may reach: the smallest right margin of a chart (24 px) less a little. */
const X_LABEL_OVERHANG = 20;

function gridAndAxes(box: Box, scales: PlotScales, titles: { x?: string; y: string; y2?: string }, showXLabels: boolean): string[] {
  const out: string[] = [];
  const grid: Segment[] = [];
  const yLabels: TextItem[] = [];
  const xLabels: TextItem[] = [];
  for (const tick of scales.y.ticks) {
    const y = scales.y(tick);
    grid.push([box.left, y, box.right, y]);
    yLabels.push({ x: box.left - 6, y, content: scales.y.format(tick) });
  }
  for (const tick of scales.x.ticks) {
    const x = scales.x(tick);
    grid.push([x, box.top, x, box.bottom]);
    if (!showXLabels) continue;
    // A label centred on the last tick may run past the canvas' right edge (and print cut): there it ends at the edge.
    const label = scales.x.format(tick);
    const pastEdge = x + textWidth(label, 12) / 2 > box.right + X_LABEL_OVERHANG;
    xLabels.push({
      x: pastEdge ? box.right + X_LABEL_OVERHANG : x,
      y: box.bottom + 16,
      content: label,
      anchor: pastEdge ? 'end' : 'middle',
    });
  }
  out.push(segments(grid, { stroke: COLORS.grid, width: 1 }));
  out.push(textGroup({ anchor: 'end', baseline: 'middle', size: 12, color: TEXT_COLORS.muted }, yLabels));
  out.push(textGroup({ anchor: 'middle', size: 12, color: TEXT_COLORS.muted }, xLabels));
  if (scales.y.kind === 'linear' && scales.y.domain[0] < 0 && scales.y.domain[1] > 0) {
    out.push(line(box.left, scales.y(0), box.right, scales.y(0), { stroke: COLORS.ink, width: 1 }));
  }
  out.push(line(box.left, box.top, box.left, box.bottom, { stroke: COLORS.ink, width: 1.5 }));
  out.push(line(box.left, box.bottom, box.right, box.bottom, { stroke: COLORS.ink, width: 1.5 }));
  if (scales.y2) {
    out.push(line(box.right, box.top, box.right, box.bottom, { stroke: COLORS.ink, width: 1.5 }));
    for (const tick of scales.y2.ticks) {
      const y = scales.y2(tick);
      out.push(line(box.right, y, box.right + 5, y, { stroke: COLORS.ink, width: 1 }));
      out.push(text(box.right + 8, y, scales.y2.format(tick), { baseline: 'middle', size: 12, color: TEXT_COLORS.muted }));
    }
  }
  const middle = (box.top + box.bottom) / 2;
  out.push(text(16, middle, titles.y, { anchor: 'middle', baseline: 'middle', rotate: -90, size: 13 }));
  if (titles.y2 && scales.y2) {
    out.push(text(box.right + 56, middle, titles.y2, { anchor: 'middle', baseline: 'middle', rotate: 90, size: 13 }));
  }
  if (titles.x) out.push(text((box.left + box.right) / 2, box.bottom + 38, titles.x, { anchor: 'middle', size: 13 }));
  return out;
}

/** Draws `content` in `box` with `scales`; `titles` name the axes (x only on the bottom panel). */
export function drawPlot(
  figureId: string,
  clipSuffix: string,
  box: Box,
  scales: PlotScales,
  content: PlotContent,
  titles: { x?: string; y: string; y2?: string },
  options: { showXLabels?: boolean } = {},
): string {
  const clipId = localId(figureId, `clip-${clipSuffix}`);
  // Inside the plot; as a last resort a label may go over the axes' margins, never over a line or a label.
  const labels = new LabelPlacer(
    { x0: box.left, y0: box.top, x1: box.right, y1: box.bottom },
    { x0: 2, y0: 2, x1: box.right + 20, y1: box.bottom + 58 },
  );
  const inside: string[] = [];
  const over: string[] = [];
  const xPx = (value: number) => scales.x(value);
  /** Labels wait until every line is drawn, so each one knows all the lines it must avoid. */
  const pending: { request: LabelRequest; draw: (spot: PlacedLabel) => string }[] = [];
  const label = (request: LabelRequest, options: TextOptions, leaderStroke: string = COLORS.ink) =>
    pending.push({
      request,
      draw: (spot) =>
        group([
          spot.leader
            ? line(spot.leader[0][0], spot.leader[0][1], spot.leader[1][0], spot.leader[1][1], { stroke: leaderStroke, width: 1 })
            : '',
          text(spot.x, spot.y, request.text, {
            ...options,
            size: request.size,
            anchor: spot.anchor,
            baseline: request.baseline,
            halo: true,
            placed: true,
          }),
        ]),
    });

  // Marked points first: their dots are obstacles, and their labels are placed before any other.
  const pointLabels: typeof pending = [];
  for (const point of content.points ?? []) {
    const look = lookOf(point.style ?? 'primary');
    const cx = xPx(point.x);
    const cy = scaleFor(scales, point.axis)(point.y);
    labels.avoidBox({ x0: cx - 6, y0: cy - 6, x1: cx + 6, y1: cy + 6 });
    const preferred =
      point.placement && point.placement !== 'auto'
        ? point.placement
        : `${cy > (box.top + box.bottom) / 2 ? 'above' : 'below'}-${cx > (box.left + box.right) / 2 ? 'left' : 'right'}`;
    const corner = (placement: string): LabelCandidate => {
      const dx = placement.endsWith('left') ? -1 : 1;
      const dy = placement.startsWith('above') ? -1 : 1;
      return { x: cx + dx * 22, y: cy + dy * 26 + (dy > 0 ? 10 : 0), anchor: dx > 0 ? 'start' : 'end' };
    };
    const order = [preferred, ...['above-left', 'above-right', 'below-left', 'below-right'].filter((name) => name !== preferred)];
    over.push(circle(cx, cy, 5, { fill: look.stroke, stroke: COLORS.paper, width: 1.5 }));
    pointLabels.push({
      request: { text: point.label, size: 13, candidates: order.map(corner), anchorPoint: [cx, cy], alwaysLead: true },
      draw: (spot) =>
        group([
          spot.leader
            ? line(spot.leader[0][0], spot.leader[0][1], spot.leader[1][0], spot.leader[1][1], { stroke: COLORS.ink, width: 1 })
            : '',
          text(spot.x, spot.y, point.label, { size: 13, weight: 'bold', color: look.text, anchor: spot.anchor, halo: true, placed: true }),
        ]),
    });
  }

  for (const band of content.bands ?? []) {
    const kind = band.kind ?? 'invalid';
    const fill = `url(#${localId(figureId, `hatch-${kind}`)})`;
    const color = TEXT_COLORS[kind === 'ok' ? 'ok' : kind === 'invalid' ? 'limit' : 'ink'];
    if (band.axis === 'x') {
      const x0 = clamp(xPx(band.from), box.left, box.right);
      const x1 = clamp(xPx(band.to), box.left, box.right);
      inside.push(rect(Math.min(x0, x1), box.top, Math.abs(x1 - x0), box.bottom - box.top, { fill, fillOpacity: 0.6 }));
      const mid = (x0 + x1) / 2;
      label(
        { text: band.label, size: 12, candidates: [16, 34, 52].map((dy) => ({ x: mid, y: box.top + dy, anchor: 'middle' as const })) },
        { color },
      );
    } else {
      const y0 = clamp(scales.y(band.from), box.top, box.bottom);
      const y1 = clamp(scales.y(band.to), box.top, box.bottom);
      inside.push(rect(box.left, Math.min(y0, y1), box.right - box.left, Math.abs(y1 - y0), { fill, fillOpacity: 0.6 }));
      const top = Math.min(y0, y1);
      label(
        {
          text: band.label,
          size: 12,
          candidates: [
            { x: box.left + 8, y: top + 16, anchor: 'start' },
            { x: box.right - 8, y: top + 16, anchor: 'end' },
          ],
        },
        { color },
      );
    }
  }

  for (const area of content.areas ?? []) {
    if (area.points.length < 2) continue;
    const y = scaleFor(scales, area.axis);
    const base = y(area.baseline ?? 0);
    const look = lookOf(area.style);
    const outline: Point[] = area.points.map(([px, py]) => [xPx(px), y(py)]);
    const first = outline[0]!;
    const last = outline[outline.length - 1]!;
    labels.avoidLine(outline);
    if (area.lower && area.lower.length >= 2) {
      const lower: Point[] = area.lower.map(([px, py]) => [xPx(px), y(py)]);
      labels.avoidLine(lower);
      inside.push(polygon([...outline, ...[...lower].reverse()], { fill: look.stroke, fillOpacity: 0.18 }));
      inside.push(curve(outline, { stroke: look.stroke, width: 1 }), curve(lower, { stroke: look.stroke, width: 1 }));
      continue;
    }
    inside.push(polygon([[first[0], base], ...outline, [last[0], base]], { fill: look.stroke, fillOpacity: 0.18 }));
    inside.push(curve(outline, { stroke: look.stroke, width: look.width, dash: look.dash || undefined }));
  }

  const seriesLabels: typeof pending = [];
  for (const series of content.series ?? []) {
    const y = scaleFor(scales, series.axis);
    const look = lookOf(series.style, series.dash);
    const pixels: Point[] = series.points
      .filter(([px, py]) => Number.isFinite(px) && Number.isFinite(py))
      .map(([px, py]) => [xPx(px), y(py)]);
    labels.avoidLine(pixels);
    inside.push(
      curve(pixels, { stroke: look.stroke, width: series.emphasis ? look.width + 1.5 : look.width, dash: look.dash || undefined }),
    );
    if (series.inlineLabel === false || pixels.length === 0) continue;
    const [ax, ay] = lastVisiblePoint(pixels, box) ?? pixels[pixels.length - 1]!;
    const options: TextOptions = { color: look.text, weight: series.emphasis ? 'bold' : 'normal' };
    seriesLabels.push({
      request: {
        text: series.label,
        size: 12,
        candidates: [
          { x: ax - 4, y: ay - 7, anchor: 'end' },
          { x: ax - 4, y: ay + 16, anchor: 'end' },
          { x: ax + 6, y: ay - 7, anchor: 'start' },
          { x: ax + 6, y: ay + 16, anchor: 'start' },
        ],
        anchorPoint: [ax, ay],
      },
      draw: (spot) =>
        group([
          spot.leader
            ? line(spot.leader[0][0], spot.leader[0][1], spot.leader[1][0], spot.leader[1][1], { stroke: look.stroke, width: 1 })
            : '',
          text(spot.x, spot.y, series.label, { ...options, size: 12, anchor: spot.anchor, halo: true, placed: true }),
        ]),
    });
  }

  for (const limit of content.limits ?? []) {
    const look = lookOf(limit.style ?? 'limit');
    const atStart = (limit.labelAt ?? (limit.axis === 'x' ? 'end' : 'start')) === 'start';
    const width = textWidth(limit.label, 12);
    if (limit.axis === 'x') {
      const x = xPx(limit.value);
      if (x < box.left - 0.5 || x > box.right + 0.5) continue;
      over.push(
        curve(
          [
            [x, box.top],
            [x, box.bottom],
          ],
          { stroke: look.stroke, width: look.width, dash: look.dash || undefined },
        ),
      );
      labels.avoidLine([
        [x, box.top],
        [x, box.bottom],
      ]);
      // Along the line, from the end asked for, each on the side with room first.
      const rightSide = x + 6 + width <= box.right;
      const sides = rightSide
        ? [
            { x: x + 5, anchor: 'start' as const },
            { x: x - 5, anchor: 'end' as const },
          ]
        : [
            { x: x - 5, anchor: 'end' as const },
            { x: x + 5, anchor: 'start' as const },
          ];
      const heights = alongLine(box.top + 14, box.bottom - 6, atStart);
      // A label pushed away by the search is tied back to its line by a leader.
      label(
        {
          text: limit.label,
          size: 12,
          candidates: heights.flatMap((y) => sides.map((side) => ({ ...side, y }))),
          anchorPoint: [x, heights[0]!],
        },
        { color: look.text },
        look.stroke,
      );
    } else {
      const y = scaleFor(scales, limit.axis)(limit.value);
      if (y < box.top - 0.5 || y > box.bottom + 0.5) continue;
      over.push(
        curve(
          [
            [box.left, y],
            [box.right, y],
          ],
          { stroke: look.stroke, width: look.width, dash: look.dash || undefined },
        ),
      );
      labels.avoidLine([
        [box.left, y],
        [box.right, y],
      ]);
      const starts = alongLine(box.left + 6, box.right - 6 - width, !atStart);
      // Just above the line, then just below (the box keeps its 2 px clearance off the line).
      const candidates = starts.flatMap((x) => [
        { x, y: y - 6, anchor: 'start' as const },
        { x, y: y + 15, anchor: 'start' as const },
      ]);
      label({ text: limit.label, size: 12, candidates, anchorPoint: [starts[0]!, y] }, { color: look.text }, look.stroke);
    }
  }

  for (const annotation of content.annotations ?? []) {
    const look = lookOf(annotation.style ?? 'reference');
    const x = xPx(annotation.x);
    const y = scaleFor(scales, annotation.axis)(annotation.y);
    const anchor = annotation.anchor ?? 'middle';
    label(
      {
        text: annotation.text,
        size: 12,
        candidates: [
          { x, y, anchor },
          { x, y: y - 14, anchor },
          { x, y: y + 16, anchor },
        ],
        anchorPoint: [x, y - 4],
      },
      { color: annotation.style ? look.text : TEXT_COLORS.ink },
    );
  }

  for (const spec of content.arrows ?? []) {
    const look = lookOf(spec.style ?? 'reference');
    const y = scaleFor(scales, spec.axis);
    const [x1, y1] = [xPx(spec.from[0]), y(spec.from[1])];
    const [x2, y2] = [xPx(spec.to[0]), y(spec.to[1])];
    over.push(
      curve(
        [
          [x1, y1],
          [x2, y2],
        ],
        { stroke: spec.style ? look.stroke : COLORS.ink, width: 1.5 },
        { arrow: spec.both ? 'both' : 'end' },
      ),
    );
    labels.avoidLine([
      [x1, y1],
      [x2, y2],
    ]);
    if (spec.label) {
      const [mx, my] = [(x1 + x2) / 2, (y1 + y2) / 2 + 4];
      const sides = [
        { x: mx + 7, y: my, anchor: 'start' as const },
        { x: mx - 7, y: my, anchor: 'end' as const },
      ];
      label(
        { text: spec.label, size: 12, candidates: spec.labelSide === 'start' ? [sides[1]!, sides[0]!] : sides, anchorPoint: [mx, my - 4] },
        { weight: 'bold', color: spec.style ? look.text : TEXT_COLORS.ink },
      );
    }
  }

  // Most important first: the marked results, then limits, arrows and notes, then the curves' names, then bands.
  const bandCount = (content.bands ?? []).length;
  const ordered = [...pointLabels, ...pending.slice(bandCount), ...seriesLabels, ...pending.slice(0, bandCount)];
  for (const item of ordered) over.push(item.draw(labels.place(item.request)));

  return group([
    element('clipPath', { id: clipId }, rect(box.left, box.top, box.right - box.left, box.bottom - box.top)),
    ...gridAndAxes(box, scales, titles, options.showXLabels ?? true),
    element('g', { 'clip-path': `url(#${clipId})` }, inside),
    ...over,
  ]);
}

export { num };
