import { figure, formatValue, xyChart, type AnnotationSpec, type Point } from '../../charts';
import { type Figure } from '../types';

export interface PowerElement {
  /** Tick text under the element ('Div. 1'). */
  readonly tick: string;
  /** Name by its drop, before the loss ('1:8' → '1:8: 10,5 dB'). */
  readonly name: string;
  /** dB */
  readonly loss: number;
}

export interface GponFigureInput {
  readonly direction: 'down' | 'up';
  readonly txMin: number;
  readonly txMax: number;
  readonly sensitivity: number;
  readonly overload: number;
  readonly requiredMargin: number;
  /** dB, drawn as the sloped first segment. */
  readonly fibre: PowerElement;
  /** Discrete elements in path order, each a vertical drop. */
  readonly discrete: readonly PowerElement[];
  readonly totalLoss: number;
  readonly margin: number;
  readonly marginOk: boolean;
  readonly overloadOk: boolean;
  readonly sensitivityClause: string;
  readonly overloadClause: string;
}

const dBm = (value: number) => `${formatValue(value, 4)} dBm`;
const dB = (value: number) => `${formatValue(value, 4)} dB`;
const labelOf = (element: PowerElement) => `${element.name}: ${dB(element.loss)}`;

/** The staircase of power levels from a launch power: the fibre sloped, each element a drop. */
function staircase(launch: number, fibre: number, discrete: readonly PowerElement[]): Point[] {
  const points: Point[] = [[0, launch]];
  let level = launch - fibre;
  points.push([1, level]);
  discrete.forEach((element, index) => {
    const x = index + 1.5;
    points.push([x, level]);
    level -= element.loss;
    points.push([x, level]);
  });
  points.push([discrete.length + 1, level]);
  return points;
}

/** "Diagrama de níveis de potência" (research notes, I6). */
export function gponBudgetFigures(input: GponFigureInput): Figure[] {
  const { direction, txMin, txMax, sensitivity, overload, requiredMargin, fibre, discrete, totalLoss, margin, marginOk, overloadOk } =
    input;
  const end = discrete.length + 1;
  const [source, receiver] = direction === 'down' ? ['OLT', 'ONU'] : ['ONU', 'OLT'];
  const rxMin = txMin - totalLoss;
  const rxMax = txMax - totalLoss;
  const ticks = [0, 0.5, ...discrete.map((_, index) => index + 1.5), end];
  const tickText = new Map<number, string>([
    [0, source],
    [0.5, fibre.tick],
    ...discrete.map((element, index) => [index + 1.5, element.tick] as const),
    [end, receiver],
  ]);

  const annotations: AnnotationSpec[] = [
    { x: 0.05, y: txMin - fibre.loss - 1.5, text: labelOf(fibre), anchor: 'start', style: 'primary' },
    // Below the level after each drop, right of it: small drops would hide a label put beside them.
    ...discrete.map((element, index): AnnotationSpec => {
      const after = txMin - fibre.loss - discrete.slice(0, index + 1).reduce((sum, previous) => sum + previous.loss, 0);
      return { x: index + 1.55, y: after - 1.5, text: labelOf(element), anchor: 'start', style: 'primary' };
    }),
  ];
  const verdict = marginOk ? '✓' : '✗';
  const summary =
    `Perda total ${dB(totalLoss)} (${[fibre, ...discrete].map(labelOf).join('; ')}). ` +
    `Potência recebida no pior caso ${dBm(rxMin)}, margem ${dB(margin)} sobre a sensibilidade de ${dBm(sensitivity)}: ` +
    `${marginOk ? 'atende' : 'não atende'} a margem exigida de ${dB(requiredMargin)} ${verdict}. ` +
    `Com a potência máxima, ${dBm(rxMax)} ${overloadOk ? '≤' : '>'} sobrecarga de ${dBm(overload)} ${overloadOk ? '✓' : '✗'}.`;

  return [
    figure({ id: 'gpon-niveis-potencia', title: 'Diagrama de níveis de potência', summary }, (frame) =>
      xyChart({
        ...frame,
        x: {
          title: 'Ordem dos elementos no enlace (esquema)',
          min: -0.15,
          max: end + 0.15,
          ticks,
          format: (value) => tickText.get(value) ?? '',
        },
        y: {
          title: 'Potência óptica (dBm)',
          min: Math.floor(Math.min(sensitivity, rxMin) - 3),
          max: Math.ceil(Math.max(txMax, overload) + 2),
        },
        series: [
          {
            label: `pior caso (P_tx mín. ${dBm(txMin)})`,
            points: staircase(txMin, fibre.loss, discrete),
            style: 'primary',
            inlineLabel: false,
          },
          {
            label: `P_tx máx. ${dBm(txMax)} (sobrecarga)`,
            points: staircase(txMax, fibre.loss, discrete),
            style: 'tertiary',
            inlineLabel: false,
          },
        ],
        limits: [
          { axis: 'y', value: sensitivity, label: `sensibilidade ${dBm(sensitivity)} – ${input.sensitivityClause}` },
          {
            axis: 'y',
            value: sensitivity + requiredMargin,
            label: `sensibilidade + margem exigida ${dBm(sensitivity + requiredMargin)}`,
            style: 'secondary',
          },
          { axis: 'y', value: overload, label: `sobrecarga ${dBm(overload)} – ${input.overloadClause}` },
        ],
        annotations,
        points: [
          {
            x: end,
            y: rxMin,
            label: `${dBm(rxMin)} — margem ${dB(margin)} ${verdict}`,
            style: marginOk ? 'ok' : 'limit',
            placement: 'above-left',
          },
        ],
        notes: ['esquema fora de escala: elementos na ordem do cálculo'],
        legend: true,
      }),
    ),
  ];
}
