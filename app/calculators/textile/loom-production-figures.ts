import { figure, formatFixed, formatValue, xyChart } from '../../charts';
import { type Figure } from '../types';

export interface LoomFigureInput {
  /** m/h at 100 %. */
  readonly theoreticalHour: number;
  /** % */
  readonly efficiency: number;
}

const SHIFT_HOURS = 8;

/** 'Produção × eficiência' (notes, T3): the line through the origin, the operating point, a right axis in m/turno. */
export function loomFigures({ theoreticalHour, efficiency }: LoomFigureInput): Figure[] {
  const at = (eta: number) => (theoreticalHour * eta) / 100;
  const summary =
    `Produção por tear proporcional à eficiência: ${formatValue(at(100), 3)} m/h a 100 %; com η = ${formatValue(efficiency, 3)} %, ` +
    `${formatFixed(at(efficiency), 1)} m/h (${formatValue(at(efficiency) * SHIFT_HOURS, 3)} m por turno de ${SHIFT_HOURS} h).`;
  return [
    figure({ id: 'producao-eficiencia', title: 'Produção × eficiência do tear', summary }, (frame) =>
      xyChart({
        ...frame,
        x: { title: 'Eficiência η (%)', min: Math.min(50, Math.floor(efficiency / 10) * 10), max: 100 },
        y: { title: 'Produção por tear (m/h)', min: 0, max: at(100) * 1.05 },
        y2: { title: `Produção por turno de ${SHIFT_HOURS} h (m/turno)`, factor: SHIFT_HOURS },
        series: [
          {
            label: 'produção = teórica · η',
            points: [
              [0, 0],
              [100, at(100)],
            ],
            inlineLabel: false,
          },
        ],
        points: [{ x: efficiency, y: at(efficiency), label: `η = ${formatValue(efficiency, 3)} %; ${formatFixed(at(efficiency), 1)} m/h` }],
      }),
    ),
  ];
}
