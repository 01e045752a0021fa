/** The scales of an xy plot: the values each axis must show, and the nice scale over them. */

import { formatLogTick } from './format';
import { linearScale, logScale, niceLinear, niceLog, type Scale } from './scale';
import type { AxisSpec, PlotContent, AxisName, SecondaryAxisSpec } from './plot-types';

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
