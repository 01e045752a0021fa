import { canvas, COLORS, DASHES, figure, formatFixed, formatValue, rect, text, TEXT_COLORS } from '../../charts';
import { type Figure } from '../types';

/** What the drawings need: lengths in mm, changes in %. */
export interface ShrinkageDrawing {
  readonly originalLength: number;
  readonly originalWidth: number;
  readonly lengthChange: number;
  readonly widthChange: number;
  readonly areaChange: number;
  readonly pattern?: {
    readonly finishedLength: number;
    readonly finishedWidth: number;
    readonly patternLength: number;
    readonly patternWidth: number;
  };
}

const WIDTH = 720;
const HEIGHT = 440;
const AREA = { left: 90, right: 560, top: 84, bottom: 350 } as const;
/** 720 px printed 16 cm wide (research notes, diagram conventions): 4,5 px per paper millimetre. */
const PX_PER_PAPER_MM = WIDTH / 160;
/** Drawing scales of the 1–2–5 series: paper mm per real mm. */
const SCALES = [1, 0.5, 0.2, 0.1, 0.05, 0.02, 0.01, 0.005, 0.002, 0.001];
/** Changes smaller than this (%) are drawn enlarged, and the drawing says so. */
const SMALL_CHANGE = 2;
const EXAGGERATION = 3;

const mm = (value: number) => formatFixed(value, 1);
const percent = (value: number) => `${value > 0 ? '+' : ''}${formatFixed(value, 2)} %`;

function paperScale(longest: number, tallest: number): { readonly ratio: number; readonly pxPerMm: number; readonly label: string } {
  const maxPxPerMm = Math.min((AREA.right - AREA.left) / longest, (AREA.bottom - AREA.top) / tallest);
  const ratio = SCALES.find((candidate) => candidate * PX_PER_PAPER_MM <= maxPxPerMm) ?? SCALES[SCALES.length - 1] ?? 0.001;
  return { ratio, pxPerMm: ratio * PX_PER_PAPER_MM, label: `escala 1:${formatValue(1 / ratio, 6)} (impresso com 16 cm de largura)` };
}

/** Two rectangles anchored at the top-left corner: `before` dashed, `after` solid, with their dimensions. */
function overlay(
  before: { readonly length: number; readonly width: number; readonly label: string },
  after: { readonly length: number; readonly width: number; readonly label: string },
  pxPerMm: number,
): string[] {
  const x = AREA.left;
  const y = AREA.top;
  const longest = Math.max(before.length, after.length) * pxPerMm;
  return [
    rect(x, y, after.length * pxPerMm, after.width * pxPerMm, {
      fill: COLORS.primary,
      fillOpacity: 0.15,
      stroke: COLORS.primary,
      width: 2.5,
    }),
    rect(x, y, before.length * pxPerMm, before.width * pxPerMm, { stroke: COLORS.ink, width: 1.5, dash: DASHES.dashed }),
    text(x + longest + 14, y + 14, before.label, { size: 13 }),
    text(x + longest + 14, y + 34, after.label, { size: 13, color: TEXT_COLORS.primary, weight: 'bold' }),
  ];
}

function beforeAfterFigure(drawing: ShrinkageDrawing): Figure {
  const { originalLength, originalWidth, lengthChange, widthChange, areaChange } = drawing;
  const enlarged = Math.max(Math.abs(lengthChange), Math.abs(widthChange)) < SMALL_CHANGE;
  const k = enlarged ? EXAGGERATION : 1;
  const afterLength = originalLength * (1 + lengthChange / 100);
  const afterWidth = originalWidth * (1 + widthChange / 100);
  const drawnLength = originalLength * (1 + (k * lengthChange) / 100);
  const drawnWidth = originalWidth * (1 + (k * widthChange) / 100);
  const scale = paperScale(Math.max(originalLength, drawnLength), Math.max(originalWidth, drawnWidth));
  const lengthText = `Comprimento: ${mm(originalLength)} → ${mm(afterLength)} mm (${percent(lengthChange)})`;
  const widthText = `Largura: ${mm(originalWidth)} → ${mm(afterWidth)} mm (${percent(widthChange)})`;
  const summary = `Marcas antes (tracejado) e depois da lavagem e secagem (contorno cheio). ${lengthText}; ${widthText}; área ${percent(areaChange)}.`;
  const bottom = AREA.top + Math.max(originalWidth, drawnWidth) * scale.pxPerMm;
  return figure({ id: 'antes-depois', title: 'Antes × depois', summary }, (frame) =>
    canvas({
      ...frame,
      width: WIDTH,
      height: HEIGHT,
      children: [
        text(AREA.left, 30, lengthText, { size: 13 }),
        text(AREA.left, 50, widthText, { size: 13 }),
        ...overlay(
          { length: originalLength, width: originalWidth, label: '- - - antes' },
          { length: drawnLength, width: drawnWidth, label: '—— depois' },
          scale.pxPerMm,
        ),
        text(AREA.left, bottom + 40, `Área ${percent(areaChange)}`, { size: 14, weight: 'bold' }),
        text(WIDTH - 8, HEIGHT - 24, enlarged ? `deformação ampliada ${EXAGGERATION}×` : 'deformação em escala real', {
          anchor: 'end',
          size: 12,
          italic: true,
          color: TEXT_COLORS.muted,
        }),
        text(WIDTH - 8, HEIGHT - 8, scale.label, { anchor: 'end', size: 12, italic: true, color: TEXT_COLORS.muted }),
      ],
    }),
  );
}

function patternFigure(drawing: ShrinkageDrawing): Figure | null {
  const { pattern, lengthChange, widthChange } = drawing;
  if (!pattern) return null;
  const { finishedLength, finishedWidth, patternLength, patternWidth } = pattern;
  const compensation = (change: number) => percent(100 * (1 / (1 + change / 100) - 1));
  const scale = paperScale(Math.max(patternLength, finishedLength), Math.max(patternWidth, finishedWidth));
  const patternText = `Molde: ${mm(patternLength)} × ${mm(patternWidth)} mm (${compensation(lengthChange)} / ${compensation(widthChange)})`;
  const finishedText = `Peça acabada: ${mm(finishedLength)} × ${mm(finishedWidth)} mm`;
  const summary = `${patternText}; depois de lavada, volta a ${mm(finishedLength)} × ${mm(finishedWidth)} mm (peça acabada, tracejado).`;
  return figure({ id: 'molde-compensado', title: 'Molde compensado × peça acabada', summary }, (frame) =>
    canvas({
      ...frame,
      width: WIDTH,
      height: HEIGHT,
      children: [
        text(AREA.left, 30, patternText, { size: 13, color: TEXT_COLORS.primary, weight: 'bold' }),
        text(AREA.left, 50, finishedText, { size: 13 }),
        ...overlay(
          { length: finishedLength, width: finishedWidth, label: '- - - peça acabada' },
          { length: patternLength, width: patternWidth, label: '—— molde de corte' },
          scale.pxPerMm,
        ),
        text(WIDTH - 8, HEIGHT - 8, scale.label, { anchor: 'end', size: 12, italic: true, color: TEXT_COLORS.muted }),
      ],
    }),
  );
}

/** "Antes × depois" (to scale) and the compensated pattern (research notes, encolhimento-tecido). */
export function fabricShrinkageFigures(drawing: ShrinkageDrawing): Figure[] {
  const pattern = patternFigure(drawing);
  return pattern ? [beforeAfterFigure(drawing), pattern] : [beforeAfterFigure(drawing)];
}
