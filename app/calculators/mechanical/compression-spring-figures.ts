import {
  canvas,
  COLORS,
  figure,
  formatValue,
  line,
  polyline,
  rect,
  text,
  TEXT_COLORS,
  xyChart,
  type AnnotationSpec,
  type Point,
} from '../../charts';
import { type Figure } from '../types';

/** What the diagrams need from a spring result: lengths in mm, forces in N, stresses in MPa. */
export interface SpringNumbers {
  readonly freeLength: number;
  readonly solidLength: number;
  readonly totalCoils: number;
  readonly force: number;
  readonly deflection: number;
  readonly solidForce: number;
  readonly solidDeflection: number;
  readonly shearStress: number;
  readonly solidStress: number;
  readonly yieldForce: number;
  /** τ = stressPerForce·F (MPa per N). */
  readonly stressPerForce: number;
  readonly criticalLength: number;
}

const v = (value: number) => formatValue(value, 4);

/** "Força × deflexão": F = k·y up to the solid point, τ on the right axis, the force at which τ = S_sy. */
function forceDeflection(numbers: SpringNumbers): Figure {
  const {
    freeLength,
    solidLength,
    force,
    deflection,
    solidForce,
    solidDeflection,
    shearStress,
    solidStress,
    yieldForce,
    stressPerForce,
    criticalLength,
  } = numbers;
  const buckles = freeLength >= criticalLength;
  const top = Math.max(yieldForce, solidForce);
  const annotations: AnnotationSpec[] = buckles
    ? [
        {
          x: solidDeflection * 0.02,
          y: top * 1.04,
          text: `✗ flambagem provável: L₀ = ${v(freeLength)} mm ≥ L_crít = ${v(criticalLength)} mm`,
          anchor: 'start',
          style: 'limit',
        },
      ]
    : [];
  const summary =
    `Força × deflexão da mola (reta F = k·y até fechar). Trabalho: y = ${v(deflection)} mm, F = ${v(force)} N, τ = ${v(shearStress)} MPa, comprimento ${v(freeLength - deflection)} mm. ` +
    `Mola fechada: y_s = ${v(solidDeflection)} mm, F_s = ${v(solidForce)} N, τ_s = ${v(solidStress)} MPa. τ atinge S_sy com F = ${v(yieldForce)} N.` +
    (buckles ? ` Flambagem provável (L₀ ≥ L_crít = ${v(criticalLength)} mm).` : '');
  return figure({ id: 'forca-deflexao', title: 'Força × deflexão', summary }, (frame) =>
    xyChart({
      ...frame,
      x: { title: `Deflexão y (mm); comprimento da mola = L₀ − y, L₀ = ${v(freeLength)} mm`, min: 0, max: solidDeflection },
      y: { title: 'Força F (N)', min: 0, max: top * 1.12 },
      y2: { title: 'Tensão de cisalhamento τ (MPa)', factor: stressPerForce },
      series: [
        {
          label: 'F = k·y',
          points: [
            [0, 0],
            [solidDeflection, solidForce],
          ],
          inlineLabel: false,
        },
      ],
      points: [
        { x: deflection, y: force, label: `trabalho: F = ${v(force)} N; τ = ${v(shearStress)} MPa` },
        {
          x: solidDeflection,
          y: solidForce,
          label: `fechada (L_s = ${v(solidLength)} mm): F_s = ${v(solidForce)} N; τ_s = ${v(solidStress)} MPa`,
          placement: 'below-left',
          style: 'secondary',
        },
      ],
      limits: [{ axis: 'y', value: yieldForce, label: `τ = S_sy: F = ${v(yieldForce)} N (Shigley, cap. 10)` }],
      annotations,
    }),
  );
}

const WIDTH = 720;
const HEIGHT = 360;
const GROUND = 290;
const MAX_DRAWN = 230;
const MAX_ZIGZAGS = 24;

/** A spring of `height` px standing on the ground line at `centre`, drawn as a zigzag of `coils` turns. */
function springSketch(centre: number, height: number, coils: number): string {
  const halfWidth = 34;
  const turns = Math.max(2, Math.min(MAX_ZIGZAGS, Math.round(coils)));
  const pitch = height / turns;
  const zigzag: Point[] = [[centre - halfWidth, GROUND]];
  for (let turn = 0; turn < turns; turn += 1) {
    zigzag.push([centre + halfWidth, GROUND - pitch * (turn + 0.5)], [centre - halfWidth, GROUND - pitch * (turn + 1)]);
  }
  return [
    polyline(zigzag, { stroke: COLORS.primary, width: 2.5 }),
    rect(centre - halfWidth - 10, GROUND - height - 6, 2 * halfWidth + 20, 6, { fill: COLORS.reference }),
  ].join('');
}

/** Free, working and solid lengths side by side (heights in proportion; coil shape schematic). */
function lengths(numbers: SpringNumbers): Figure {
  const { freeLength, solidLength, force, deflection, totalCoils } = numbers;
  const loaded = freeLength - deflection;
  const scale = MAX_DRAWN / freeLength;
  const columns = [
    { centre: 150, length: freeLength, title: 'Livre', detail: `L₀ = ${v(freeLength)} mm` },
    { centre: 360, length: loaded, title: `Sob F = ${v(force)} N`, detail: `L = ${v(loaded)} mm` },
    { centre: 570, length: solidLength, title: 'Fechada', detail: `L_s = ${v(solidLength)} mm` },
  ];
  const summary = `Comprimentos da mola: livre ${v(freeLength)} mm, sob a força de trabalho ${v(loaded)} mm, fechada ${v(solidLength)} mm (esquema fora de escala; alturas proporcionais).`;
  return figure({ id: 'comprimentos', title: 'Comprimentos da mola', summary }, (frame) =>
    canvas({
      ...frame,
      width: WIDTH,
      height: HEIGHT,
      children: [
        line(40, GROUND, WIDTH - 40, GROUND, { stroke: COLORS.ink, width: 2 }),
        ...columns.flatMap((column) => [
          springSketch(column.centre, column.length * scale, totalCoils),
          text(column.centre, GROUND + 24, column.title, { anchor: 'middle', size: 14, weight: 'bold' }),
          text(column.centre, GROUND + 44, column.detail, { anchor: 'middle', size: 13, color: TEXT_COLORS.primary }),
        ]),
        text(WIDTH - 8, HEIGHT - 6, 'esquema fora de escala; alturas proporcionais aos comprimentos', {
          anchor: 'end',
          size: 12,
          italic: true,
          color: TEXT_COLORS.muted,
        }),
      ],
    }),
  );
}

export function compressionSpringFigures(numbers: SpringNumbers): Figure[] {
  return [forceDeflection(numbers), lengths(numbers)];
}
