import { figure, formatValue, xyChart, type AreaSpec, type SeriesSpec } from '../../charts';
import { type Figure } from '../types';

export interface BoltFigureInput {
  /** m. */
  readonly diameter: number;
  /** N. */
  readonly proofLoad: number;
  readonly preload: number;
  readonly torqueCoefficient: number;
  /** N·m. */
  readonly torque: number;
}

const REFERENCE_COEFFICIENTS = [
  { k: 0.13, label: 'K = 0,13 (lubrificado)' },
  { k: 0.15, label: 'K = 0,15' },
  { k: 0.2, label: 'K = 0,20 (seco)' },
] as const;

/** 'Torque × pré-carga' (notes, M3): T = K·Fᵢ·d lines, the ±25 % band, the proof load and the chosen point. */
export function boltFigures({ diameter, proofLoad, preload, torqueCoefficient, torque }: BoltFigureInput): Figure[] {
  const fp = proofLoad / 1000;
  const line = (k: number): [number, number][] => [
    [0, 0],
    [fp, k * proofLoad * diameter],
  ];
  const series: SeriesSpec[] = [
    ...REFERENCE_COEFFICIENTS.filter((ref) => Math.abs(ref.k - torqueCoefficient) > 1e-9).map((ref) => ({
      label: ref.label,
      points: line(ref.k),
      style: 'reference' as const,
    })),
    {
      label: `${REFERENCE_COEFFICIENTS.find((ref) => Math.abs(ref.k - torqueCoefficient) <= 1e-9)?.label ?? `K = ${formatValue(torqueCoefficient, 3)}`} – escolhido`,
      points: line(torqueCoefficient),
      emphasis: true,
    },
  ];
  const band: AreaSpec = {
    label: 'dispersão típica do aperto por torque (±25 %)',
    points: [
      [0, 0],
      [fp, 1.25 * torqueCoefficient * proofLoad * diameter],
    ],
    lower: [
      [0, 0],
      [fp, 0.75 * torqueCoefficient * proofLoad * diameter],
    ],
    style: 'ok',
  };
  const summary =
    `Torque × pré-carga para d = ${formatValue(diameter * 1000, 3)} mm: com K = ${formatValue(torqueCoefficient, 3)}, a pré-carga de ${formatValue(preload / 1000, 3)} kN pede ${formatValue(torque, 3)} N·m. ` +
    `A carga de prova é ${formatValue(fp, 3)} kN (linha tracejada); a faixa de ±25 % mostra a dispersão típica da pré-carga obtida por torque.`;

  return [
    figure({ id: 'torque-pre-carga', title: 'Torque × pré-carga', summary }, (frame) =>
      xyChart({
        ...frame,
        x: { title: 'Pré-carga Fᵢ (kN)', min: 0, max: fp * 1.1 },
        y: { title: 'Torque de aperto T (N·m)', min: 0 },
        areas: [band],
        series,
        limits: [{ axis: 'x', value: fp, label: `carga de prova Fₚ = ${formatValue(fp, 3)} kN` }],
        points: [{ x: preload / 1000, y: torque, label: `Fᵢ = ${formatValue(preload / 1000, 3)} kN; T = ${formatValue(torque, 3)} N·m` }],
        legend: true,
      }),
    ),
  ];
}
