import { figure, formatFixed, formatValue, xyChart, type BandSpec, type Point } from '../../charts';
import { type Figure } from '../types';

export interface PipeCurveInput {
  /** Operating flow, m³/s. */
  readonly flowRate: number;
  /** Total pressure drop at `flowRate`, Pa. */
  readonly totalDrop: number;
  /** ΔP (Pa) at any flow (m³/s), with the same friction method as the result. */
  readonly dropAt: (flowRate: number) => number;
  /** Flow (m³/s) at a Reynolds number. */
  readonly flowAtReynolds: (reynolds: number) => number;
  readonly reynolds: number;
  readonly frictionFactor: number;
  readonly laminarLimit: number;
  readonly turbulentLimit: number;
  /** kg/m³, for the right axis in metres of water column. */
  readonly density: number;
}

const STANDARD_GRAVITY = 9.80665;
const STEPS = 60;

/** 'Perda de carga × vazão': the system curve from 0 to 2·Q, the transition band and the operating point (notes, Q2). */
export function pipePressureDropFigures(input: PipeCurveInput): Figure[] {
  const { flowRate, totalDrop, dropAt, flowAtReynolds, reynolds, frictionFactor, laminarLimit, turbulentLimit, density } = input;
  const litres = (cubicMetres: number) => cubicMetres * 1000;
  const maxFlow = 2 * flowRate;
  const points: Point[] = [[0, 0]];
  for (let index = 1; index <= STEPS; index += 1) {
    const q = (maxFlow * index) / STEPS;
    points.push([litres(q), dropAt(q) / 1000]);
  }
  const bandFrom = litres(flowAtReynolds(laminarLimit));
  const bandTo = litres(flowAtReynolds(turbulentLimit));
  const bands: BandSpec[] =
    bandFrom < litres(maxFlow)
      ? [{ axis: 'x', from: bandFrom, to: Math.min(bandTo, litres(maxFlow)), label: 'transição – incerto', kind: 'uncertain' }]
      : [];
  const kPa = totalDrop / 1000;
  const head = totalDrop / (density * STANDARD_GRAVITY);
  const summary =
    `Curva do sistema de 0 a ${formatValue(litres(maxFlow), 3)} L/s; ponto de operação Q = ${formatValue(litres(flowRate), 3)} L/s com ΔP = ${formatValue(kPa, 3)} kPa ` +
    `(${formatValue(head, 3)} m.c.a.), Re = ${formatValue(reynolds, 3)} e f = ${formatValue(frictionFactor, 3)}. ` +
    `A faixa hachurada (${formatValue(bandFrom, 3)} a ${formatValue(bandTo, 3)} L/s, ${formatValue(laminarLimit, 4)} < Re < ${formatValue(turbulentLimit, 4)}) é a transição, onde o fator de atrito é incerto.`;

  return [
    figure({ id: 'perda-carga-vazao', title: 'Perda de carga × vazão', summary }, (frame) =>
      xyChart({
        ...frame,
        x: { title: 'Vazão Q (L/s)', min: 0, max: litres(maxFlow) },
        y: { title: 'Perda de pressão ΔP (kPa)', min: 0 },
        y2: { title: 'Perda de carga (m.c.a.)', factor: 1000 / (density * STANDARD_GRAVITY) },
        series: [{ label: 'ΔP(Q)', points, inlineLabel: false }],
        bands,
        points: [{ x: litres(flowRate), y: kPa, label: `Q = ${formatValue(litres(flowRate), 3)} L/s; ΔP = ${formatFixed(kPa, 1)} kPa` }],
      }),
    ),
  ];
}
