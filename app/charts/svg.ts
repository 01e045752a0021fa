/**
 * Low-level SVG primitives: each returns a string of markup with every text escaped.
 * Only presentation attributes are written (fill, stroke, font-size…): the production CSP
 * forbids inline styles, so never a `style` attribute nor a `<style>` element.
 * Coordinates are rounded to 0,1 px so the output is short and deterministic.
 */

import { COLORS, TEXT_COLORS, type TextureName } from './palette';

export const FONT_FAMILY = 'system-ui, -apple-system, Segoe UI, Roboto, Helvetica, Arial, sans-serif';
export const DEFAULT_WIDTH = 720;
/**
 * The smallest text a figure may hold, in viewBox px. On a phone the page keeps a 720-wide figure at
 * least `FIGURE_MIN_WIDTH` px wide (scrolling sideways in its own box), so 12 is still above 11 px on screen.
 */
export const MIN_FONT_SIZE = 12;
export const FIGURE_MIN_WIDTH = 672;
export const DEFAULT_HEIGHT = 440;

/** Escapes text for use in SVG/XML content and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** A coordinate rounded to one decimal ('-0' becomes '0'). */
export function num(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return Object.is(rounded, -0) ? '0' : String(rounded);
}

export type AttributeValue = string | number | undefined | null | false;
export type Attributes = Readonly<Record<string, AttributeValue>>;

const NAME = /^[a-zA-Z][a-zA-Z0-9:-]*$/;

/** `name="value"` pairs in the given order; numbers are rounded, empty values are left out. */
export function attributes(attrs: Attributes): string {
  let out = '';
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false || value === '') continue;
    if (!NAME.test(name) || name.toLowerCase() === 'style' || name.toLowerCase().startsWith('on')) {
      throw new Error(`Atributo SVG não permitido: ${name}`);
    }
    out += ` ${name}="${typeof value === 'number' ? num(value) : escapeXml(value)}"`;
  }
  return out;
}

/** Any element; `children` is markup already built by these functions (never raw user text). */
export function element(name: string, attrs: Attributes = {}, children: string | readonly string[] = ''): string {
  const body = typeof children === 'string' ? children : children.join('');
  return body ? `<${name}${attributes(attrs)}>${body}</${name}>` : `<${name}${attributes(attrs)}/>`;
}

export interface StrokeOptions {
  readonly stroke?: string;
  readonly width?: number;
  readonly dash?: string;
  readonly opacity?: number;
  readonly linecap?: 'butt' | 'round' | 'square';
  /** A line labels keep off (`data-curve`): curves, limits, arrows; the label-overlap tests read it. */
  readonly curve?: boolean;
}

const strokeAttrs = (options: StrokeOptions, fallbackWidth = 1.5): Attributes => ({
  stroke: options.stroke ?? COLORS.ink,
  'stroke-width': options.width ?? fallbackWidth,
  'stroke-dasharray': options.dash,
  'stroke-opacity': options.opacity,
  'stroke-linecap': options.linecap,
  'data-curve': options.curve ? '1' : undefined,
});

export function line(x1: number, y1: number, x2: number, y2: number, options: StrokeOptions = {}): string {
  return element('line', { x1, y1, x2, y2, ...strokeAttrs(options) });
}

export type Point = readonly [number, number];

/** How far (viewBox px) a drawn line may stray from the points given: under the 0,1 px rounding's own error, so nothing shows. */
const SIMPLIFY_TOLERANCE = 0.1;

const distanceToChord = ([x, y]: Point, [x1, y1]: Point, [x2, y2]: Point) => {
  const dx = x2 - x1;
  const dy = y2 - y1;
  const length = Math.hypot(dx, dy);
  return length === 0 ? Math.hypot(x - x1, y - y1) : Math.abs(dy * x - dx * y + x2 * y1 - y2 * x1) / length;
};

/**
 * The points a polyline needs to look the same (Ramer–Douglas–Peucker within `tolerance`): a sampled
 * straight stretch (a shear diagram's slope, a constant) keeps its two ends, a curve the points its bend needs.
 */
export function simplifyPoints(points: readonly Point[], tolerance = SIMPLIFY_TOLERANCE): readonly Point[] {
  if (points.length < 3) return points;
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  const stack: Array<[number, number]> = [[0, points.length - 1]];
  while (stack.length > 0) {
    const [first, last] = stack.pop()!;
    let farthest = -1;
    let distance = tolerance;
    for (let index = first + 1; index < last; index += 1) {
      const away = distanceToChord(points[index]!, points[first]!, points[last]!);
      if (away > distance) {
        distance = away;
        farthest = index;
      }
    }
    if (farthest < 0) continue;
    keep[farthest] = 1;
    stack.push([first, farthest], [farthest, last]);
  }
  return points.filter((_, index) => keep[index] === 1);
}

const pointList = (points: readonly Point[]) =>
  simplifyPoints(points)
    .map(([x, y]) => `${num(x)},${num(y)}`)
    .join(' ');

export function polyline(points: readonly Point[], options: StrokeOptions = {}): string {
  if (points.length < 2) return '';
  return element('polyline', { points: pointList(points), fill: 'none', 'stroke-linejoin': 'round', ...strokeAttrs(options) });
}

export interface FillOptions extends StrokeOptions {
  readonly fill?: string;
  readonly fillOpacity?: number;
}

const fillAttrs = (options: FillOptions): Attributes => ({
  fill: options.fill ?? 'none',
  'fill-opacity': options.fillOpacity,
  ...(options.stroke || options.width ? strokeAttrs(options) : {}),
});

export function polygon(points: readonly Point[], options: FillOptions = {}): string {
  if (points.length < 3) return '';
  return element('polygon', { points: pointList(points), ...fillAttrs(options) });
}

export function rect(x: number, y: number, width: number, height: number, options: FillOptions & { readonly rx?: number } = {}): string {
  return element('rect', { x, y, width: Math.max(0, width), height: Math.max(0, height), rx: options.rx, ...fillAttrs(options) });
}

export function circle(cx: number, cy: number, r: number, options: FillOptions = {}): string {
  return element('circle', { cx, cy, r, ...fillAttrs(options) });
}

export type Segment = readonly [x1: number, y1: number, x2: number, y2: number];

/** Many straight lines of one look as one `<path>` (a grid): the same drawing as a `<line>` each, in a fraction of the bytes. */
export function segments(list: readonly Segment[], options: StrokeOptions = {}): string {
  if (list.length === 0) return '';
  const d = list
    .map(([x1, y1, x2, y2]) => {
      const [fromX, fromY, toX, toY] = [num(x1), num(y1), num(x2), num(y2)];
      const to = fromY === toY ? `H${toX}` : fromX === toX ? `V${toY}` : `L${toX} ${toY}`;
      return `M${fromX} ${fromY}${to}`;
    })
    .join('');
  return element('path', { d, fill: 'none', ...strokeAttrs(options) });
}

/** A path from a `d` string the caller builds with `num()` coordinates. */
export function path(d: string, options: FillOptions = {}): string {
  return element('path', { d, ...fillAttrs(options) });
}

/** The point at `degrees` (counter-clockwise from +x, as seen on screen) on a circle. */
export function polar(cx: number, cy: number, r: number, degrees: number): Point {
  const radians = (degrees * Math.PI) / 180;
  return [cx + r * Math.cos(radians), cy - r * Math.sin(radians)];
}

/** An arc from `fromDegrees` to `toDegrees`, counter-clockwise on screen (angle marks, shaft sketches). */
export function arc(cx: number, cy: number, r: number, fromDegrees: number, toDegrees: number, options: StrokeOptions = {}): string {
  const sweep = toDegrees - fromDegrees;
  const [x1, y1] = polar(cx, cy, r, fromDegrees);
  const [x2, y2] = polar(cx, cy, r, toDegrees);
  const large = Math.abs(sweep) > 180 ? 1 : 0;
  const direction = sweep > 0 ? 0 : 1;
  return path(`M${num(x1)} ${num(y1)}A${num(r)} ${num(r)} 0 ${large} ${direction} ${num(x2)} ${num(y2)}`, {
    ...options,
    fill: 'none',
    stroke: options.stroke ?? COLORS.ink,
    width: options.width ?? 1.5,
  });
}

export interface ArrowOptions extends StrokeOptions {
  /** Length of the head, px (default 9). */
  readonly head?: number;
  /** Heads at both ends (dimension lines). */
  readonly both?: boolean;
}

function arrowHead(fromX: number, fromY: number, toX: number, toY: number, size: number, color: string): string {
  const angle = Math.atan2(toY - fromY, toX - fromX);
  const spread = Math.PI / 7;
  const left: Point = [toX - size * Math.cos(angle - spread), toY - size * Math.sin(angle - spread)];
  const right: Point = [toX - size * Math.cos(angle + spread), toY - size * Math.sin(angle + spread)];
  return polygon([[toX, toY], left, right], { fill: color });
}

/** A line with a filled head at (x2, y2) (and at (x1, y1) with `both`); drawn without markers, so no ids. */
export function arrow(x1: number, y1: number, x2: number, y2: number, options: ArrowOptions = {}): string {
  const head = options.head ?? 9;
  const color = options.stroke ?? COLORS.ink;
  const length = Math.hypot(x2 - x1, y2 - y1);
  if (length === 0) return '';
  const shorten = Math.min(head * 0.8, length / 2);
  const ux = (x2 - x1) / length;
  const uy = (y2 - y1) / length;
  const start: Point = options.both ? [x1 + ux * shorten, y1 + uy * shorten] : [x1, y1];
  const end: Point = [x2 - ux * shorten, y2 - uy * shorten];
  return group([
    line(start[0], start[1], end[0], end[1], options),
    arrowHead(x1, y1, x2, y2, head, color),
    options.both ? arrowHead(x2, y2, x1, y1, head, color) : '',
  ]);
}

export interface TextOptions {
  readonly size?: number;
  readonly anchor?: 'start' | 'middle' | 'end';
  /** Vertical alignment of the baseline ('middle' centres on y). */
  readonly baseline?: 'auto' | 'middle' | 'hanging';
  readonly color?: string;
  readonly weight?: 'normal' | 'bold';
  readonly italic?: boolean;
  /** Degrees, around (x, y). */
  readonly rotate?: number;
  /** A white outline behind the letters, so labels stay readable over lines and fills. */
  readonly halo?: boolean;
  /** Placed by the kit's label placement (`data-label`): kept off lines and other labels, which tests check. */
  readonly placed?: boolean;
}

/** The canvas' own text look (its root attributes): a text in it writes only what differs. */
const CANVAS_TEXT = { size: 13, color: TEXT_COLORS.ink } as const;

type TextLook = Omit<TextOptions, 'rotate' | 'placed'>;

/** The presentation attributes of a text's look, leaving out what the canvas root already says. */
const textLookAttrs = (options: TextLook): Attributes => {
  const size = Math.max(options.size ?? CANVAS_TEXT.size, MIN_FONT_SIZE);
  const color = options.color ?? CANVAS_TEXT.color;
  return {
    'font-size': size === CANVAS_TEXT.size ? undefined : size,
    'text-anchor': options.anchor && options.anchor !== 'start' ? options.anchor : undefined,
    'dominant-baseline':
      options.baseline && options.baseline !== 'auto' ? (options.baseline === 'middle' ? 'central' : 'hanging') : undefined,
    fill: color === CANVAS_TEXT.color ? undefined : color,
    'font-weight': options.weight === 'bold' ? 'bold' : undefined,
    'font-style': options.italic ? 'italic' : undefined,
    stroke: options.halo ? COLORS.paper : undefined,
    'stroke-width': options.halo ? 3 : undefined,
    'stroke-linejoin': options.halo ? 'round' : undefined,
    'paint-order': options.halo ? 'stroke' : undefined,
  };
};

/** One line of text, escaped; inside `canvas` only (the font's size and colour default to its root's). */
export function text(x: number, y: number, content: string, options: TextOptions = {}): string {
  return element(
    'text',
    {
      x,
      y,
      ...textLookAttrs(options),
      transform: options.rotate ? `rotate(${num(options.rotate)} ${num(x)} ${num(y)})` : undefined,
      'data-label': options.placed ? '1' : undefined,
    },
    escapeXml(content),
  );
}

export interface TextItem {
  readonly x: number;
  readonly y: number;
  readonly content: string;
  /** Overrides the group's anchor for this text. */
  readonly anchor?: TextOptions['anchor'];
}

/** Texts of one look (an axis' tick labels): the look is written once, on their `<g>`. */
export function textGroup(look: TextLook, items: readonly TextItem[]): string {
  if (items.length === 0) return '';
  const groupAnchor = look.anchor ?? 'start';
  return element(
    'g',
    textLookAttrs(look),
    items.map((item) =>
      element(
        'text',
        { x: item.x, y: item.y, 'text-anchor': item.anchor && item.anchor !== groupAnchor ? item.anchor : undefined },
        escapeXml(item.content),
      ),
    ),
  );
}

/** Rough width of a text in px (system sans-serif averages ~0,56 em); enough to place labels. */
export function textWidth(content: string, size = 13): number {
  return [...content].length * size * 0.58;
}

/** Groups markup, optionally translated (`translate: [dx, dy]`) or labelled for assistive tech. */
export function group(children: readonly string[] | string, options: { readonly translate?: Point; readonly label?: string } = {}): string {
  const transform = options.translate ? `translate(${num(options.translate[0])} ${num(options.translate[1])})` : undefined;
  return element('g', { transform, 'aria-label': options.label }, children);
}

/** Ids inside one figure: `figureId` must be kebab-case; the suffix names the piece ('title', 'hatch'). */
export function localId(figureId: string, suffix: string): string {
  return `fig-${figureId.replace(/[^a-zA-Z0-9_-]/g, '-')}-${suffix}`;
}

/** A diagonal hatch pattern (put it in the canvas `defs`), used by bands through `fill="url(#id)"`. */
export function hatchPattern(id: string, color: string = COLORS.reference, spacing = 8): string {
  return element('pattern', { id, width: spacing, height: spacing, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' }, [
    line(0, 0, 0, spacing, { stroke: color, width: 1.5 }),
  ]);
}

/** A texture's `<pattern>` (put it in the canvas `defs`): dark marks over a fill, so a grey print still tells fills apart. */
export function texturePattern(id: string, texture: TextureName): string {
  const ink = { stroke: COLORS.ink, width: 1.2, opacity: 0.7 };
  const marks: Record<TextureName, { size: number; rotate?: number; children: string[] }> = {
    none: { size: 6, children: [] },
    diagonal: { size: 6, rotate: 45, children: [line(0, 0, 0, 6, ink)] },
    backDiagonal: { size: 6, rotate: -45, children: [line(0, 0, 0, 6, ink)] },
    crosshatch: { size: 7, rotate: 45, children: [line(0, 0, 0, 7, ink), line(0, 0, 7, 0, ink)] },
    horizontal: { size: 5, children: [line(0, 0, 5, 0, ink)] },
    vertical: { size: 5, children: [line(0, 0, 0, 5, ink)] },
    grid: { size: 7, children: [line(0, 0, 0, 7, ink), line(0, 0, 7, 0, ink)] },
    dots: { size: 6, children: [circle(3, 3, 1.3, { fill: COLORS.ink, fillOpacity: 0.8 })] },
  };
  const { size, rotate, children } = marks[texture];
  return element(
    'pattern',
    { id, width: size, height: size, patternUnits: 'userSpaceOnUse', patternTransform: rotate ? `rotate(${rotate})` : undefined },
    children.length ? children : [rect(0, 0, 0, 0)],
  );
}

export interface CanvasSpec {
  /** The figure's id (kebab-case); every id inside derives from it, so two figures on a page never collide. */
  readonly id: string;
  /** Short name, the SVG `<title>` (Portuguese). */
  readonly title: string;
  /** The key numbers in a sentence, the SVG `<desc>` (Portuguese). */
  readonly description: string;
  readonly width?: number;
  readonly height?: number;
  /** Definitions (patterns) made with `localId`. */
  readonly defs?: readonly string[];
  readonly children: readonly string[];
}

/**
 * The outer `<svg role="img">`: scales to its container's width (height follows the viewBox),
 * white paper, system sans-serif at 13 px in ink (a text says only what differs), `<title>` and `<desc>` referenced by aria-labelledby.
 */
export function canvas(spec: CanvasSpec): string {
  const width = spec.width ?? DEFAULT_WIDTH;
  const height = spec.height ?? DEFAULT_HEIGHT;
  const titleId = localId(spec.id, 'title');
  const descId = localId(spec.id, 'desc');
  return element(
    'svg',
    {
      xmlns: 'http://www.w3.org/2000/svg',
      viewBox: `0 0 ${num(width)} ${num(height)}`,
      width: '100%',
      role: 'img',
      'aria-labelledby': titleId,
      'aria-describedby': descId,
      'font-family': FONT_FAMILY,
      'font-size': CANVAS_TEXT.size,
      fill: CANVAS_TEXT.color,
      'data-figure': spec.id,
    },
    [
      element('title', { id: titleId }, escapeXml(spec.title)),
      element('desc', { id: descId }, escapeXml(spec.description)),
      spec.defs && spec.defs.length > 0 ? element('defs', {}, spec.defs) : '',
      rect(0, 0, width, height, { fill: COLORS.paper }),
      ...spec.children,
    ],
  );
}
