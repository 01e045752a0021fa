import { arc, arrow, canvas, circle, COLORS, figure, formatValue, line, polar, text, TEXT_COLORS, type Point } from '../../charts';
import { type Figure } from '../types';

/** What the drawing needs from a belt-drive result: lengths in mm, angles in rad, forces in N. */
export interface BeltDriveNumbers {
  readonly small: number;
  readonly large: number;
  readonly centre: number;
  readonly length: number;
  readonly phi: number;
  readonly smallWrap: number;
  readonly largeWrap: number;
  readonly speedRpm: number;
  readonly drivenRpm: number;
  readonly beltSpeed: number;
  readonly ratio: number;
  readonly tightTension: number;
  readonly slackTension: number;
  /** Span tensions without the centrifugal part (what loads the shafts). */
  readonly tightNet: number;
  readonly slackNet: number;
  readonly shaftLoad: number;
}

const WIDTH = 720;
const HEIGHT = 440;
/** The drawing area, px. */
const AREA = { left: 150, right: 570, top: 80, bottom: 330 } as const;
/** 720 px printed 16 cm wide (research notes, diagram conventions): 4,5 px per paper millimetre. */
const PX_PER_PAPER_MM = WIDTH / 160;
/** Drawing scales of the 1–2–5 series (ISO 5455): paper mm per real mm. */
const SCALES = [5, 2, 1, 0.5, 0.2, 0.1, 0.05, 0.02, 0.01, 0.005, 0.002, 0.001, 0.0005, 0.0002, 0.0001];

const v = (value: number, digits = 4) => formatValue(value, digits);
const deg = (radians: number) => (radians * 180) / Math.PI;

function scaleText(ratio: number): string {
  return ratio >= 1 ? `escala ${formatValue(ratio, 3)}:1` : `escala 1:${formatValue(1 / ratio, 6)}`;
}

/** A scale bar of a round length that fits in about 120 px. */
function scaleBar(pxPerMm: number, x: number, y: number): string {
  const candidates = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000];
  const length = [...candidates].reverse().find((mm) => mm * pxPerMm <= 120) ?? 1;
  const px = length * pxPerMm;
  return [
    line(x, y, x + px, y, { stroke: COLORS.ink, width: 2 }),
    line(x, y - 5, x, y + 5, { stroke: COLORS.ink, width: 1.5 }),
    line(x + px, y - 5, x + px, y + 5, { stroke: COLORS.ink, width: 1.5 }),
    text(x + px + 8, y + 4, `${v(length, 6)} mm`, { size: 12, color: TEXT_COLORS.muted }),
  ].join('');
}

/** The two-line headings over the pulleys; side by side around the middle when the pulleys are close. */
function header(x1: number, x2: number, driver: readonly [string, string], driven: readonly [string, string]): string[] {
  const close = x2 - x1 < 260;
  const middle = (x1 + x2) / 2;
  const place = (lines: readonly [string, string], x: number, anchor: 'start' | 'middle' | 'end') => [
    text(x, AREA.top - 52, lines[0], { anchor, size: 13, weight: 'bold' }),
    text(x, AREA.top - 34, lines[1], { anchor, size: 13, color: TEXT_COLORS.primary }),
  ];
  return close
    ? [...place(driver, middle - 12, 'end'), ...place(driven, middle + 12, 'start')]
    : [...place(driver, x1, 'middle'), ...place(driven, x2, 'middle')];
}

/**
 * "Geometria da transmissão" (research notes, transmissao-correia), to scale: the pulleys at
 * their centre distance, the tight span (thick, solid) and the slack span (dashed), the wrap
 * angles, the span tensions and the resultant load on each shaft. The driver (small pulley, left)
 * turns clockwise, so the lower span is the tight one.
 */
export function beltDriveFigures(numbers: BeltDriveNumbers): Figure[] {
  const {
    small,
    large,
    centre,
    length,
    phi,
    smallWrap,
    largeWrap,
    speedRpm,
    drivenRpm,
    beltSpeed,
    ratio,
    tightTension,
    slackTension,
    tightNet,
    slackNet,
    shaftLoad,
  } = numbers;
  const r = small / 2;
  const R = large / 2;
  const maxPxPerMm = Math.min((AREA.right - AREA.left) / (centre + r + R), (AREA.bottom - AREA.top) / large);
  const paperRatio = SCALES.find((candidate) => candidate * PX_PER_PAPER_MM <= maxPxPerMm) ?? SCALES[SCALES.length - 1]!;
  const s = paperRatio * PX_PER_PAPER_MM;
  const drawnWidth = (centre + r + R) * s;
  const cy = (AREA.top + AREA.bottom) / 2;
  const x1 = (AREA.left + AREA.right - drawnWidth) / 2 + r * s;
  const x2 = x1 + centre * s;
  const phiDeg = deg(phi);

  // Tangent points: upper at 90° + φ on both pulleys, lower at −(90° + φ) (angles counter-clockwise on screen).
  const upperSmall = polar(x1, cy, r * s, 90 + phiDeg);
  const upperLarge = polar(x2, cy, R * s, 90 + phiDeg);
  const lowerSmall = polar(x1, cy, r * s, -(90 + phiDeg));
  const lowerLarge = polar(x2, cy, R * s, -(90 + phiDeg));
  const midpoint = (a: Point, b: Point): Point => [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
  const unit = (from: Point, to: Point): Point => {
    const size = Math.hypot(to[0] - from[0], to[1] - from[1]) || 1;
    return [(to[0] - from[0]) / size, (to[1] - from[1]) / size];
  };

  // Shaft load on the driver: the span tensions pull it towards the driven pulley along both spans.
  const alongLower = unit(lowerSmall, lowerLarge);
  const alongUpper = unit(upperSmall, upperLarge);
  const resultant: Point = [tightNet * alongLower[0] + slackNet * alongUpper[0], tightNet * alongLower[1] + slackNet * alongUpper[1]];
  const direction = unit([0, 0], resultant);
  const hubArrow = Math.max(36, Math.min(70, r * s * 1.4));

  const tightMid = midpoint(lowerSmall, lowerLarge);
  const slackMid = midpoint(upperSmall, upperLarge);
  const towardsSmall = unit(lowerLarge, lowerSmall);
  const awayFromSmall = alongUpper;
  const dimensionY = Math.min(cy + R * s + 34, AREA.bottom + 40);

  const summary =
    `Transmissão desenhada em escala (${scaleText(paperRatio)} com 16 cm de largura): polia motora d = ${v(small)} mm a ${v(speedRpm)} rpm, polia movida D = ${v(large)} mm a ${v(drivenRpm)} rpm, C = ${v(centre)} mm, L = ${v(length)} mm. ` +
    `Abraçamento θ_d = ${v(deg(smallWrap))}° e θ_D = ${v(deg(largeWrap))}°. Lado tenso F₁ = ${v(tightTension)} N (embaixo), lado frouxo F₂ = ${v(slackTension)} N; carga em cada eixo F_eixo = ${v(shaftLoad)} N. ` +
    `v = ${v(beltSpeed, 3)} m/s; i = ${v(ratio)}.`;

  return [
    figure({ id: 'geometria-transmissao', title: 'Geometria da transmissão', summary }, (frame) =>
      canvas({
        ...frame,
        width: WIDTH,
        height: HEIGHT,
        children: [
          // Pulleys and their centres.
          circle(x1, cy, r * s, { stroke: COLORS.reference, width: 1.5 }),
          circle(x2, cy, R * s, { stroke: COLORS.reference, width: 1.5 }),
          circle(x1, cy, 2.5, { fill: COLORS.ink }),
          circle(x2, cy, 2.5, { fill: COLORS.ink }),
          // Belt: wrapped arcs, tight lower span, slack upper span.
          arc(x1, cy, r * s, 90 + phiDeg, 270 - phiDeg, { stroke: COLORS.primary, width: 3 }),
          arc(x2, cy, R * s, -(90 + phiDeg), 90 + phiDeg, { stroke: COLORS.primary, width: 3 }),
          line(lowerSmall[0], lowerSmall[1], lowerLarge[0], lowerLarge[1], { stroke: COLORS.primary, width: 4.5 }),
          line(upperSmall[0], upperSmall[1], upperLarge[0], upperLarge[1], { stroke: COLORS.primary, width: 2, dash: '8 5' }),
          // Span tensions.
          arrow(
            tightMid[0] + towardsSmall[0] * 20,
            tightMid[1] + towardsSmall[1] * 20 + 14,
            tightMid[0] + towardsSmall[0] * 70,
            tightMid[1] + towardsSmall[1] * 70 + 14,
            { stroke: COLORS.limit, width: 2 },
          ),
          text(tightMid[0], tightMid[1] + 40, `lado tenso F₁ = ${v(tightTension)} N`, {
            anchor: 'middle',
            size: 13,
            color: TEXT_COLORS.limit,
            halo: true,
          }),
          arrow(
            slackMid[0] + awayFromSmall[0] * 20,
            slackMid[1] + awayFromSmall[1] * 20 - 14,
            slackMid[0] + awayFromSmall[0] * 70,
            slackMid[1] + awayFromSmall[1] * 70 - 14,
            { stroke: COLORS.secondary, width: 2 },
          ),
          text(slackMid[0], slackMid[1] - 28, `lado frouxo F₂ = ${v(slackTension)} N (tracejado)`, {
            anchor: 'middle',
            size: 13,
            color: TEXT_COLORS.secondary,
            halo: true,
          }),
          // Resultant shaft loads: on the driver towards the driven pulley, and the reverse.
          arrow(x1, cy, x1 + direction[0] * hubArrow, cy + direction[1] * hubArrow, { stroke: COLORS.ink, width: 2.5 }),
          arrow(x2, cy, x2 - direction[0] * hubArrow, cy - direction[1] * hubArrow, { stroke: COLORS.ink, width: 2.5 }),
          text(x1 - r * s - 8, cy + 4, `F_eixo = ${v(shaftLoad)} N →`, { anchor: 'end', size: 12, halo: true }),
          text(x2 + R * s + 8, cy + 4, `← F_eixo = ${v(shaftLoad)} N`, { anchor: 'start', size: 12, halo: true }),
          // Speeds, wrap angles and sizes.
          ...header(
            x1,
            x2,
            [`motora: d = ${v(small)} mm`, `n₁ = ${v(speedRpm)} rpm ↻; θ_d = ${v(deg(smallWrap))}°`],
            [`movida: D = ${v(large)} mm`, `n₂ = ${v(drivenRpm)} rpm ↻; θ_D = ${v(deg(largeWrap))}°`],
          ),
          // Centre distance and belt length.
          arrow(x1, dimensionY, x2, dimensionY, { both: true, stroke: COLORS.ink, width: 1.5, head: 8 }),
          text((x1 + x2) / 2, dimensionY + 18, `C = ${v(centre)} mm; L = ${v(length)} mm`, { anchor: 'middle', size: 13, halo: true }),
          // Legend and scale.
          text(20, HEIGHT - 52, `v = ${v(beltSpeed, 3)} m/s; i = ${v(ratio)}`, { size: 13, weight: 'bold' }),
          text(20, HEIGHT - 34, 'setas nos ramos: sentido do movimento da correia; setas nos eixos: carga resultante', {
            size: 12,
            color: TEXT_COLORS.muted,
          }),
          scaleBar(s, 20, HEIGHT - 14),
          text(WIDTH - 8, HEIGHT - 8, `${scaleText(paperRatio)} (impresso com 16 cm de largura)`, {
            anchor: 'end',
            size: 12,
            italic: true,
            color: TEXT_COLORS.muted,
          }),
        ],
      }),
    ),
  ];
}
