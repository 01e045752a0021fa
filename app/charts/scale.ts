/**
 * Scales (data → px) and "nice" ticks: linear ticks step by 1, 2 or 5 × 10ⁿ; log ticks are the
 * decades, with 2 and 5 between them when the axis spans few decades.
 */

import { formatLogTick, formatTick } from './format';

/** The 1–2–5 step that splits `span` into about `count` intervals: (100, 5) → 20; (0,7, 5) → 0,1. */
export function niceStep(span: number, count = 5): number {
  if (!Number.isFinite(span) || span <= 0) return 1;
  const raw = span / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(raw));
  const fraction = raw / power;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10;
  return nice * power;
}

/** Rounds away floating-point dust: 0.30000000000000004 → 0.3. */
const clean = (value: number) => Number(value.toPrecision(12));

export interface NiceDomain {
  readonly min: number;
  readonly max: number;
  readonly step: number;
  readonly ticks: readonly number[];
}

/**
 * Extends [min, max] to whole steps and lists the ticks. A fixed end (`fixMin`/`fixMax`) stays as
 * given and keeps only the ticks inside it. An empty range grows around its value.
 */
export function niceLinear(min: number, max: number, count = 5, fixed: { fixMin?: boolean; fixMax?: boolean } = {}): NiceDomain {
  let low = Math.min(min, max);
  let high = Math.max(min, max);
  if (!Number.isFinite(low) || !Number.isFinite(high)) {
    low = 0;
    high = 1;
  }
  if (high === low) {
    const pad = low === 0 ? 1 : Math.abs(low) * 0.1;
    if (!fixed.fixMin) low -= pad;
    if (!fixed.fixMax || fixed.fixMin) high += pad;
  }
  if (!(high - low >= 1e-200)) {
    // A span near the smallest doubles (5e-324 kWh from extreme inputs) has no step a float can hold: a unit range instead.
    if (!fixed.fixMin) low = Math.floor(low);
    high = low + 1;
  }
  const step = niceStep(high - low, count);
  const niceLow = fixed.fixMin ? low : clean(Math.floor(low / step + 1e-9) * step);
  const niceHigh = fixed.fixMax ? high : clean(Math.ceil(high / step - 1e-9) * step);
  const ticks: number[] = [];
  const first = Math.ceil(niceLow / step - 1e-9);
  const last = Math.floor(niceHigh / step + 1e-9);
  for (let index = first; index <= last && ticks.length < 200; index += 1) ticks.push(clean(index * step));
  return { min: niceLow, max: niceHigh, step, ticks };
}

/** Decades covering [min, max] (both > 0) and the ticks: decades, plus 2 and 5 when they span ≤ 3 decades. */
export function niceLog(min: number, max: number): NiceDomain {
  const low = Number.isFinite(min) && min > 0 ? min : 1;
  const high = Number.isFinite(max) && max > low ? max : low * 10;
  const firstExponent = Math.floor(Math.log10(low) + 1e-9);
  const lastExponent = Math.max(firstExponent + 1, Math.ceil(Math.log10(high) - 1e-9));
  const withSubs = lastExponent - firstExponent <= 3;
  const ticks: number[] = [];
  for (let exponent = firstExponent; exponent <= lastExponent; exponent += 1) {
    const decade = clean(10 ** exponent);
    ticks.push(decade);
    if (withSubs && exponent < lastExponent) ticks.push(clean(2 * decade), clean(5 * decade));
  }
  return { min: clean(10 ** firstExponent), max: clean(10 ** lastExponent), step: 10, ticks };
}

/** A data → px mapping along one axis. */
export interface Scale {
  (value: number): number;
  readonly kind: 'linear' | 'log';
  readonly domain: readonly [number, number];
  readonly range: readonly [number, number];
  readonly ticks: readonly number[];
  /** The tick text in pt-BR. */
  format(value: number): string;
  /** px → data. */
  invert(px: number): number;
}

/** Linear scale from `domain` to `range` (px). Values outside the domain extrapolate. */
export function linearScale(
  domain: readonly [number, number],
  range: readonly [number, number],
  ticks: readonly number[] = [],
  step?: number,
): Scale {
  const [d0, d1] = domain;
  const [r0, r1] = range;
  const span = d1 - d0 || 1;
  const tickStep = step ?? (ticks.length > 1 ? ticks[1]! - ticks[0]! : niceStep(span));
  const scale = ((value: number) => r0 + ((value - d0) / span) * (r1 - r0)) as Scale;
  return Object.assign(scale, {
    kind: 'linear' as const,
    domain,
    range,
    ticks,
    format: (value: number) => formatTick(value, tickStep),
    invert: (px: number) => d0 + ((px - r0) / (r1 - r0 || 1)) * span,
  });
}

/** Log10 scale; values ≤ 0 are clamped to the domain's lower end. */
export function logScale(domain: readonly [number, number], range: readonly [number, number], ticks: readonly number[] = []): Scale {
  const [d0, d1] = domain;
  const [r0, r1] = range;
  const l0 = Math.log10(d0);
  const span = Math.log10(d1) - l0 || 1;
  const scale = ((value: number) => r0 + ((Math.log10(value > 0 ? value : d0) - l0) / span) * (r1 - r0)) as Scale;
  return Object.assign(scale, {
    kind: 'log' as const,
    domain,
    range,
    ticks,
    format: formatLogTick,
    invert: (px: number) => 10 ** (l0 + ((px - r0) / (r1 - r0 || 1)) * span),
  });
}
