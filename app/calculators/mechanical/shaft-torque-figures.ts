import { figure, formatFixed, formatValue, xyChart, type Point } from '../../charts';
import { type Figure } from '../types';

/** Preferred shaft diameters, mm (ISO 497 / R20 series, the common ones). */
export const STANDARD_DIAMETERS = [
  6, 8, 10, 12, 14, 16, 18, 20, 22, 25, 28, 30, 32, 35, 40, 45, 50, 55, 60, 65, 70, 75, 80, 90, 100, 110, 120, 140, 160, 180, 200, 220, 250,
  280, 320, 360, 400, 450, 500,
] as const;

export interface ShaftFigureInput {
  /** N·m: the torque T and the equivalent √(M² + T²). */
  readonly torque: number;
  readonly equivalentTorque: number;
  /** rpm, for the header. */
  readonly rpm: number;
  /** Pa. */
  readonly allowableShear: number;
  /** m. */
  readonly minDiameter: number;
}

/** 'Tensão × diâmetro' (notes, M1): τ(d) with τ_adm, d_min and the next standard diameter. */
export function shaftFigures({ torque, equivalentTorque, rpm, allowableShear, minDiameter }: ShaftFigureInput): Figure[] {
  const dMin = minDiameter * 1000;
  const tauAt = (dMm: number) => (16 * equivalentTorque) / (Math.PI * (dMm / 1000) ** 3) / 1e6;
  const next = STANDARD_DIAMETERS.find((d) => d >= dMin * (1 - 1e-9));
  const points: Point[] = [];
  for (let index = 0; index <= 60; index += 1) {
    const d = dMin * (0.5 + (2 * index) / 60);
    points.push([d, tauAt(d)]);
  }
  const tauAdm = allowableShear / 1e6;
  const withBending = equivalentTorque > torque * (1 + 1e-9);
  const header = `T = ${formatFixed(torque, 2)} N·m a ${formatValue(rpm, 4)} rpm`;
  const nextText =
    next !== undefined
      ? ` No diâmetro padronizado de ${next} mm, τ = ${formatValue(tauAt(next), 3)} MPa (n = ${formatFixed(tauAdm / tauAt(next), 2)}).`
      : '';
  const summary =
    `${header}${withBending ? ` com flexão (torque equivalente ${formatFixed(equivalentTorque, 2)} N·m)` : ''}: a tensão de cisalhamento cai com o cubo do diâmetro; ` +
    `com τ_adm = ${formatValue(tauAdm, 3)} MPa o diâmetro mínimo é d_mín = ${formatValue(dMin, 3)} mm.${nextText}`;

  return [
    figure({ id: 'tensao-diametro', title: 'Tensão de cisalhamento × diâmetro do eixo', summary }, (frame) =>
      xyChart({
        ...frame,
        x: { title: 'Diâmetro d (mm)', min: 0.5 * dMin, max: 2.5 * dMin },
        y: { title: 'Tensão de cisalhamento τ (MPa)', min: 0, max: Math.min(tauAt(0.5 * dMin), 4 * tauAdm) },
        series: [{ label: withBending ? 'τ = 16·√(M² + T²)/(π·d³)' : 'τ = 16·T/(π·d³)', points }],
        limits: [
          { axis: 'y', value: tauAdm, label: `τ_adm = ${formatValue(tauAdm, 3)} MPa` },
          ...(next !== undefined
            ? [{ axis: 'x' as const, value: next, label: `padronizado: ${next} mm`, style: 'reference' as const }]
            : []),
        ],
        points: [
          { x: dMin, y: tauAdm, label: `d_mín = ${formatValue(dMin, 3)} mm` },
          ...(next !== undefined
            ? [
                {
                  x: next,
                  y: tauAt(next),
                  label: `τ = ${formatValue(tauAt(next), 3)} MPa; n = ${formatFixed(tauAdm / tauAt(next), 2)}`,
                  style: 'ok' as const,
                },
              ]
            : []),
        ],
        notes: [header],
      }),
    ),
  ];
}
