import { barChart, figure, formatValue, quantityLabel, xyChart, type BandSpec, type DrawnFigure, type Point } from '../../charts';

export interface GasFigureInput {
  /** Pa, absolute. */
  readonly pressure: number;
  readonly z: number;
  /** Z of the virial correlation at P = 0 … 2P is 1 + slope·P (slope in 1/Pa). */
  readonly virialSlope: number;
  /** The virial correlation is the model (else it is drawn as a reference). */
  readonly virialModel: boolean;
  /** Pressure above which the estimated V_r falls below 2 (Pa), when there is one. */
  readonly invalidAbove?: number;
  /** °C, for the curve's label. */
  readonly temperatureCelsius: number;
  readonly density: number;
  readonly idealDensity: number;
}

const BAR = 1e5;
const SAMPLES = 41;

/** Z × pressure at the given temperature, and real against ideal density. */
export function realGasFigures(input: GasFigureInput): DrawnFigure[] {
  const { pressure, z, virialSlope, virialModel, invalidAbove, temperatureCelsius, density, idealDensity } = input;
  const top = 2 * pressure;
  const line: Point[] = Array.from({ length: SAMPLES }, (_, index): Point => {
    const p = (top * index) / (SAMPLES - 1);
    return [p / BAR, 1 + virialSlope * p];
  }).filter(([, value]) => value > 0);
  const zs = [z, 1, ...line.map(([, value]) => value)];
  const bands: BandSpec[] =
    invalidAbove !== undefined && invalidAbove < top
      ? [{ axis: 'x', from: invalidAbove / BAR, to: top / BAR, label: 'fora da validade (V_r < 2)', kind: 'invalid' }]
      : [];
  const pressureText = `${formatValue(pressure / BAR, 4)} bar`;
  const zText = formatValue(z, 3);
  const curveLabel = `correlação virial a ${formatValue(temperatureCelsius, 3)} °C`;

  const zChart = figure(
    {
      id: 'z-pressao',
      title: 'Fator Z × pressão',
      summary: `Z = ${zText} a ${pressureText} (absoluta); a linha mostra Z da correlação virial de 0 a ${formatValue(top / BAR, 4)} bar na mesma temperatura${
        bands.length > 0 ? `, fora da validade acima de ${formatValue((invalidAbove ?? 0) / BAR, 3)} bar` : ''
      }; Z = 1 é o gás ideal.`,
    },
    (frame) =>
      xyChart({
        ...frame,
        x: { title: 'Pressão absoluta (bar)', min: 0, max: top / BAR },
        y: { title: 'Fator de compressibilidade Z (adimensional)', min: Math.min(...zs) - 0.05, max: Math.max(...zs) + 0.05 },
        series: [{ label: curveLabel, points: line, style: virialModel ? 'primary' : 'reference' }],
        limits: [{ axis: 'y', value: 1, label: 'gás ideal (Z = 1)', style: 'reference' }],
        bands,
        points: [{ x: pressure / BAR, y: z, label: quantityLabel('Z', z) }],
      }),
  );

  const deviation = 100 * (density / idealDensity - 1);
  const deviationText = `${deviation > 0 ? '+' : deviation < 0 ? '−' : ''}${formatValue(Math.abs(deviation), 2)} %`;
  const densityChart = figure(
    {
      id: 'massa-especifica',
      title: 'Massa específica: real × gás ideal',
      summary: `Massa específica ${formatValue(density, 4)} kg/m³ com Z = ${zText}, contra ${formatValue(idealDensity, 4)} kg/m³ como gás ideal (${deviationText}).`,
    },
    (frame) =>
      barChart({
        ...frame,
        height: 260,
        axis: { title: 'Massa específica (kg/m³)' },
        bars: [
          {
            category: `real (Z = ${zText})`,
            value: density,
            valueLabel: `${formatValue(density, 4)} kg/m³ (${deviationText})`,
            highlight: true,
          },
          { category: 'gás ideal (Z = 1)', value: idealDensity, valueLabel: `${formatValue(idealDensity, 4)} kg/m³`, style: 'reference' },
        ],
      }),
  );
  return [zChart, densityChart];
}
