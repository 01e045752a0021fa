/** What an xy plot is given: its axes, series, areas, points, limits, bands, notes and arrows (drawn by plot.ts). */

import type { DashName, SeriesStyle } from './palette';
import type { Scale } from './scale';
import type { Point } from './svg';

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
