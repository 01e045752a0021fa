import { arc, canvas, COLORS, figure, formatFixed, formatValue, line, rect, text, TEXT_COLORS, xyChart, type Point } from '../../charts';
import { type Figure } from '../types';

/** What the drawings need from a twist result. */
export interface TwistNumbers {
  readonly ne: number;
  readonly tex: number;
  readonly tpi: number;
  readonly tpm: number;
  readonly alphaE: number;
  /** Degrees. */
  readonly surfaceAngle: number;
}

const ISO_ALPHAS = [2.5, 3, 3.5, 4, 4.5, 5] as const;
const NE_TICKS = [1, 2, 5, 10, 20, 50, 100, 200, 500] as const;
const INCH = 0.0254;
const v = (value: number, digits = 4) => formatValue(value, digits);

/** Ne range of the chart: 5–100 (the notes), stretched to hold the user's count. */
function countRange(ne: number): readonly [number, number] {
  return [Math.min(5, ne / 1.5), Math.max(100, ne * 1.5)];
}

function twistChart(numbers: TwistNumbers): Figure {
  const { ne, tex, tpi, tpm, alphaE } = numbers;
  const [low, high] = countRange(ne);
  const samples = 24;
  const counts = Array.from({ length: samples + 1 }, (_, index) => low * (high / low) ** (index / samples));
  const summary =
    `Torção × título com as linhas de fator de torção inglês αe de 2,5 a 5,0 (TPI = αe·√Ne). ` +
    `O fio calculado, Ne ${v(ne, 3)} (${v(tex)} tex), tem ${v(tpi)} TPI = ${v(tpm)} voltas/m, αe = ${v(alphaE, 3)}.`;
  return figure({ id: 'torcao-titulo', title: 'Torção × título', summary }, (frame) =>
    xyChart({
      ...frame,
      x: { title: 'Título (Ne)', log: true, min: low, max: high, ticks: NE_TICKS.filter((tick) => tick >= low && tick <= high) },
      y: { title: 'Torção (voltas/pol)', min: 0 },
      y2: { title: 'Torção (voltas/m)', factor: 1 / INCH },
      series: ISO_ALPHAS.map((alpha) => ({
        label: `αe ${formatValue(alpha, 2)}`,
        points: counts.map((count): Point => [count, alpha * Math.sqrt(count)]),
        style: 'reference' as const,
        inLegend: false,
      })),
      points: [{ x: ne, y: tpi, label: `Ne ${v(ne, 3)} – ${v(tpi)} TPI (αe ${formatFixed(alphaE, 2)})` }],
      legend: false,
      notes: ['Linhas finas: fator de torção inglês constante'],
    }),
  );
}

/**
 * The yarn surface developed (unrolled) into a plane: the axis runs left to right, the
 * circumference upwards, and each surface fibre is a straight line at θ to the axis
 * (tan θ = π·d·T). Schematic: the height stands for the circumference π·d.
 */
function helixSketch(numbers: TwistNumbers): Figure {
  const { surfaceAngle } = numbers;
  const summary = `Superfície do fio planificada: as fibras externas ficam inclinadas θ = ${v(surfaceAngle, 3)}° em relação ao eixo do fio (tg θ = π·d·T).`;
  const left = 110;
  const right = 610;
  const top = 110;
  const bottom = 330;
  const height = bottom - top;
  const tangent = Math.tan((surfaceAngle * Math.PI) / 180);
  // Axial run of a fibre across the developed circumference (π·d drawn as `height`).
  const run = height / tangent;
  // A whole number of gaps per run, so one fibre starts exactly at the marked corner.
  const spacing = run / Math.max(1, Math.ceil(run / 130));
  const fibres: string[] = [];
  for (let index = 0; left - run + index * spacing < right; index += 1) {
    const start = left - run + index * spacing;
    const clipped = clip([start, bottom], [start + run, top], left, right);
    if (clipped) fibres.push(line(clipped[0][0], clipped[0][1], clipped[1][0], clipped[1][1], { stroke: COLORS.primary, width: 2 }));
  }
  // The angle is marked on a fibre drawn from the bottom-left corner.
  const markEnd = clip([left, bottom], [left + run, top], left, right) ?? [
    [left, bottom],
    [right, top],
  ];
  const radius = Math.min(90, (right - left) / 3);
  return figure({ id: 'angulo-torcao', title: 'Ângulo de torção na superfície', summary }, (frame) =>
    canvas({
      ...frame,
      children: [
        rect(left, top, right - left, height, { fill: '#F2F2F2', stroke: COLORS.ink, width: 1.5 }),
        ...fibres,
        line(markEnd[0][0], markEnd[0][1], markEnd[1][0], markEnd[1][1], { stroke: COLORS.primary, width: 3 }),
        line(left, bottom, right, bottom, { stroke: COLORS.limit, width: 2, dash: '8 5' }),
        arc(left, bottom, radius, 0, surfaceAngle, { stroke: COLORS.limit, width: 2 }),
        text(left + radius + 10, bottom - 12, `θ = ${formatValue(surfaceAngle, 3)}°`, {
          size: 14,
          weight: 'bold',
          color: TEXT_COLORS.limit,
          halo: true,
        }),
        text(right, bottom + 22, 'eixo do fio →', { anchor: 'end', size: 12, color: TEXT_COLORS.muted }),
        text(left - 12, (top + bottom) / 2, 'circunferência π·d', { anchor: 'middle', size: 12, color: TEXT_COLORS.muted, rotate: -90 }),
        text(left, top - 20, 'Superfície do fio planificada (fibras externas)', { size: 13 }),
        text(712, 432, 'esquema fora de escala', { anchor: 'end', size: 12, italic: true, color: TEXT_COLORS.muted }),
      ],
    }),
  );
}

/** The part of segment from→to between x = left and x = right (the fibres are straight lines). */
function clip(from: Point, to: Point, left: number, right: number): readonly [Point, Point] | null {
  const [x1, y1] = from;
  const [x2, y2] = to;
  if (Math.max(x1, x2) <= left || Math.min(x1, x2) >= right) return null;
  const at = (x: number): Point => (x2 === x1 ? [x, y1] : [x, y1 + ((y2 - y1) * (x - x1)) / (x2 - x1)]);
  const start = x1 < left ? at(left) : from;
  const end = x2 > right ? at(right) : to;
  return [start, end];
}

/** "Torção × título" and the surface-angle sketch (research notes, torcao-fio). */
export function yarnTwistFigures(numbers: TwistNumbers): Figure[] {
  return [twistChart(numbers), helixSketch(numbers)];
}
