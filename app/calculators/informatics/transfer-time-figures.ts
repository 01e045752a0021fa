import { figure, formatValue, xyChart, type LimitSpec, type Point } from '../../charts';
import { formatDuration } from '../format';
import { type Figure } from '../types';

export interface TransferFigureInput {
  /** Bytes. */
  readonly size: number;
  /** bit/s after the efficiency. */
  readonly effectiveRate: number;
  readonly seconds: number;
}

const LINK_RATES = [
  { rate: 1e7, label: '10 Mbit/s' },
  { rate: 1e8, label: '100 Mbit/s' },
  { rate: 1e9, label: '1 Gbit/s' },
  { rate: 1e10, label: '10 Gbit/s' },
] as const;

function rateText(bitsPerSecond: number): string {
  if (bitsPerSecond >= 1e9) return `${formatValue(bitsPerSecond / 1e9, 3)} Gbit/s`;
  if (bitsPerSecond >= 1e6) return `${formatValue(bitsPerSecond / 1e6, 3)} Mbit/s`;
  return `${formatValue(bitsPerSecond / 1e3, 3)} kbit/s`;
}

/** 'Tempo × vazão' (notes, I2), log–log: the file's line from 1 Mbit/s to 10 Gbit/s, the effective rate, common links. */
export function transferFigures({ size, effectiveRate, seconds }: TransferFigureInput): Figure[] {
  const low = Math.min(1e6, effectiveRate);
  const high = Math.max(1e10, effectiveRate);
  const points: Point[] = [];
  for (let index = 0; index <= 40; index += 1) {
    const rate = low * (high / low) ** (index / 40);
    points.push([rate, (size * 8) / rate]);
  }
  const limits: LimitSpec[] = LINK_RATES.map((link) => ({
    axis: 'x',
    value: link.rate,
    label: link.label,
    style: 'reference',
    labelAt: 'start',
  }));
  const summary =
    `Tempo para transferir ${formatValue(size / 1e9, 3)} GB conforme a vazão (escalas logarítmicas): a ${rateText(effectiveRate)} efetivos leva ` +
    `${formatValue(seconds, 4)} s (${formatDuration(seconds)}); a 1 Gbit/s levaria ${formatDuration((size * 8) / 1e9)} e a 100 Mbit/s ${formatDuration((size * 8) / 1e8)}.`;
  return [
    figure({ id: 'tempo-vazao', title: 'Tempo de transferência × vazão', summary }, (frame) =>
      xyChart({
        ...frame,
        x: { title: 'Vazão efetiva (bit/s)', log: true, min: low, max: high, format: rateText },
        y: { title: 'Tempo (s)', log: true },
        series: [{ label: `${formatValue(size / 1e9, 3)} GB`, points }],
        limits,
        points: [{ x: effectiveRate, y: seconds, label: `${rateText(effectiveRate)}; t = ${formatDuration(seconds)}` }],
        notes: ['1 min = 60 s; 1 h = 3.600 s; 1 dia = 86.400 s'],
      }),
    ),
  ];
}
