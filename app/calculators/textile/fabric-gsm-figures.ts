import { barChart, figure, formatFixed } from '../../charts';
import { type Figure } from '../types';

export interface FabricFigureInput {
  /** g/m². */
  readonly warpMass: number;
  readonly weftMass: number;
  readonly warpCover: number;
  readonly weftCover: number;
}

/** 'Contribuição de urdume e trama' (notes, T2): one stacked bar of g/m² with the cover factors. */
export function fabricGsmFigures({ warpMass, weftMass, warpCover, weftCover }: FabricFigureInput): Figure[] {
  const total = warpMass + weftMass;
  const g = (value: number) => formatFixed(value, 1);
  const summary =
    `Gramatura estimada ${g(total)} g/m²: urdume ${g(warpMass)} g/m² (${formatFixed((100 * warpMass) / total, 0)} %, fator de cobertura K₁ = ${g(warpCover)}) ` +
    `e trama ${g(weftMass)} g/m² (${formatFixed((100 * weftMass) / total, 0)} %, K₂ = ${g(weftCover)}).`;
  return [
    figure({ id: 'contribuicao-urdume-trama', title: 'Contribuição de urdume e trama na gramatura', summary }, (frame) =>
      barChart({
        ...frame,
        height: 240,
        axis: { title: 'Gramatura (g/m²)', min: 0 },
        bars: [
          {
            category: 'Tecido',
            segments: [
              { value: warpMass, label: `urdume: ${g(warpMass)} g/m² (K₁ = ${g(warpCover)})` },
              { value: weftMass, label: `trama: ${g(weftMass)} g/m² (K₂ = ${g(weftCover)})`, style: 'secondary' },
            ],
            valueLabel: `${g(total)} g/m²`,
          },
        ],
      }),
    ),
  ];
}
