import { arc, arrow, canvas, COLORS, figure, formatFixed, formatValue, line, polar, polygon, text, TEXT_COLORS } from '../../charts';
import { type Figure } from '../types';

export interface PowerTriangleInput {
  /** W. */
  readonly activePower: number;
  readonly powerFactorBefore: number;
  readonly powerFactorAfter: number;
  /** Reference power factor of the ANEEL rules. */
  readonly reference: number;
}

const degrees = (powerFactor: number) => (Math.acos(powerFactor) * 180) / Math.PI;

/** The power triangle before and after correction sharing the P side, with the bank's Q_c (notes, E2). */
export function powerFactorFigures({ activePower, powerFactorBefore, powerFactorAfter, reference }: PowerTriangleInput): Figure[] {
  const P = activePower / 1000;
  const Q1 = P * Math.tan(Math.acos(powerFactorBefore));
  const Q2 = P * Math.tan(Math.acos(powerFactorAfter));
  const S1 = P / powerFactorBefore;
  const S2 = P / powerFactorAfter;
  const Qc = Q1 - Q2;
  const phi1 = degrees(powerFactorBefore);
  const phi2 = degrees(powerFactorAfter);
  const v = (value: number) => formatValue(value, 4);
  const summary =
    `Triângulo de potências com P = ${v(P)} kW. Antes: Q₁ = ${v(Q1)} kvar, S₁ = ${v(S1)} kVA, φ₁ = ${formatFixed(phi1, 1)}° (cos φ₁ = ${formatFixed(powerFactorBefore, 2)}). ` +
    `Depois: Q₂ = ${v(Q2)} kvar, S₂ = ${v(S2)} kVA, φ₂ = ${formatFixed(phi2, 1)}° (cos φ₂ = ${formatFixed(powerFactorAfter, 2)}). ` +
    `O banco de capacitores fornece Q_c = ${v(Qc)} kvar. Referência ANEEL: ${formatFixed(reference, 2)}.`;

  return [
    figure({ id: 'triangulo-potencias', title: 'Triângulo de potências antes e depois da correção', summary }, (frame) => {
      const scale = Math.min(420 / P, 260 / Math.max(Q1, 1e-9));
      const ox = 70;
      const oy = 350;
      const x = ox + P * scale;
      const y1 = oy - Q1 * scale;
      const y2 = oy - Q2 * scale;
      const children = [
        polygon(
          [
            [ox, oy],
            [x, oy],
            [x, y1],
          ],
          { fill: COLORS.reference, fillOpacity: 0.12, stroke: COLORS.reference, width: 1.5, dash: '2 4' },
        ),
        polygon(
          [
            [ox, oy],
            [x, oy],
            [x, y2],
          ],
          { fill: COLORS.primary, fillOpacity: 0.15, stroke: COLORS.primary, width: 2.5 },
        ),
        line(x, y2, x, y1, { stroke: COLORS.limit, width: 5 }),
        arc(ox, oy, 110, 0, phi1, { stroke: COLORS.reference, width: 1.5, dash: '2 4' }),
        arc(ox, oy, 75, 0, phi2, { stroke: COLORS.primary, width: 2 }),
        text(...polar(ox, oy, 116, phi1 * 0.75), 'φ₁', { size: 13, color: TEXT_COLORS.reference, halo: true }),
        text(...polar(ox, oy, 81, phi2 / 2), 'φ₂', { size: 13, color: TEXT_COLORS.primary, halo: true, weight: 'bold' }),
        text(20, 28, `Antes (pontilhado): φ₁ = ${formatFixed(phi1, 1)}°, cos φ₁ = ${formatFixed(powerFactorBefore, 2)}`, {
          size: 13,
          color: TEXT_COLORS.reference,
        }),
        text(20, 48, `Depois (linha cheia): φ₂ = ${formatFixed(phi2, 1)}°, cos φ₂ = ${formatFixed(powerFactorAfter, 2)}`, {
          size: 13,
          color: TEXT_COLORS.primary,
          weight: 'bold',
        }),
        text((ox + x) / 2, oy + 22, `P = ${v(P)} kW`, { anchor: 'middle', weight: 'bold' }),
        text(x + 10, (oy + y2) / 2, `Q₂ = ${v(Q2)} kvar (depois)`, { baseline: 'middle', color: TEXT_COLORS.primary, weight: 'bold' }),
        text(x + 10, (y2 + y1) / 2, `Q_c = ${v(Qc)} kvar (banco)`, { baseline: 'middle', color: TEXT_COLORS.limit, weight: 'bold' }),
        text(x + 10, y1 - 4, `Q₁ = ${v(Q1)} kvar (antes)`, { baseline: 'middle', color: TEXT_COLORS.reference }),
        text((ox + x) / 2 - 14, (oy + y1) / 2 - 10, `S₁ = ${v(S1)} kVA`, { anchor: 'end', color: TEXT_COLORS.reference, halo: true }),
        text((ox + x) / 2 + 24, (oy + y2) / 2 + 16, `S₂ = ${v(S2)} kVA`, { color: TEXT_COLORS.primary, weight: 'bold', halo: true }),
        arrow(30, oy, 30, oy - 60, { head: 8 }),
        text(36, oy - 66, 'Q (kvar)', { size: 12 }),
        text(700, 412, `Referência ANEEL: cos φ ≥ ${formatFixed(reference, 2)}.`, {
          anchor: 'end',
          size: 12,
          italic: true,
          color: TEXT_COLORS.muted,
        }),
        text(700, 430, 'Escala: 1 kW = 1 kvar = 1 kVA.', { anchor: 'end', size: 12, italic: true, color: TEXT_COLORS.muted }),
      ];
      return canvas({ ...frame, children });
    }),
  ];
}
