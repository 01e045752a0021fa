import { figure, formatValue, xyChart } from '../../charts';
import { type Figure } from '../types';

export interface ExchangerProfileInput {
  readonly counter: boolean;
  /** K. */
  readonly hotIn: number;
  readonly hotOut: number;
  readonly coldIn: number;
  readonly coldOut: number;
  readonly deltaT1: number;
  readonly deltaT2: number;
  readonly lmtd: number;
}

const celsius = (kelvin: number) => kelvin - 273.15;

/** 'Perfis de temperatura ao longo do trocador' (notes, Q3): straight lines between the terminal values. */
export function exchangerFigures(input: ExchangerProfileInput): Figure[] {
  const { counter, deltaT1, deltaT2, lmtd } = input;
  const hotIn = celsius(input.hotIn);
  const hotOut = celsius(input.hotOut);
  const coldIn = celsius(input.coldIn);
  const coldOut = celsius(input.coldOut);
  const t = (value: number) => formatValue(value, 4);
  // Counter-flow: the cold stream enters at x = 1; parallel flow: both enter at x = 0.
  const cold: [number, number][] = counter
    ? [
        [1, coldIn],
        [0, coldOut],
      ]
    : [
        [0, coldIn],
        [1, coldOut],
      ];
  const coldAt0 = counter ? coldOut : coldIn;
  const coldAt1 = counter ? coldIn : coldOut;
  const arrangement = counter ? 'contracorrente' : 'correntes paralelas';
  const summary =
    `Em ${arrangement}, o fluido quente vai de ${t(hotIn)} °C a ${t(hotOut)} °C e o frio de ${t(coldIn)} °C a ${t(coldOut)} °C. ` +
    `Diferenças nas extremidades: ΔT₁ = ${t(deltaT1)} K e ΔT₂ = ${t(deltaT2)} K; ΔT_ml = ${formatValue(lmtd, 3)} K. Perfil esquemático (retas entre os valores terminais).`;
  const arrowY = (from: number, to: number) => from + (to - from) * 0.5;

  return [
    figure({ id: 'perfis-temperatura', title: 'Perfis de temperatura ao longo do trocador', summary }, (frame) =>
      xyChart({
        ...frame,
        x: { title: 'Posição ao longo do trocador (fração da área)', min: 0, max: 1 },
        y: { title: 'Temperatura T (°C)', tickCount: 7 },
        series: [
          {
            label: `quente: ${t(hotIn)} → ${t(hotOut)} °C`,
            points: [
              [0, hotIn],
              [1, hotOut],
            ],
            style: 'secondary',
            dash: 'solid',
            inlineLabel: false,
          },
          { label: `frio: ${t(coldIn)} → ${t(coldOut)} °C`, points: cold, style: 'primary', dash: 'dashed', inlineLabel: false },
        ],
        arrows: [
          {
            from: [0.4, arrowY(hotIn, hotOut) + 0.1 * (hotIn - hotOut)],
            to: [0.6, arrowY(hotIn, hotOut) - 0.1 * (hotIn - hotOut)],
            style: 'secondary',
          },
          counter
            ? {
                from: [0.6, arrowY(coldOut, coldIn) - 0.1 * (coldOut - coldIn)],
                to: [0.4, arrowY(coldOut, coldIn) + 0.1 * (coldOut - coldIn)],
                style: 'primary',
              }
            : {
                from: [0.4, arrowY(coldIn, coldOut) - 0.1 * (coldOut - coldIn)],
                to: [0.6, arrowY(coldIn, coldOut) + 0.1 * (coldOut - coldIn)],
                style: 'primary',
              },
          { from: [0.03, hotIn], to: [0.03, coldAt0], both: true, label: `ΔT₁ = ${t(deltaT1)} K` },
          { from: [0.97, hotOut], to: [0.97, coldAt1], both: true, label: `ΔT₂ = ${t(deltaT2)} K`, labelSide: 'start' },
        ],
        annotations: [{ x: 0.5, y: (hotIn + hotOut + coldIn + coldOut) / 4, text: `ΔT_ml = ${formatValue(lmtd, 3)} K` }],
        notes: ['perfil esquemático; as setas indicam o sentido de cada escoamento'],
      }),
    ),
  ];
}
