/**
 * What an xy plot draws inside its box (shared by `xyChart` and `stackedPanels`): grid, bands,
 * filled areas, curves, limit lines, marked points and their labels, and the axes.
 */

import { formatLogTick } from './format';
import { COLORS, TEXT_COLORS, lookOf, type DashName, type SeriesStyle } from './palette';
import { linearScale, logScale, niceLinear, niceLog, type Scale } from './scale';
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
  text,
  textWidth,
  circle,
  type Point,
  type StrokeOptions,
  type TextOptions,
} from './svg';

/** One axis. `title` carries the unit between parentheses: 'Comprimento (m)'. */
export interface AxisSpec {
  readonly title: string;
  /** Fixed ends; absent ends come from the data, extended to a whole tick. */
  readonly min?: number;
  readonly max?: number;
  /** Stretch the data range so it includes 0 (linear axes). */
  readonly includeZero?: boolean;
  readonly log?: boolean;
  /** Explicit tick values (else 1–2–5 ticks, or decades on a log axis). */
  readonly ticks?: readonly number[];
  /** About how many intervals (linear; default 5, 6 for x). */
  readonly tickCount?: number;
  /** Tick text; default pt-BR with as many decimals as the step needs. */
  readonly format?: (value: number) => string;
}

/**
 * The right-hand axis. With `factor` it is the left axis in another unit (y₂ = factor · y: kPa and
 * m.c.a., m/h and m/turno) and series stay on the left; without it, series with `axis: 'y2'`
 * set its range.
 */
export interface SecondaryAxisSpec extends AxisSpec {
  readonly factor?: number;
}

export type AxisName = 'y' | 'y2';

/** A curve (polyline) through `points` = [x, y] in data units. */
export interface SeriesSpec {
  readonly label: string;
  readonly points: readonly Point[];
  readonly style?: SeriesStyle;
  readonly dash?: DashName;
  /** Thicker line: the chosen option among several. */
  readonly emphasis?: boolean;
  readonly axis?: AxisName;
  /** Write the label next to the curve's last point inside the plot (B/W prints need it); default true. */
  readonly inlineLabel?: boolean;
  /** Shown in the legend; default true. */
  readonly inLegend?: boolean;
}

/** A region filled between the curve and `baseline` (shear and moment diagrams), or between two curves (`lower`: a band). */
export interface AreaSpec {
  readonly label?: string;
  readonly points: readonly Point[];
  readonly baseline?: number;
  /** The band's lower edge; when given, `baseline` is ignored and both edges are drawn thin. */
  readonly lower?: readonly Point[];
  readonly style?: SeriesStyle;
  readonly axis?: AxisName;
}

/** A filled circle with a leader and a label 'grandeza = valor unidade' (use `quantityLabel`). */
export interface PointSpec {
  readonly x: number;
  readonly y: number;
  readonly label: string;
  readonly style?: SeriesStyle;
  readonly axis?: AxisName;
  /** Where the label goes; 'auto' points it towards the middle of the plot. */
  readonly placement?: 'auto' | 'above-left' | 'above-right' | 'below-left' | 'below-right';
}

/** A straight line across the plot at `value` of `axis` (a norm limit, a standard size). */
export interface LimitSpec {
  readonly axis: 'x' | AxisName;
  readonly value: number;
  /** With the rule and clause: 'ΔV máx. 4 % – NBR 5410 6.2.7'. */
  readonly label: string;
  /** Default 'limit' (dashed, vermillion); 'reference' is dotted grey, 'ok' green. */
  readonly style?: SeriesStyle;
  /** Which end carries the label: default 'start' (left end) for horizontal lines, 'end' (top) for vertical ones. */
  readonly labelAt?: 'start' | 'end';
}

/** A hatched range of `axis`: 'fora da validade' (invalid), 'transição – incerto' (uncertain), or an OK band. */
export interface BandSpec {
  readonly axis: 'x' | 'y';
  readonly from: number;
  readonly to: number;
  readonly label: string;
  readonly kind?: 'invalid' | 'uncertain' | 'ok';
}

/** Free text at a data position (a note on a curve, a dimension). */
export interface AnnotationSpec {
  readonly x: number;
  readonly y: number;
  readonly text: string;
  readonly axis?: AxisName;
  readonly anchor?: 'start' | 'middle' | 'end';
  readonly style?: SeriesStyle;
}

/** An arrow between two data positions (a flow direction, a ΔT dimension with `both`), optionally labelled at its middle. */
export interface ArrowSpec {
  readonly from: Point;
  readonly to: Point;
  readonly label?: string;
  readonly both?: boolean;
  readonly axis?: AxisName;
  readonly style?: SeriesStyle;
  /** Label side: 'start' puts the text left of the middle (anchor end); default right. */
  readonly labelSide?: 'start' | 'end';
}

/** Everything drawn inside one plot box. */
export interface PlotContent {
  readonly series?: readonly SeriesSpec[];
  readonly areas?: readonly AreaSpec[];
  readonly points?: readonly PointSpec[];
  readonly limits?: readonly LimitSpec[];
  readonly bands?: readonly BandSpec[];
  readonly annotations?: readonly AnnotationSpec[];
  readonly arrows?: readonly ArrowSpec[];
}

export interface Box {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

export interface PlotScales {
  readonly x: Scale;
  readonly y: Scale;
  readonly y2?: Scale;
}

const finite = (values: readonly number[]) => values.filter((value) => Number.isFinite(value));

/** The x values that should be visible. */
export function xValues(content: PlotContent): number[] {
  return finite([
    ...(content.series ?? []).flatMap((series) => series.points.map(([x]) => x)),
    ...(content.areas ?? []).flatMap((area) => area.points.map(([x]) => x)),
    ...(content.points ?? []).map((point) => point.x),
    ...(content.limits ?? []).filter((limit) => limit.axis === 'x').map((limit) => limit.value),
    ...(content.bands ?? []).filter((band) => band.axis === 'x').flatMap((band) => [band.from, band.to]),
    ...(content.arrows ?? []).flatMap((spec) => [spec.from[0], spec.to[0]]),
  ]);
}

/** The values of one y axis that should be visible. */
export function yValues(content: PlotContent, axis: AxisName): number[] {
  const on = (name: AxisName | undefined) => (name ?? 'y') === axis;
  return finite([
    ...(content.series ?? []).filter((series) => on(series.axis)).flatMap((series) => series.points.map(([, y]) => y)),
    ...(content.areas ?? [])
      .filter((area) => on(area.axis))
      .flatMap((area) =>
        area.lower ? [...area.points, ...area.lower].map(([, y]) => y) : [...area.points.map(([, y]) => y), area.baseline ?? 0],
      ),
    ...(content.points ?? []).filter((point) => on(point.axis)).map((point) => point.y),
    ...(content.limits ?? []).filter((limit) => limit.axis === axis).map((limit) => limit.value),
    ...(content.arrows ?? []).filter((spec) => on(spec.axis)).flatMap((spec) => [spec.from[1], spec.to[1]]),
    ...(axis === 'y' ? (content.bands ?? []).filter((band) => band.axis === 'y').flatMap((band) => [band.from, band.to]) : []),
  ]);
}

/** Builds the scale of an axis over `range` (px) from its spec and the data values it must show. */
export function axisScale(spec: AxisSpec, values: readonly number[], range: readonly [number, number], defaultCount = 5): Scale {
  if (spec.log) {
    const positive = values.filter((value) => value > 0);
    const low = spec.min ?? (positive.length ? Math.min(...positive) : 1);
    const high = spec.max ?? (positive.length ? Math.max(...positive) : 10);
    const nice = niceLog(low, high);
    const domain: [number, number] = [spec.min ?? nice.min, spec.max ?? nice.max];
    const ticks = (spec.ticks ?? nice.ticks).filter((tick) => tick >= domain[0] * (1 - 1e-9) && tick <= domain[1] * (1 + 1e-9));
    return withFormat(logScale(domain, range, ticks), spec.format);
  }
  const data = spec.includeZero ? [...values, 0] : [...values];
  const low = spec.min ?? (data.length ? Math.min(...data) : 0);
  const high = spec.max ?? (data.length ? Math.max(...data) : 1);
  const nice = niceLinear(low, high, spec.tickCount ?? defaultCount, { fixMin: spec.min !== undefined, fixMax: spec.max !== undefined });
  const ticks = spec.ticks ?? nice.ticks;
  return withFormat(linearScale([nice.min, nice.max], range, ticks, nice.step), spec.format);
}

function withFormat(scale: Scale, format: ((value: number) => string) | undefined): Scale {
  return format ? Object.assign(scale, { format }) : scale;
}

/** The right axis that re-labels the left one in another unit: its ticks are nice in its own unit. */
export function derivedScale(spec: SecondaryAxisSpec, y: Scale): Scale {
  const factor = spec.factor ?? 1;
  const [low, high] = [y.domain[0] * factor, y.domain[1] * factor];
  if (y.kind === 'log') {
    const domain: [number, number] = [Math.min(low, high), Math.max(low, high)];
    const ticks = niceLog(domain[0], domain[1]).ticks.filter((tick) => tick >= domain[0] * (1 - 1e-9) && tick <= domain[1] * (1 + 1e-9));
    return withFormat(logScale([low, high], y.range, spec.ticks ?? ticks), spec.format ?? formatLogTick);
  }
  const nice = niceLinear(low, high, spec.tickCount ?? 5, { fixMin: true, fixMax: true });
  return withFormat(linearScale([low, high], y.range, spec.ticks ?? nice.ticks, nice.step), spec.format);
}

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
  for (const tick of scales.y.ticks) {
    const y = scales.y(tick);
    out.push(line(box.left, y, box.right, y, { stroke: COLORS.grid, width: 1 }));
    out.push(text(box.left - 6, y, scales.y.format(tick), { anchor: 'end', baseline: 'middle', size: 12, color: TEXT_COLORS.muted }));
  }
  for (const tick of scales.x.ticks) {
    const x = scales.x(tick);
    out.push(line(x, box.top, x, box.bottom, { stroke: COLORS.grid, width: 1 }));
    if (!showXLabels) continue;
    // A label centred on the last tick may run past the canvas' right edge (and print cut): there it ends at the edge.
    const label = scales.x.format(tick);
    const pastEdge = x + textWidth(label, 12) / 2 > box.right + X_LABEL_OVERHANG;
    out.push(
      text(pastEdge ? box.right + X_LABEL_OVERHANG : x, box.bottom + 16, label, {
        anchor: pastEdge ? 'end' : 'middle',
        size: 12,
        color: TEXT_COLORS.muted,
      }),
    );
  }
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

export { num };
