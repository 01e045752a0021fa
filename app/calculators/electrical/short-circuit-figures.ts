import { barChart, figure, formatValue, type BarLimitSpec, type BarSpec } from '../../charts';
import { type Figure } from '../types';

/** Breaking capacities common in low-voltage breaker series, kA (the catalogue has the final word). */
export const BREAKING_CAPACITIES = [6, 10, 16, 25, 36, 50, 65, 85, 100, 150] as const;
const FACTORS = [1, 1.05, 1.1] as const;

export interface ShortCircuitFigureInput {
  /** A. */
  readonly ratedCurrent: number;
  /** Short-circuit current with c = 1 (A); the others scale with c. */
  readonly currentAtUnity: number;
  /** The c the user chose. */
  readonly chosenFactor: number;
}

const kA = (amperes: number) => `${formatValue(amperes / 1000, 3)} kA`;

/** 'I_k × capacidade de interrupção' (notes, E3): I_n and I_k for c = 1,00/1,05/1,10 against the breaker series. */
export function shortCircuitFigures({ ratedCurrent, currentAtUnity, chosenFactor }: ShortCircuitFigureInput): Figure[] {
  const maxCurrent = (currentAtUnity * Math.max(1.1, chosenFactor)) / 1000;
  const firstEnough = BREAKING_CAPACITIES.find((capacity) => capacity >= maxCurrent * (1 - 1e-12));
  const shown = BREAKING_CAPACITIES.filter((capacity) => capacity <= (firstEnough ?? maxCurrent));
  const bars: BarSpec[] = [
    { category: 'Iₙ (nominal)', value: ratedCurrent / 1000, valueLabel: kA(ratedCurrent), style: 'reference' },
    ...FACTORS.map((c) => ({
      category: `I″k com c = ${formatValue(c, 3).replace(/^1$/, '1,00').replace(/^1,1$/, '1,10')}`,
      value: (currentAtUnity * c) / 1000,
      valueLabel: kA(currentAtUnity * c),
      highlight: Math.abs(c - chosenFactor) < 1e-9,
    })),
  ];
  const limits: BarLimitSpec[] = shown.map((capacity) =>
    capacity === firstEnough
      ? { value: capacity, label: `${capacity} kA ✓ ≥ I″k máx.`, style: 'ok' }
      : { value: capacity, label: `${capacity} kA`, style: 'reference' },
  );
  const summary =
    `Iₙ = ${formatValue(ratedCurrent, 3)} A; I″k nos terminais = ${kA(currentAtUnity)} (c = 1,00), ${kA(currentAtUnity * 1.05)} (c = 1,05) e ${kA(currentAtUnity * 1.1)} (c = 1,10). ` +
    (firstEnough !== undefined
      ? `A primeira capacidade de interrupção comercial que atende I″k máx. é ${firstEnough} kA (capacidade de interrupção ≥ I″k máx.; confira a série do fabricante).`
      : `Nenhuma capacidade até 150 kA atende: reveja o transformador ou a proteção.`);

  return [
    figure({ id: 'curto-capacidade', title: 'Corrente de curto-circuito × capacidade de interrupção', summary }, (frame) =>
      barChart({
        ...frame,
        height: 360,
        axis: { title: 'Corrente (kA)', min: 0, max: Math.max(firstEnough ?? 0, maxCurrent) * 1.1 },
        bars,
        limits,
        notes: ['linhas verticais: capacidades de interrupção usuais de disjuntores BT'],
      }),
    ),
  ];
}
