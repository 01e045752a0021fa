import { barChart, figure, formatFixed, formatValue, type BarSpec } from '../../charts';
import { type Figure } from '../types';
import { startFractions, type StartMethod } from './motor-start';

export interface MotorStartFigureInput {
  readonly method: StartMethod;
  /** The chosen autotransformer tap (fraction). */
  readonly tap: number;
  /** The soft-starter current limit, multiple of I_n. */
  readonly currentLimit: number;
  readonly startRatio: number;
  readonly ratedCurrent: number;
}

interface Option {
  readonly label: string;
  readonly method: Exclude<StartMethod, 'inverter'>;
  readonly tap: number;
}

const TAPS = [0.5, 0.65, 0.8] as const;
const percent = (fraction: number) => `${formatFixed(100 * fraction, 0)} %`;

/** 'Corrente de partida por método': every method side by side, the chosen one highlighted (notes, E5). */
export function motorStartFigures(input: MotorStartFigureInput): Figure[] {
  const { method, tap, currentLimit, startRatio, ratedCurrent } = input;
  const options: Option[] = [
    { label: 'Partida direta', method: 'direct', tap: 1 },
    { label: 'Estrela-triângulo', method: 'star-delta', tap: 1 },
    ...TAPS.map((value): Option => ({ label: `Compensadora ${percent(value)}`, method: 'autotransformer', tap: value })),
    { label: `Soft-starter ${formatValue(currentLimit, 3)} × I_n`, method: 'soft-starter', tap: 1 },
  ];
  const isChosen = (option: Option) => option.method === method && (method !== 'autotransformer' || Math.abs(option.tap - tap) < 1e-9);
  const directCurrent = startRatio * ratedCurrent;
  const bars: BarSpec[] = options.map((option) => {
    const fractions = startFractions(option.method, option.tap, currentLimit, startRatio);
    const current = fractions.current * directCurrent;
    const chosen = isChosen(option);
    return {
      category: `${option.label} · Cp ${percent(fractions.torque)}`,
      value: current,
      valueLabel: `${formatValue(current, 4)} A (${formatValue(current / ratedCurrent, 3)} × I_n)${chosen ? ' escolhido' : ''}`,
      style: chosen ? 'primary' : 'reference',
      highlight: chosen,
    };
  });
  if (method === 'inverter') {
    bars.push({
      category: 'Inversor',
      value: ratedCurrent,
      valueLabel: `≈ ${formatValue(ratedCurrent, 4)} A escolhido`,
      style: 'primary',
      highlight: true,
    });
  }
  const chosenBar = bars.find((bar) => bar.highlight);
  const chosenCurrent = chosenBar?.value ?? directCurrent;
  const chosenName = options.find(isChosen)?.label ?? (method === 'inverter' ? 'Inversor' : 'Partida direta');
  const summary =
    `${chosenName}: corrente de partida ${formatValue(chosenCurrent, 4)} A (${formatValue(chosenCurrent / ratedCurrent, 3)} × I_n), ` +
    `contra ${formatValue(directCurrent, 4)} A na partida direta; I_n = ${formatValue(ratedCurrent, 4)} A. Cp: conjugado de partida em % do da partida direta.`;
  return [
    figure({ id: 'corrente-partida-metodos', title: 'Corrente de partida por método', summary }, (frame) =>
      barChart({
        ...frame,
        bars,
        // Room past the longest bar for its label.
        axis: { title: 'Corrente de linha na partida (A)', min: 0, max: 1.3 * directCurrent },
        limits: [{ value: ratedCurrent, label: `I_n = ${formatValue(ratedCurrent, 3)} A`, style: 'limit' }],
      }),
    ),
  ];
}
