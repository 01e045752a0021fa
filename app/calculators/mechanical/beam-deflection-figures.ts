import {
  arrow,
  circle,
  figure,
  formatFixed,
  formatValue,
  group,
  line,
  polygon,
  quantityLabel,
  rect,
  stackedPanels,
  text,
  type LimitSpec,
  type Point,
  type SketchFrame,
} from '../../charts';
import { type Figure } from '../types';

export type BeamCase = 'ss-udl' | 'ss-point' | 'cantilever-point' | 'cantilever-udl';

export interface BeamFigureInput {
  readonly loadCase: BeamCase;
  /** w in N/m or P in N. */
  readonly load: number;
  /** m. */
  readonly span: number;
  /** E·I in N·m². */
  readonly stiffness: number;
}

/** Span ratios drawn as references for the deflection (the design standard sets the real one). */
const SPAN_LIMITS = [250, 350] as const;

interface BeamDiagrams {
  /** V(x) in N, M(x) in N·m (sagging positive), δ(x) in m (downward positive). */
  readonly shear: (x: number) => number;
  readonly moment: (x: number) => number;
  readonly deflection: (x: number) => number;
}

/** Shear, moment and deflection along the beam; x from the left support (the fixed end of a cantilever). */
export function beamDiagrams({ loadCase, load, span: L, stiffness: EI }: BeamFigureInput): BeamDiagrams {
  switch (loadCase) {
    case 'ss-udl':
      return {
        shear: (x) => load * (L / 2 - x),
        moment: (x) => (load * x * (L - x)) / 2,
        deflection: (x) => (load * x * (L ** 3 - 2 * L * x ** 2 + x ** 3)) / (24 * EI),
      };
    case 'ss-point':
      return {
        shear: (x) => (x < L / 2 ? load / 2 : -load / 2),
        moment: (x) => (load * Math.min(x, L - x)) / 2,
        deflection: (x) => {
          const a = Math.min(x, L - x);
          return (load * a * (3 * L ** 2 - 4 * a ** 2)) / (48 * EI);
        },
      };
    case 'cantilever-point':
      return {
        shear: () => load,
        moment: (x) => -load * (L - x),
        deflection: (x) => (load * x ** 2 * (3 * L - x)) / (6 * EI),
      };
    case 'cantilever-udl':
      return {
        shear: (x) => load * (L - x),
        moment: (x) => (-load * (L - x) ** 2) / 2,
        deflection: (x) => (load * x ** 2 * (6 * L ** 2 - 4 * L * x + x ** 2)) / (24 * EI),
      };
  }
}

const STEPS = 80;

function sample(span: number, fn: (x: number) => number, scale: number, jumpAt?: number): Point[] {
  const points: Point[] = [];
  for (let index = 0; index <= STEPS; index += 1) {
    const x = (span * index) / STEPS;
    if (jumpAt !== undefined && Math.abs(x - jumpAt) < 1e-12) {
      points.push([x, fn(x - span * 1e-9) * scale], [x, fn(x + span * 1e-9) * scale]);
    } else {
      points.push([x, fn(x) * scale]);
    }
  }
  return points;
}

const kN = (newtons: number) => formatValue(newtons / 1000, 3);

function supports(loadCase: BeamCase, { box, x }: SketchFrame, beamY: number, span: number): string[] {
  const out: string[] = [];
  if (loadCase.startsWith('ss')) {
    for (const [position, roller] of [
      [0, false],
      [span, true],
    ] as const) {
      const px = x(position);
      out.push(
        polygon(
          [
            [px, beamY + 3],
            [px - 11, beamY + 21],
            [px + 11, beamY + 21],
          ],
          { fill: '#FFFFFF', stroke: '#1A1A1A', width: 1.5 },
        ),
      );
      if (roller)
        out.push(
          circle(px - 6, beamY + 26, 4, { stroke: '#1A1A1A', width: 1.5 }),
          circle(px + 6, beamY + 26, 4, { stroke: '#1A1A1A', width: 1.5 }),
        );
      out.push(line(px - 16, beamY + (roller ? 31 : 22), px + 16, beamY + (roller ? 31 : 22), { width: 1.5 }));
    }
  } else {
    const px = x(0);
    out.push(rect(px - 12, box.top + 6, 12, box.bottom - box.top - 10, { fill: '#D9D9D9', stroke: '#1A1A1A', width: 1.5 }));
    for (let y = box.top + 10; y < box.bottom - 6; y += 9) out.push(line(px - 12, y + 8, px - 4, y, { width: 1 }));
  }
  return out;
}

function loadSketch(input: BeamFigureInput, loadText: string) {
  return (frame: SketchFrame): string => {
    const { box, x } = frame;
    const beamY = box.bottom - 36;
    const out: string[] = [rect(x(0), beamY - 4, x(input.span) - x(0), 8, { fill: '#BFBFBF', stroke: '#1A1A1A', width: 1.5 })];
    out.push(...supports(input.loadCase, frame, beamY, input.span));
    const top = box.top + 22;
    if (input.loadCase.endsWith('udl')) {
      out.push(line(x(0), top, x(input.span), top, { width: 1.5 }));
      for (let index = 0; index <= 10; index += 1) {
        const px = x((input.span * index) / 10);
        out.push(arrow(px, top, px, beamY - 5, { head: 7, width: 1.5 }));
      }
      out.push(text(x(input.span / 2), top - 6, loadText, { anchor: 'middle', weight: 'bold' }));
    } else {
      const at = input.loadCase === 'ss-point' ? input.span / 2 : input.span;
      const px = x(at);
      out.push(arrow(px, top - 8, px, beamY - 5, { head: 10, width: 2.5 }));
      out.push(text(px + (at === input.span ? -8 : 8), top, loadText, { anchor: at === input.span ? 'end' : 'start', weight: 'bold' }));
    }
    out.push(text(x(input.span / 2), beamY + 26, `L = ${formatValue(input.span, 4)} m`, { anchor: 'middle', size: 12 }));
    return group(out, { label: 'Esquema de apoios e carregamento' });
  };
}

/** The beam: load sketch, shear V(x), bending moment M(x) and deflected shape, maxima marked (notes, M2). */
export function beamFigures(input: BeamFigureInput): Figure[] {
  const { loadCase, load, span } = input;
  const diagrams = beamDiagrams(input);
  const cantilever = loadCase.startsWith('cantilever');
  const distributed = loadCase.endsWith('udl');
  const loadText = distributed ? `w = ${kN(load)} kN/m` : `P = ${kN(load)} kN`;
  const deflectionAt = cantilever ? span : span / 2;
  const maxDeflection = diagrams.deflection(deflectionAt);
  const momentAt = cantilever ? 0 : span / 2;
  const maxMoment = diagrams.moment(momentAt);
  const shearStart = diagrams.shear(0);
  const shearEnd = diagrams.shear(span);
  const ratio = span / maxDeflection;

  const jump = loadCase === 'ss-point' ? span / 2 : undefined;
  const shearPoints = [
    { x: 0, y: shearStart / 1000, label: quantityLabel('V', shearStart / 1000, 'kN') },
    ...(cantilever ? [] : [{ x: span, y: shearEnd / 1000, label: quantityLabel('V', shearEnd / 1000, 'kN') }]),
  ];
  const limits: LimitSpec[] = SPAN_LIMITS.map((n) => ({
    axis: 'y',
    value: -(span / n) * 1000,
    label: `L/${n} = ${formatValue((span / n) * 1000, 3)} mm – referência`,
    style: 'limit',
  }));
  const where = cantilever ? 'na extremidade livre' : 'no meio do vão';
  const support = cantilever ? 'viga em balanço' : 'viga biapoiada';
  const summary =
    `${support[0]!.toUpperCase()}${support.slice(1)} com ${loadText} e L = ${formatValue(span, 4)} m: ` +
    (cantilever
      ? `cortante máximo V = ${kN(Math.abs(shearStart))} kN no engaste, momento máximo M = ${kN(Math.abs(maxMoment))} kN·m no engaste (tracionando a face superior), `
      : `cortante máximo V = ±${kN(Math.abs(shearStart))} kN nos apoios, momento máximo M = ${kN(maxMoment)} kN·m no meio do vão, `) +
    `flecha máxima δ = ${formatFixed(maxDeflection * 1000, 2)} mm (L/${Math.round(ratio)}) ${where}. ` +
    `Referências tracejadas: L/250 = ${formatValue((span / 250) * 1000, 3)} mm e L/350 = ${formatValue((span / 350) * 1000, 3)} mm (confira o limite da norma do projeto).`;

  return [
    figure({ id: 'viga-diagramas', title: 'Carregamento, cortante, momento fletor e flecha', summary }, (frame) =>
      stackedPanels({
        ...frame,
        height: 820,
        x: { title: 'Posição ao longo da viga x (m)', min: 0, max: span },
        notes: ['Carregamento: esquema fora de escala. Flecha: escala vertical ampliada.'],
        panels: [
          { heading: 'Apoios e carregamento', weight: 0.7, sketch: loadSketch(input, loadText) },
          {
            heading: 'Esforço cortante V(x)',
            y: { title: 'V (kN)', includeZero: true },
            areas: [{ points: sample(span, diagrams.shear, 1 / 1000, jump) }],
            points: shearPoints,
          },
          {
            heading: 'Momento fletor M(x)',
            y: { title: 'M (kN·m)', includeZero: true },
            areas: [{ points: sample(span, diagrams.moment, 1 / 1000), style: 'secondary' }],
            points: [{ x: momentAt, y: maxMoment / 1000, label: quantityLabel('M', maxMoment / 1000, 'kN·m'), style: 'secondary' }],
          },
          {
            heading: 'Linha elástica δ(x) (para baixo)',
            y: { title: 'δ (mm)', includeZero: true },
            series: [{ label: 'deformada', points: sample(span, diagrams.deflection, -1000), inlineLabel: false }],
            limits,
            points: [
              {
                x: deflectionAt,
                y: -maxDeflection * 1000,
                label: `δmáx = ${formatFixed(maxDeflection * 1000, 2)} mm (L/${Math.round(ratio)})`,
              },
            ],
          },
        ],
      }),
    ),
  ];
}
