import { barChart, canvas, COLORS, figure, formatFixed, formatValue, line, rect, text, TEXT_COLORS, type BarSpec } from '../../charts';
import { formatDuration } from '../format';
import { type Figure } from '../types';

export interface AvailabilityFigureInput {
  /** Unavailability 1 − A of one component and of the system. */
  readonly componentUnavailability: number;
  readonly systemUnavailability: number;
  readonly count: number;
  readonly arrangement: 'series' | 'parallel';
}

const YEAR_HOURS = 365 * 24;
/** The usual SLA levels, as unavailability. */
const LEVELS = [1e-2, 1e-3, 5e-4, 1e-4, 1e-5] as const;

/** An availability in % with the decimals that show its nines: 0.999 → '99,9 %'. */
function percentText(unavailability: number): string {
  const decimals = Math.min(
    8,
    Math.max(
      0,
      Math.ceil(-Math.log10(unavailability) - 2 - 1e-9) + (unavailability * 10 ** Math.round(-Math.log10(unavailability)) > 1.0001 ? 1 : 0),
    ),
  );
  return `${formatFixed(100 * (1 - unavailability), decimals)} %`;
}

/** Downtime per year in one unit, 3 significant digits: '87,6 h', '52,6 min', '31,5 s'. */
function perYear(unavailability: number): string {
  const seconds = unavailability * YEAR_HOURS * 3600;
  if (seconds >= 3600) return `${formatValue(seconds / 3600, 3)} h`;
  if (seconds >= 60) return `${formatValue(seconds / 60, 3)} min`;
  return `${formatValue(seconds, 3)} s`;
}

/** 'Indisponibilidade por ano × noves' (notes, I3) and, for more than one component, the block diagram. */
export function availabilityFigures(input: AvailabilityFigureInput): Figure[] {
  const { systemUnavailability, count } = input;
  const own = systemUnavailability;
  const matches = (level: number) => Math.abs(level - own) <= 1e-9 * level;
  const bars: BarSpec[] = LEVELS.map((level) => ({
    category: percentText(level),
    value: level * YEAR_HOURS,
    valueLabel: perYear(level),
    style: matches(level) ? 'primary' : 'reference',
    highlight: matches(level),
  }));
  if (own > 0 && !LEVELS.some(matches)) {
    const position = LEVELS.findIndex((level) => level < own);
    bars.splice(position === -1 ? bars.length : position, 0, {
      category: `${percentText(own)} (este)`,
      value: own * YEAR_HOURS,
      valueLabel: perYear(own),
      style: 'primary',
      highlight: true,
    });
  }
  const summary =
    `Indisponibilidade por ano: 99 % → 87,6 h; 99,9 % → 8,76 h; 99,95 % → 4,38 h; 99,99 % → 52,6 min; 99,999 % → 5,26 min. ` +
    `Este sistema (${percentText(own)}) fica indisponível ${own > 0 ? `${perYear(own)} (${formatDuration(own * YEAR_HOURS * 3600)})` : '0 s'} por ano (barra em destaque).`;
  const figures: Figure[] = [
    figure({ id: 'indisponibilidade-noves', title: 'Indisponibilidade por ano × noves', summary }, (frame) =>
      barChart({
        ...frame,
        orientation: 'vertical',
        axis: { title: 'Indisponibilidade por ano (h)', log: true },
        bars,
        notes: ['escala logarítmica; ano de 365 dias'],
      }),
    ),
  ];
  if (count > 1) figures.push(blockDiagram(input));
  return figures;
}

function blockDiagram({ componentUnavailability, systemUnavailability, count, arrangement }: AvailabilityFigureInput): Figure {
  const shown = Math.min(count, 6);
  const each = percentText(componentUnavailability);
  const title = arrangement === 'series' ? 'Diagrama de blocos: componentes em série' : 'Diagrama de blocos: componentes em paralelo';
  const summary =
    `${count} componentes iguais ${arrangement === 'series' ? 'em série (todos precisam funcionar)' : 'em paralelo (basta um funcionar)'}, cada um com A = ${each}; ` +
    `disponibilidade do sistema ${percentText(systemUnavailability)}.`;
  return figure({ id: 'diagrama-blocos', title, summary }, (frame) => {
    const children: string[] = [];
    const box = (x: number, y: number, label: string) => [
      rect(x, y, 110, 44, { fill: COLORS.paper, stroke: COLORS.primary, width: 2, rx: 4 }),
      text(x + 55, y + 18, label, { anchor: 'middle', size: 12, weight: 'bold' }),
      text(x + 55, y + 34, `A = ${each}`, { anchor: 'middle', size: 12, color: TEXT_COLORS.primary }),
    ];
    const height = arrangement === 'series' ? 160 : 80 + shown * 56;
    if (arrangement === 'series') {
      const gap = 620 / shown;
      children.push(line(20, 80, 700, 80, { width: 1.5 }));
      for (let index = 0; index < shown; index += 1) {
        const label = count > shown && index === shown - 1 ? `C${count}` : `C${index + 1}`;
        children.push(...box(50 + index * gap + (gap - 110) / 2, 58, label));
      }
      if (count > shown) children.push(text(360, 130, `… ${count} componentes ao todo`, { anchor: 'middle', size: 12 }));
    } else {
      const top = 30;
      children.push(
        line(60, top + 22, 60, top + (shown - 1) * 56 + 22, { width: 1.5 }),
        line(660, top + 22, 660, top + (shown - 1) * 56 + 22, { width: 1.5 }),
      );
      children.push(line(20, top + ((shown - 1) * 56) / 2 + 22, 60, top + ((shown - 1) * 56) / 2 + 22, { width: 1.5 }));
      children.push(line(660, top + ((shown - 1) * 56) / 2 + 22, 700, top + ((shown - 1) * 56) / 2 + 22, { width: 1.5 }));
      for (let index = 0; index < shown; index += 1) {
        const y = top + index * 56;
        const label = count > shown && index === shown - 1 ? `C${count}` : `C${index + 1}`;
        children.push(line(60, y + 22, 660, y + 22, { width: 1.5 }), ...box(305, y, label));
      }
      if (count > shown) children.push(text(360, height - 14, `… ${count} componentes ao todo`, { anchor: 'middle', size: 12 }));
    }
    return canvas({ ...frame, height, children });
  });
}
