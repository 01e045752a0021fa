import { figure, formatValue, quantityLabel, xyChart, type LimitSpec, type DrawnFigure, type Point } from '../../charts';

/** Everything in SI: J/K, W, W/K, K, s. */
export interface TankFigureInput {
  readonly capacity: number;
  readonly power: number;
  readonly ua: number;
  readonly t0: number;
  readonly tf: number;
  readonly ta: number;
  /** Time to reach tf with losses, and without. */
  readonly time: number;
  readonly timeWithoutLosses: number;
  /** T_∞ when there are losses. */
  readonly asymptote?: number;
  /** T(t) of the well-mixed tank with these inputs. */
  readonly temperatureAt: (seconds: number) => number;
}

const SAMPLES = 61;
const HOUR = 3600;
const KWH = 3.6e6;
const celsius = (kelvin: number) => kelvin - 273.15;
const hoursText = (seconds: number) => `${formatValue(seconds / HOUR, 3)} h`;
const degreesText = (kelvin: number) => `${formatValue(celsius(kelvin), 3)} °C`;

function sample(end: number, value: (seconds: number) => number): Point[] {
  return Array.from({ length: SAMPLES }, (_, index): Point => {
    const seconds = (end * index) / (SAMPLES - 1);
    return [seconds / HOUR, value(seconds)];
  });
}

/** Temperature × time with and without losses, and the cumulative energy supplied against the heat kept. */
export function tankHeatingFigures(input: TankFigureInput): DrawnFigure[] {
  const { capacity, power, t0, tf, ta, time, timeWithoutLosses, asymptote, temperatureAt } = input;
  const end = 1.2 * time;
  const low = Math.min(ta, t0) - 5;
  const high = tf + 10;
  const limits: LimitSpec[] = [
    { axis: 'y', value: celsius(tf), label: `meta T_f = ${degreesText(tf)}`, style: 'ok' },
    { axis: 'y', value: celsius(ta), label: `ambiente T_a = ${degreesText(ta)}`, style: 'reference' },
  ];
  if (asymptote !== undefined && asymptote <= high && asymptote >= low) {
    limits.push({
      axis: 'y',
      value: celsius(asymptote),
      label: `assíntota T_∞ = ${degreesText(asymptote)}`,
      style: 'reference',
      labelAt: 'end',
    });
  }
  const withLosses = sample(end, (seconds) => Math.min(celsius(high), celsius(temperatureAt(seconds))));
  const withoutLosses: Point[] = [
    [0, celsius(t0)],
    [timeWithoutLosses / HOUR, celsius(tf)],
  ];
  const lossesNote = asymptote !== undefined ? ` (T_∞ = ${degreesText(asymptote)})` : '';

  const temperatureChart = figure(
    {
      id: 'temperatura-tempo',
      title: 'Temperatura × tempo',
      summary: `De ${degreesText(t0)} a ${degreesText(tf)}: com perdas em ${hoursText(time)}${lossesNote}; sem perdas em ${hoursText(timeWithoutLosses)}.`,
    },
    (frame) =>
      xyChart({
        ...frame,
        x: { title: 'Tempo (h)', min: 0, max: end / HOUR },
        y: { title: 'Temperatura (°C)', min: celsius(low), max: celsius(high) },
        series: [
          { label: 'com perdas', points: withLosses },
          { label: 'sem perdas', points: withoutLosses, style: 'secondary', dash: 'dashed' },
        ],
        limits,
        points: [{ x: time / HOUR, y: celsius(tf), label: quantityLabel('t', time / HOUR, 'h') }],
      }),
  );

  const supplied = sample(time, (seconds) => (power * seconds) / KWH);
  const kept = sample(time, (seconds) => (capacity * (temperatureAt(seconds) - t0)) / KWH);
  const energy = (power * time) / KWH;
  const heat = (capacity * (tf - t0)) / KWH;
  const losses = energy - heat;
  const energyChart = figure(
    {
      id: 'energia-acumulada',
      title: 'Energia acumulada',
      summary: `Até ${hoursText(time)}: energia fornecida ${formatValue(energy, 4)} kWh, calor sensível ${formatValue(heat, 4)} kWh, perdas ${formatValue(losses, 3)} kWh (${formatValue((100 * losses) / energy, 3)} %).`,
    },
    (frame) =>
      xyChart({
        ...frame,
        x: { title: 'Tempo (h)', min: 0, max: time / HOUR },
        y: { title: 'Energia acumulada (kWh)', includeZero: true },
        series: [
          { label: 'energia fornecida', points: supplied, style: 'limit' },
          { label: 'calor sensível no líquido', points: kept },
        ],
        arrows: [
          {
            from: [time / HOUR, heat],
            to: [time / HOUR, energy],
            both: true,
            label: `perdas ${formatValue(losses, 3)} kWh`,
            labelSide: 'start',
          },
        ],
      }),
  );
  return [temperatureChart, energyChart];
}
