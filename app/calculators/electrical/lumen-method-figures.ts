import {
  arrow,
  canvas,
  COLORS,
  figure,
  formatFixed,
  formatValue,
  group,
  line,
  niceStep,
  rect,
  text,
  TEXT_COLORS,
  type Point,
} from '../../charts';
import { type Figure } from '../types';

export interface LuminaireLayoutInput {
  readonly length: number;
  readonly width: number;
  readonly rows: number;
  readonly columns: number;
  readonly illuminance: number;
  readonly targetIlluminance: number;
  readonly powerDensity: number;
}

const WIDTH = 720;
const HEIGHT = 440;
/** The plan's drawing area, px. */
const PLAN = { left: 70, top: 50, right: 510, bottom: 350 } as const;
/** Beyond this many luminaires the plan shows the grid's extent instead of each one. */
const MAX_DRAWN = 900;

const metres = (value: number) => `${formatValue(value, 3)} m`;
const dimension = (from: Point, to: Point, label: string, labelAt: Point, anchor: 'start' | 'middle' | 'end') => [
  arrow(from[0], from[1], to[0], to[1], { both: true, width: 1.2, head: 7, stroke: COLORS.ink }),
  text(labelAt[0], labelAt[1], label, { anchor, size: 12, halo: true }),
];

/** The target-versus-achieved bars at the right of the plan. */
function illuminanceBars(target: number, achieved: number): string[] {
  const top = 90;
  const bottom = 330;
  const high = 1.15 * Math.max(target, achieved);
  const y = (value: number) => bottom - ((bottom - top) * value) / high;
  const bar = (x: number, value: number, name: string, look: { fill: string; text: string }) => [
    rect(x, y(value), 48, bottom - y(value), { fill: look.fill, fillOpacity: 0.8, stroke: COLORS.ink, width: 1 }),
    text(x + 24, y(value) - 6, `${formatFixed(value, 0)} lx`, { anchor: 'middle', size: 12, weight: 'bold', color: look.text }),
    text(x + 24, bottom + 16, name, { anchor: 'middle', size: 12 }),
  ];
  const change = (100 * (achieved - target)) / target;
  return [
    text(610, 60, 'Iluminância média', { anchor: 'middle', size: 13, weight: 'bold' }),
    line(545, bottom, 680, bottom, { stroke: COLORS.ink, width: 1.5 }),
    ...bar(555, target, 'meta', { fill: COLORS.reference, text: TEXT_COLORS.reference }),
    ...bar(620, achieved, 'obtida', {
      fill: achieved >= target ? COLORS.ok : COLORS.limit,
      text: achieved >= target ? TEXT_COLORS.ok : TEXT_COLORS.limit,
    }),
    text(610, bottom + 34, `${change >= 0 ? '+' : '−'}${formatFixed(Math.abs(change), 0)} % ${achieved >= target ? '✓' : '✗'}`, {
      anchor: 'middle',
      size: 13,
      weight: 'bold',
    }),
  ];
}

/** 'Planta de luminárias' (to scale, with a scale bar) and the illuminance bars (notes, E6). */
export function lumenMethodFigures(input: LuminaireLayoutInput): Figure[] {
  const { length, width, rows, columns, illuminance, targetIlluminance, powerDensity } = input;
  const scale = Math.min((PLAN.right - PLAN.left) / length, (PLAN.bottom - PLAN.top) / width); // px per metre
  const x0 = PLAN.left;
  const y0 = PLAN.top;
  const roomWidth = length * scale;
  const roomHeight = width * scale;
  const spacingA = length / columns;
  const spacingB = width / rows;
  const count = rows * columns;
  const lampWidth = Math.max(2, Math.min(26, spacingA * scale * 0.45));
  const lampHeight = Math.max(2, Math.min(10, spacingB * scale * 0.3));
  const centre = (column: number, row: number): Point => [
    x0 + (spacingA / 2 + column * spacingA) * scale,
    y0 + (spacingB / 2 + row * spacingB) * scale,
  ];

  const luminaires: string[] = [];
  if (count <= MAX_DRAWN) {
    for (let row = 0; row < rows; row += 1) {
      for (let column = 0; column < columns; column += 1) {
        const [cx, cy] = centre(column, row);
        luminaires.push(
          rect(cx - lampWidth / 2, cy - lampHeight / 2, lampWidth, lampHeight, { fill: COLORS.primary, stroke: COLORS.ink, width: 0.8 }),
        );
      }
    }
  } else {
    const [ax, ay] = centre(0, 0);
    const [bx, by] = centre(columns - 1, rows - 1);
    luminaires.push(rect(ax, ay, bx - ax, by - ay, { fill: COLORS.primary, fillOpacity: 0.25, stroke: COLORS.primary, width: 1.5 }));
    luminaires.push(
      text((ax + bx) / 2, (ay + by) / 2, `grade de ${rows} × ${columns} (densa demais para desenhar uma a uma)`, {
        anchor: 'middle',
        size: 12,
        halo: true,
      }),
    );
  }

  const [firstX, firstY] = centre(0, 0);
  const [secondX] = centre(Math.min(1, columns - 1), 0);
  const [, secondY] = centre(0, Math.min(1, rows - 1));
  const dimensions = [
    // Along the length, above the room: wall offset, then one spacing on a second line (short labels would collide).
    ...dimension([x0, y0 - 10], [firstX, y0 - 10], metres(spacingA / 2), [(x0 + firstX) / 2, y0 - 16], 'middle'),
    ...(columns > 1 ? dimension([firstX, y0 - 32], [secondX, y0 - 32], metres(spacingA), [(firstX + secondX) / 2, y0 - 38], 'middle') : []),
    ...(columns > 1 ? [line(firstX, y0 - 36, firstX, y0 - 6, { stroke: COLORS.reference, width: 1, dash: '2 3' })] : []),
    // Along the width, left of the room.
    ...dimension([x0 - 14, y0], [x0 - 14, firstY], metres(spacingB / 2), [x0 - 18, (y0 + firstY) / 2 + 4], 'end'),
    ...(rows > 1 ? dimension([x0 - 14, firstY], [x0 - 14, secondY], metres(spacingB), [x0 - 18, (firstY + secondY) / 2 + 4], 'end') : []),
    text(x0 + roomWidth / 2, y0 + roomHeight + 18, `a = ${metres(length)}`, { anchor: 'middle', size: 12 }),
    text(x0 + roomWidth + 16, y0 + roomHeight / 2, `b = ${metres(width)}`, { anchor: 'middle', size: 12, rotate: -90 }),
  ];

  const barMetres = niceStep(length, 4);
  const barY = PLAN.bottom + 42;
  const scaleBar = [
    line(x0, barY, x0 + barMetres * scale, barY, { stroke: COLORS.ink, width: 3 }),
    line(x0, barY - 5, x0, barY + 5, { stroke: COLORS.ink, width: 1.5 }),
    line(x0 + barMetres * scale, barY - 5, x0 + barMetres * scale, barY + 5, { stroke: COLORS.ink, width: 1.5 }),
    text(x0 + barMetres * scale + 8, barY + 4, `${metres(barMetres)} (desenho em escala)`, {
      size: 12,
      italic: true,
      color: TEXT_COLORS.muted,
    }),
  ];

  const caption = `${count} luminárias (${rows} × ${columns}) — E = ${formatFixed(illuminance, 0)} lx (meta ${formatFixed(targetIlluminance, 0)} lx) — ${formatValue(powerDensity, 3)} W/m²`;
  const summary = `${caption}. Espaçamentos ${metres(spacingA)} ao longo do comprimento e ${metres(spacingB)} ao longo da largura; distâncias às paredes ${metres(spacingA / 2)} e ${metres(spacingB / 2)}.`;
  return [
    figure({ id: 'planta-luminarias', title: 'Planta de luminárias', summary }, (frame) =>
      canvas({
        id: frame.id,
        title: frame.title,
        description: frame.description,
        width: WIDTH,
        height: HEIGHT,
        children: [
          rect(x0, y0, roomWidth, roomHeight, { fill: COLORS.paper, stroke: COLORS.ink, width: 2 }),
          group(luminaires, { label: `${count} luminárias` }),
          ...dimensions,
          ...scaleBar,
          ...illuminanceBars(targetIlluminance, illuminance),
          text(WIDTH / 2, HEIGHT - 10, caption, { anchor: 'middle', size: 13, weight: 'bold' }),
        ],
      }),
    ),
  ];
}
