import { figure, formatValue, quantityLabel, xyChart, type LimitSpec } from '../../charts';
import { type Figure } from '../types';

export interface TcpFigureInput {
  /** bit/s */
  readonly bandwidth: number;
  /** s */
  readonly rtt: number;
  /** B */
  readonly window: number;
  readonly bdpBytes: number;
  /** bit/s */
  readonly linkThroughput: number;
  /** bit/s; absent when the loss rate is 0. */
  readonly lossThroughput?: number;
  /** Loss rate in %, for the label. */
  readonly lossPercent: number;
  /** bit/s */
  readonly throughput: number;
  readonly limitText: string;
  readonly unscaledWindow: number;
}

const KIB = 1024;
const WINDOW_TICKS = [KIB, 64 * KIB, KIB ** 2, 16 * KIB ** 2, KIB ** 3];
const WINDOW_TICK_LABELS: ReadonlyMap<number, string> = new Map([
  [KIB, '1 KiB'],
  [64 * KIB, '64 KiB'],
  [KIB ** 2, '1 MiB'],
  [16 * KIB ** 2, '16 MiB'],
  [KIB ** 3, '1 GiB'],
]);
const CURVE_POINTS = 60;

/** Bytes as read on a host: below 1 MiB in bytes ('65.535 B'), above in MiB or GiB ('14,31 MiB'). */
export function bytesText(bytes: number): string {
  if (bytes < KIB ** 2) return `${formatValue(bytes, 4)} B`;
  if (bytes < KIB ** 3) return `${formatValue(bytes / KIB ** 2, 4)} MiB`;
  return `${formatValue(bytes / KIB ** 3, 4)} GiB`;
}

const mbit = (bitsPerSecond: number) => bitsPerSecond / 1e6;

/** "Vazão × janela" (research notes, I5): throughput against the receive window, log–log. */
export function tcpWindowFigures(input: TcpFigureInput): Figure[] {
  const { rtt, window, bdpBytes, linkThroughput, lossThroughput, lossPercent, throughput, limitText, unscaledWindow } = input;
  const xMin = Math.min(KIB, Math.max(1, window));
  const xMax = KIB ** 3;
  const curveAt = (bytes: number) => mbit(Math.min((8 * bytes) / rtt, linkThroughput));
  const knee = (linkThroughput * rtt) / 8;
  const samples = Array.from({ length: CURVE_POINTS + 1 }, (_, index) => xMin * (xMax / xMin) ** (index / CURVE_POINTS));
  const xs = [...samples, ...(knee > xMin && knee < xMax ? [knee] : [])].sort((a, b) => a - b);
  const yMax = 1.2 * mbit(input.bandwidth);
  const yMin = Math.min(0.01, mbit(throughput) / 10, curveAt(xMin));

  const limits: LimitSpec[] = [
    { axis: 'x', value: unscaledWindow, label: 'sem window scaling (64 KiB)', style: 'reference', labelAt: 'start' },
    { axis: 'x', value: bdpBytes, label: `BDP = ${formatValue(bdpBytes / 1e6, 4)} MB`, style: 'ok', labelAt: 'start' },
    ...(lossThroughput === undefined
      ? []
      : [
          {
            axis: 'y' as const,
            value: mbit(lossThroughput),
            label: `limite por perdas (p = ${formatValue(lossPercent, 3)} %): ${formatValue(mbit(lossThroughput), 4)} Mbit/s`,
          },
        ]),
  ];
  const summary =
    `Com janela de ${bytesText(window)} e RTT de ${formatValue(rtt * 1000, 4)} ms, a vazão de um fluxo é ${formatValue(mbit(throughput), 4)} Mbit/s, ${limitText.toLowerCase()}. ` +
    `BDP = ${formatValue(bdpBytes / 1e6, 4)} MB (${bytesText(bdpBytes)}); a curva sobe com a janela até a vazão útil do enlace, ${formatValue(mbit(linkThroughput), 4)} Mbit/s` +
    (lossThroughput === undefined ? '.' : `; a linha tracejada é o limite por perdas, ${formatValue(mbit(lossThroughput), 4)} Mbit/s.`);

  return [
    figure({ id: 'tcp-vazao-janela', title: 'Vazão × janela', summary }, (frame) =>
      xyChart({
        ...frame,
        x: {
          title: 'Janela de recepção W (bytes, escala log)',
          log: true,
          min: xMin,
          max: xMax,
          ticks: WINDOW_TICKS.filter((tick) => tick >= xMin),
          format: (value) => WINDOW_TICK_LABELS.get(value) ?? bytesText(value),
        },
        y: { title: 'Vazão (Mbit/s, escala log)', log: true, min: yMin, max: yMax },
        series: [
          {
            label: 'mín(8·W/RTT; enlace)',
            points: xs.map((bytes) => [bytes, curveAt(bytes)] as const),
            style: 'primary',
            inlineLabel: false,
          },
        ],
        limits,
        // A window under 1 B (a BDP-sized window on a very slow, very short path) is drawn at the axis' left end.
        points: [{ x: Math.max(window, xMin), y: mbit(throughput), label: quantityLabel('T', mbit(throughput), 'Mbit/s', 3) }],
        notes: [`${limitText}; T_enlace = ${formatValue(mbit(linkThroughput), 4)} Mbit/s`],
        legend: true,
      }),
    ),
  ];
}
