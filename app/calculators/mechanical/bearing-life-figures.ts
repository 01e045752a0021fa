import {
  figure,
  formatLogTick,
  formatValue,
  powerOfTen,
  quantityLabel,
  xyChart,
  type BandSpec,
  type LimitSpec,
  type PointSpec,
  type SeriesSpec,
} from '../../charts';
import { type Figure } from '../types';

/** What the chart needs from a bearing-life result (forces in N, lives in h). */
export interface BearingLifeNumbers {
  /** Life exponent p (3 or 10/3). */
  readonly exponent: number;
  readonly rating: number;
  readonly load: number;
  readonly speedRpm: number;
  /** a₁·a_ISO */
  readonly lifeFactor: number;
  readonly l10h: number;
  readonly lnmh: number;
  /** Below it the rolling elements may skid; above `heavyLoad` the model leaves its usual range. */
  readonly minimumLoad: number;
  readonly heavyLoad: number;
  readonly requiredLife?: number;
  readonly requiredRating?: number;
}

const CURVE_POINTS = 48;
/** The notes' x range starts at 0,02·C. */
const CHART_LOW_FRACTION = 0.02;

/** Life ticks written out up to 100.000 h, as powers of ten beyond (they would not fit the margin). */
const lifeTick = (value: number) => (value < 1e6 ? formatLogTick(value) : powerOfTen(Math.round(Math.log10(value))));

/** `count` values spaced evenly on a log scale from `low` to `high`. */
function logSpace(low: number, high: number, count: number): number[] {
  const step = Math.log(high / low) / (count - 1);
  return Array.from({ length: count }, (_, index) => low * Math.exp(step * index));
}

/**
 * "Vida × carga" (research notes, vida-rolamento): L10h(P) for the given C and n on log–log axes,
 * the modified life when a₁·a_ISO ≠ 1, the required life, the operating point, and the loads
 * outside the usual range of the model hatched.
 */
export function bearingLifeFigures(numbers: BearingLifeNumbers): Figure[] {
  const { exponent, rating, load, speedRpm, lifeFactor, l10h, lnmh, minimumLoad, heavyLoad, requiredLife, requiredRating } = numbers;
  const kN = (newtons: number) => newtons / 1000;
  const lifeAt = (p: number) => (1e6 * (rating / p) ** exponent) / (60 * speedRpm);
  const low = Math.min(CHART_LOW_FRACTION * rating, load / 1.25);
  const high = Math.max(1.2 * heavyLoad, load * 1.25);
  const loads = logSpace(low, high, CURVE_POINTS);
  const curve = (factor: number) => loads.map((p) => [kN(p), factor * lifeAt(p)] as const);

  const series: SeriesSpec[] = [{ label: 'L10h (90 %)', points: curve(1), style: 'primary' }];
  const points: PointSpec[] = [{ x: kN(load), y: l10h, label: quantityLabel('L10h', l10h, 'h', 4), placement: 'above-right' }];
  if (lifeFactor !== 1) {
    series.push({
      label: `Lnmh (a₁·a_ISO = ${formatValue(lifeFactor, 3)})`,
      points: curve(lifeFactor),
      style: 'secondary',
      dash: 'dashed',
    });
    points.push({ x: kN(load), y: lnmh, label: quantityLabel('Lnmh', lnmh, 'h', 4), style: 'secondary', placement: 'below-left' });
  }
  const limits: LimitSpec[] = [{ axis: 'x', value: kN(load), label: quantityLabel('P', kN(load), 'kN', 4), style: 'reference' }];
  if (requiredLife !== undefined)
    limits.push({ axis: 'y', value: requiredLife, label: `Vida requerida ${formatValue(requiredLife, 6)} h` });
  const bands: BandSpec[] = [{ axis: 'x', from: kN(heavyLoad), to: kN(high), label: 'fora da faixa usual (P > 0,5·C)', kind: 'invalid' }];
  if (low < minimumLoad) bands.push({ axis: 'x', from: kN(low), to: kN(minimumLoad), label: 'abaixo da carga mínima', kind: 'uncertain' });

  const requiredText =
    requiredRating === undefined
      ? ''
      : ` Para ${formatValue(requiredLife ?? 0, 6)} h: C necessário = ${formatValue(kN(requiredRating), 4)} kN.`;
  const modifiedText = lifeFactor === 1 ? '' : ` Vida modificada Lnmh = ${formatValue(lnmh, 4)} h.`;
  const summary =
    `Vida nominal L10h em função da carga equivalente P, para C = ${formatValue(kN(rating), 4)} kN e n = ${formatValue(speedRpm, 5)} rpm (eixos logarítmicos). ` +
    `Ponto de operação: P = ${formatValue(kN(load), 4)} kN; L10h = ${formatValue(l10h, 4)} h.${modifiedText}${requiredText}`;
  const notes = requiredRating === undefined ? [] : [`C necessário = ${formatValue(kN(requiredRating), 4)} kN`];

  return [
    figure({ id: 'vida-carga', title: 'Vida × carga', summary }, (frame) =>
      xyChart({
        ...frame,
        x: { title: 'Carga dinâmica equivalente P (kN)', log: true, min: kN(low), max: kN(high) },
        y: { title: 'Vida (h)', log: true, format: lifeTick },
        series,
        points,
        limits,
        bands,
        notes,
      }),
    ),
  ];
}
