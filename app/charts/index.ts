/**
 * The chart kit: diagrams of calculator results drawn on the server as one SVG string each
 * (no DOM, no browser, no randomness: the same inputs give the same bytes). The page inlines
 * the string, so diagrams work without JavaScript and print in the memorial.
 * Guide: docs/charts.md.
 *
 * - `xyChart(spec)`: curves, filled areas, marked points, limit lines, hatched bands, log axes,
 *   a right axis in another unit; `xyLayout(spec)` gives its scales.
 * - `barChart(spec)`: horizontal or vertical bars (or stacks), value labels, limit lines, log axis.
 * - `stackedPanels(spec)`: plots stacked on one shared x (and sketch panels drawn by you).
 * - Primitives for schematic sketches: `canvas`, `line`, `polyline`, `polygon`, `rect`, `circle`,
 *   `arc`, `arrow`, `path`, `text`, `group`, `escapeXml`, `num`, `localId`, `hatchPattern`.
 * - Numbers: `formatValue`, `formatTick`, `formatLogTick`, `formatFixed`, `quantityLabel`.
 * - `COLORS`, `TEXT_COLORS`, `DASHES` (Okabe–Ito; never colour alone), `TEXTURES` (bar and legend fills tell
 *   apart in grey too), `namedColor` (a product named 'Azul reativo' drawn blue).
 * - `figure(...)` wraps the SVG with its id, title and summary as a calculator `Figure`.
 */

export { barChart, barLayout, type BarChartSpec, type BarLayout, type BarLimitSpec, type BarSegment, type BarSpec } from './bar-chart';
export { figure, type DrawnFigure, type FigureFrame, type FigureParts, type FigureTableParts } from './figure';
export { decimalsForStep, formatFixed, formatLogTick, formatTick, formatValue, powerOfTen, quantityLabel } from './format';
export {
  COLORS,
  DASHES,
  TEXTURES,
  TEXT_COLORS,
  lookOf,
  namedColor,
  type DashName,
  type SeriesStyle,
  type StrokeLook,
  type TextureName,
} from './palette';
export { panelsLayout, stackedPanels, type PanelSpec, type PanelsLayout, type SketchFrame, type StackedPanelsSpec } from './panels';
export type {
  AnnotationSpec,
  AreaSpec,
  ArrowSpec,
  AxisSpec,
  BandSpec,
  Box,
  LimitSpec,
  PlotContent,
  PointSpec,
  SecondaryAxisSpec,
  SeriesSpec,
} from './plot';
export { linearScale, logScale, niceLinear, niceLog, niceStep, type NiceDomain, type Scale } from './scale';
export {
  arc,
  arrow,
  canvas,
  circle,
  DEFAULT_HEIGHT,
  DEFAULT_WIDTH,
  element,
  escapeXml,
  FIGURE_MIN_WIDTH,
  FONT_FAMILY,
  MIN_FONT_SIZE,
  group,
  hatchPattern,
  line,
  localId,
  num,
  path,
  polar,
  polygon,
  polyline,
  rect,
  text,
  textWidth,
  texturePattern,
  type ArrowOptions,
  type CanvasSpec,
  type FillOptions,
  type Point,
  type StrokeOptions,
  type TextOptions,
} from './svg';
export { xyChart, xyLayout, type ChartFrame, type XYChartSpec, type XYLayout } from './xy-chart';
