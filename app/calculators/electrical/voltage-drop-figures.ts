import { figure, formatFixed, formatValue, xyChart, type LimitSpec, type SeriesSpec } from '../../charts';
import { type Figure } from '../types';

/** Standard sections of the chart's table, mm² (IEC 60228), 1,5 … 240. */
export const TABLE_SECTIONS = [1.5, 2.5, 4, 6, 10, 16, 25, 35, 50, 70, 95, 120, 150, 185, 240] as const;

const LIMIT_LINES = [
  { percent: 4, label: 'ΔV máx. 4 % – circuito terminal (NBR 5410 6.2.7.2)' },
  { percent: 5, label: '5 % – desde o ponto de entrega em BT (6.2.7.1 c)' },
  { percent: 7, label: '7 % – desde transformador ou gerador próprio (6.2.7.1)' },
] as const;

export interface VoltageDropFigureInput {
  /** Volts per metre of circuit per mm² of section: ΔV = perMetre · L / S. */
  readonly voltsPerMetreMm2: number;
  readonly voltage: number;
  readonly length: number;
  /** The chosen section, mm². */
  readonly section: number;
  readonly limitPercent: number;
}

const mm2 = (section: number) => `${formatValue(section, 3)} mm²`;

/** 'ΔV % × comprimento' with the NBR 5410 lines and the table of standard sections (notes, E1). */
export function voltageDropFigures(input: VoltageDropFigureInput): Figure[] {
  const { voltsPerMetreMm2, voltage, length, section, limitPercent } = input;
  const percentAt = (metres: number, mm: number) => (100 * voltsPerMetreMm2 * metres) / (mm * voltage);
  const maxLength = (mm: number) => (limitPercent * mm * voltage) / (100 * voltsPerMetreMm2);
  const chosenPercent = percentAt(length, section);
  const xMax = 1.5 * length;

  const nearest = TABLE_SECTIONS.reduce(
    (best, candidate, index) =>
      Math.abs(Math.log(candidate / section)) < Math.abs(Math.log(TABLE_SECTIONS[best]! / section)) ? index : best,
    0,
  );
  const first = Math.max(0, Math.min(nearest - 2, TABLE_SECTIONS.length - 5));
  const window = TABLE_SECTIONS.slice(first, first + 5);
  const sections = [...new Set([...window, section])].sort((a, b) => a - b);
  const series: SeriesSpec[] = sections.map((mm) => ({
    label: mm2(mm),
    points: [
      [0, 0],
      [xMax, percentAt(xMax, mm)],
    ],
    style: mm === section ? 'primary' : 'reference',
    emphasis: mm === section,
    inLegend: false,
  }));
  const limits: LimitSpec[] = LIMIT_LINES.map((line) => ({
    axis: 'y',
    value: line.percent,
    label: line.percent === limitPercent ? `${line.label} – aplicável` : line.label,
    style: line.percent === limitPercent ? 'limit' : 'secondary',
  }));

  const rows = TABLE_SECTIONS.map((mm) => {
    const percent = percentAt(length, mm);
    const passes = percent <= limitPercent;
    return [
      formatValue(mm, 3),
      formatFixed((percent * voltage) / 100, 2),
      formatFixed(percent, 2),
      formatValue(maxLength(mm), 3),
      passes ? '✓ atende' : '✗ não atende',
    ];
  });
  const smallest = TABLE_SECTIONS.find((mm) => percentAt(length, mm) <= limitPercent);
  const verdict = chosenPercent <= limitPercent ? 'atende' : 'não atende';
  const summary =
    `Com ${mm2(section)} e ${formatValue(length, 4)} m, ΔV = ${formatFixed(chosenPercent, 2)} % (limite de ${limitPercent} %: ${verdict}). ` +
    (smallest !== undefined
      ? `Menor seção da tabela que atende: ${mm2(smallest)} (${formatFixed(percentAt(length, smallest), 2)} %). `
      : 'Nenhuma seção até 240 mm² atende. ') +
    `As linhas tracejadas marcam 4 %, 5 % e 7 % (NBR 5410, 6.2.7); o comprimento máximo com ${mm2(section)} é ${formatValue(maxLength(section), 3)} m.`;

  return [
    figure(
      {
        id: 'queda-tensao-comprimento',
        title: 'Queda de tensão × comprimento',
        summary,
        table: {
          caption: `Seções nominais a ${formatValue(length, 4)} m (limite de ${limitPercent} %)`,
          columns: ['Seção (mm²)', 'ΔV (V)', 'ΔV (%)', `Comprimento máx. (m)`, 'Situação'],
          rows,
        },
      },
      (frame) =>
        xyChart({
          ...frame,
          x: { title: 'Comprimento do circuito (m)', min: 0, max: xMax },
          y: { title: 'Queda de tensão ΔV (%)', min: 0, max: Math.max(8, Math.min(chosenPercent * 1.25, 100)) },
          series,
          limits,
          points: [{ x: length, y: chosenPercent, label: `ΔV = ${formatFixed(chosenPercent, 2)} %` }],
          legend: false,
        }),
    ),
  ];
}
