/**
 * `barChart`: categories with one bar each (or a stack of segments), horizontal or vertical,
 * value labels at the bar ends, optional log value axis and limit lines across the bars.
 */

import { formatValue } from './format';
import { COLORS, TEXTURES, TEXT_COLORS, lookOf, type SeriesStyle, type TextureName } from './palette';
import { axisScale, drawLegend, type AxisSpec, type Box, type LegendItem } from './plot';
import { type Scale } from './scale';
import { canvas, DEFAULT_HEIGHT, DEFAULT_WIDTH, group, line, localId, rect, text, textWidth, texturePattern } from './svg';
import { drawNotes, type ChartFrame } from './xy-chart';

export interface BarSegment {
  readonly value: number;
  /** Legend text of the segment ('urdume'). */
  readonly label: string;
  readonly style?: SeriesStyle;
  /** A colour of its own instead of the style's: what the product is (`namedColor('Azul reativo')`). */
  readonly color?: string;
}

export interface BarSpec {
  readonly category: string;
  /** A single bar's value (ignored when `segments` are given). */
  readonly value?: number;
  /** A stacked bar: its segments in order from the axis. */
  readonly segments?: readonly BarSegment[];
  /** Text at the bar's end; default the formatted total. Put ✓/✗ here, never colour alone. */
  readonly valueLabel?: string;
  readonly style?: SeriesStyle;
  /** Bold outline and label: the user's result among the references. */
  readonly highlight?: boolean;
}

export interface BarLimitSpec {
  readonly value: number;
  readonly label: string;
  readonly style?: SeriesStyle;
}

export interface BarChartSpec extends ChartFrame {
  readonly orientation?: 'horizontal' | 'vertical';
  readonly bars: readonly BarSpec[];
  /** The value axis (title with unit; may be log). */
  readonly axis: AxisSpec;
  /** Lines across the bars at these values (breaking capacities, a target). */
  readonly limits?: readonly BarLimitSpec[];
}

export interface BarLayout {
  readonly box: Box;
  readonly value: Scale;
  /** Centre of each category along the category axis, px. */
  readonly centers: readonly number[];
  readonly thickness: number;
}

const total = (bar: BarSpec) => (bar.segments ? bar.segments.reduce((sum, segment) => sum + segment.value, 0) : (bar.value ?? 0));

/**
 * Each distinct segment label gets its own texture (in order of appearance: the first plain), so the
 * segments of a stack tell apart in a black-and-white print, where two colours may be one grey.
 */
function texturesOf(spec: BarChartSpec): Map<string, TextureName> {
  const textures = new Map<string, TextureName>();
  for (const bar of spec.bars)
    for (const segment of bar.segments ?? [])
      if (!textures.has(segment.label)) textures.set(segment.label, TEXTURES[textures.size % TEXTURES.length]!);
  return textures.size >= 2 ? textures : new Map();
}

const textureId = (spec: BarChartSpec, texture: TextureName | undefined) =>
  texture && texture !== 'none' ? localId(spec.id, `texture-${texture}`) : undefined;

function legendOf(spec: BarChartSpec): LegendItem[] {
  const seen = new Map<string, LegendItem>();
  const textures = texturesOf(spec);
  for (const bar of spec.bars) {
    for (const segment of bar.segments ?? []) {
      if (!seen.has(segment.label))
        seen.set(segment.label, {
          label: segment.label,
          style: segment.style,
          kind: 'area',
          color: segment.color,
          textureId: textureId(spec, textures.get(segment.label)),
        });
    }
  }
  return [...seen.values()];
}

/** Where the bars go and the value scale. */
export function barLayout(spec: BarChartSpec): BarLayout {
  const width = spec.width ?? DEFAULT_WIDTH;
  const height = spec.height ?? DEFAULT_HEIGHT;
  const horizontal = (spec.orientation ?? 'horizontal') === 'horizontal';
  const legend = legendOf(spec);
  const legendHeight = (spec.legend ?? legend.length >= 2) ? drawLegend(legend, 72, 8, width - 24).height : 0;
  const labelWidth = horizontal ? Math.min(220, Math.max(...spec.bars.map((bar) => textWidth(bar.category, 13)), 40) + 16) : 72;
  const valueRoom = horizontal ? Math.min(140, Math.max(...spec.bars.map((bar) => textWidth(bar.valueLabel ?? '', 13)), 40) + 16) : 24;
  const box: Box = { left: labelWidth, top: 20 + legendHeight + (horizontal ? 0 : 16), right: width - valueRoom, bottom: height - 62 };
  const values = [...spec.bars.map(total), ...(spec.limits ?? []).map((limit) => limit.value)];
  const axis: AxisSpec = spec.axis.log ? spec.axis : { includeZero: true, ...spec.axis };
  const value = horizontal ? axisScale(axis, values, [box.left, box.right], 6) : axisScale(axis, values, [box.bottom, box.top]);
  const count = Math.max(1, spec.bars.length);
  const along = horizontal ? box.bottom - box.top : box.right - box.left;
  const slot = along / count;
  const centers = spec.bars.map((_, index) => (horizontal ? box.top : box.left) + slot * (index + 0.5));
  return { box, value, centers, thickness: Math.min(48, slot * 0.62) };
}

/** A bar chart as a complete `<svg role="img">` string. */
export function barChart(spec: BarChartSpec): string {
  const width = spec.width ?? DEFAULT_WIDTH;
  const height = spec.height ?? DEFAULT_HEIGHT;
  const horizontal = (spec.orientation ?? 'horizontal') === 'horizontal';
  const { box, value, centers, thickness } = barLayout(spec);
  const origin = value.kind === 'log' ? value.domain[0] : Math.max(value.domain[0], Math.min(0, value.domain[1]));
  const out: string[] = [];
  const textures = texturesOf(spec);
  const legend = legendOf(spec);
  if (spec.legend ?? legend.length >= 2) out.push(drawLegend(legend, 72, 8, width - 24).markup);

  for (const tick of value.ticks) {
    const p = value(tick);
    if (horizontal) {
      out.push(line(p, box.top, p, box.bottom, { stroke: COLORS.grid, width: 1 }));
      out.push(text(p, box.bottom + 16, value.format(tick), { anchor: 'middle', size: 12, color: TEXT_COLORS.muted }));
    } else {
      out.push(line(box.left, p, box.right, p, { stroke: COLORS.grid, width: 1 }));
      out.push(text(box.left - 6, p, value.format(tick), { anchor: 'end', baseline: 'middle', size: 12, color: TEXT_COLORS.muted }));
    }
  }

  spec.bars.forEach((bar, index) => {
    const center = centers[index]!;
    const segments = bar.segments ?? [{ value: bar.value ?? 0, label: bar.category, style: bar.style }];
    let start = origin;
    for (const segment of segments) {
      const end = value.kind === 'log' ? Math.max(start, segment.value) : start + segment.value;
      const look = lookOf(segment.style ?? bar.style ?? 'primary');
      const a = value(start);
      const b = value(end);
      const fill = 'color' in segment && segment.color ? segment.color : look.stroke;
      const outline = {
        fill,
        fillOpacity: bar.highlight ? 0.9 : 0.65,
        stroke: bar.highlight ? COLORS.ink : fill,
        width: bar.highlight ? 2 : 1,
      };
      const [x, y, w, h] = horizontal
        ? [Math.min(a, b), center - thickness / 2, Math.abs(b - a), thickness]
        : [center - thickness / 2, Math.min(a, b), thickness, Math.abs(b - a)];
      out.push(rect(x, y, w, h, outline));
      const texture = textureId(spec, textures.get(segment.label));
      if (texture) out.push(rect(x, y, w, h, { fill: `url(#${texture})` }));
      start = end;
    }
    const end = value(value.kind === 'log' ? Math.max(origin, total(bar)) : origin + total(bar));
    const label = bar.valueLabel ?? formatValue(total(bar));
    const weight = bar.highlight ? 'bold' : 'normal';
    if (horizontal) {
      out.push(text(box.left - 8, center, bar.category, { anchor: 'end', baseline: 'middle', size: 13, weight }));
      out.push(text(end + 6, center, label, { baseline: 'middle', size: 13, weight, halo: true }));
    } else {
      out.push(text(center, box.bottom + 16, bar.category, { anchor: 'middle', size: 12, weight }));
      out.push(text(center, end - 6, label, { anchor: 'middle', size: 12, weight, halo: true }));
    }
  });

  for (const limit of spec.limits ?? []) {
    const look = lookOf(limit.style ?? 'limit');
    const p = value(limit.value);
    if (horizontal) {
      out.push(line(p, box.top - 6, p, box.bottom, { stroke: look.stroke, width: look.width, dash: look.dash || undefined }));
      out.push(text(p, box.top - 10, limit.label, { anchor: 'middle', size: 12, color: look.text, halo: true }));
    } else {
      out.push(line(box.left, p, box.right, p, { stroke: look.stroke, width: look.width, dash: look.dash || undefined }));
      out.push(text(box.right - 4, p - 5, limit.label, { anchor: 'end', size: 12, color: look.text, halo: true }));
    }
  }

  out.push(line(box.left, box.top, box.left, box.bottom, { stroke: COLORS.ink, width: 1.5 }));
  out.push(line(box.left, box.bottom, box.right, box.bottom, { stroke: COLORS.ink, width: 1.5 }));
  out.push(
    horizontal
      ? text((box.left + box.right) / 2, box.bottom + 38, spec.axis.title, { anchor: 'middle', size: 13 })
      : text(16, (box.top + box.bottom) / 2, spec.axis.title, { anchor: 'middle', baseline: 'middle', rotate: -90, size: 13 }),
  );

  return canvas({
    id: spec.id,
    title: spec.title,
    description: spec.description,
    width,
    height,
    defs: [...new Set(textures.values())]
      .filter((texture) => texture !== 'none')
      .map((texture) => texturePattern(localId(spec.id, `texture-${texture}`), texture)),
    children: [group(out), ...drawNotes(spec.notes, width - 8, height - 6)],
  });
}
