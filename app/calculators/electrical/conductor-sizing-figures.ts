import { barChart, figure, formatFixed, formatValue, quantityLabel, xyChart, type BarSpec, type PointSpec } from '../../charts';
import { type Figure } from '../types';

export type Failure = 'ampacity' | 'missing' | 'drop' | 'shortCircuit' | 'minimum';

export interface CandidateRow {
  readonly section: number;
  /** I₀ typed by the user, A (0 = not typed). */
  readonly ampacity: number;
  readonly correctedAmpacity: number;
  readonly dropPercent: number;
  readonly failures: readonly Failure[];
}

export interface Criterion {
  readonly name: string;
  /** Short name for the chart's category axis. */
  readonly label: string;
  /** Smallest section of the series meeting it; undefined when none does or it was not checked. */
  readonly section: number | undefined;
  readonly checked: boolean;
}

export interface ConductorSizingFigureInput {
  /** The candidate sections in order, all of them (the table stops at the chosen one). */
  readonly rows: readonly CandidateRow[];
  readonly chosen: CandidateRow | undefined;
  readonly designCurrent: number;
  readonly ratedCurrent: number;
  readonly conventionalCurrent: number;
  readonly criteria: readonly Criterion[];
}

const FAILURE_TEXT: Readonly<Record<Failure, string>> = {
  missing: '✗ I₀ não informado',
  ampacity: '✗ ampacidade',
  drop: '✗ queda de tensão',
  shortCircuit: '✗ curto-circuito',
  minimum: '✗ seção mínima',
};

const mm2 = (section: number) => `${formatValue(section, 3)} mm²`;
const amps = (value: number) => `${formatValue(value, 4)} A`;
const mark = (ok: boolean) => (ok ? '✓' : '✗');

/** The candidate table: every section up to the chosen one, and why each smaller one fails. */
function candidateTable({ rows, chosen }: ConductorSizingFigureInput) {
  const shown = chosen ? rows.filter((row) => row.section <= chosen.section) : rows;
  return {
    caption: chosen
      ? `Seções candidatas até a escolhida (${mm2(chosen.section)})`
      : 'Seções candidatas: nenhuma atende a todos os critérios',
    columns: ['Seção (mm²)', 'I₀ informado (A)', 'I_z = I₀·FCT·FCA (A)', 'ΔV (%)', 'Situação'],
    rows: shown.map((row) => [
      formatValue(row.section, 3),
      row.ampacity > 0 ? formatFixed(row.ampacity, 1) : '—',
      row.ampacity > 0 ? formatFixed(row.correctedAmpacity, 2) : '—',
      formatFixed(row.dropPercent, 2),
      row.failures.length === 0 ? '✓ escolhida' : row.failures.map((failure) => FAILURE_TEXT[failure]).join('; '),
    ]),
  };
}

/** 'Critérios de seção': one bar per criterion ending at the smallest standard section that meets it. */
function criteriaFigure(input: ConductorSizingFigureInput): Figure {
  const all = input.rows.map((row) => row.section);
  const position = (section: number) => all.indexOf(section) + 1;
  const chosen = input.chosen;
  // The axis shows the sections up to two past the largest one any bar reaches (at least eight).
  const reached = Math.max(
    ...input.criteria.map((criterion) =>
      criterion.section === undefined ? (criterion.checked ? all.length : 0) : position(criterion.section),
    ),
  );
  const sections = all.slice(0, Math.min(all.length, Math.max(8, reached + 2)));
  const bars: BarSpec[] = input.criteria.map((criterion) => {
    if (!criterion.checked) return { category: criterion.label, value: 0, valueLabel: 'não verificado', style: 'reference' };
    if (criterion.section === undefined)
      return { category: criterion.label, value: sections.length, valueLabel: '✗ nenhuma seção informada', style: 'limit' };
    const governs = chosen !== undefined && criterion.section === chosen.section;
    return {
      category: criterion.label,
      value: position(criterion.section),
      valueLabel: `≥ ${mm2(criterion.section)}${chosen ? ` ${mark(criterion.section <= chosen.section)}` : ''}${governs ? ' (determina)' : ''}`,
      style: governs ? 'primary' : 'reference',
      highlight: governs,
    };
  });
  const listed = input.criteria
    .map(
      (criterion) =>
        `${criterion.name} ${!criterion.checked ? 'não verificado' : criterion.section === undefined ? 'sem seção informada que atenda' : `≥ ${mm2(criterion.section)}`}`,
    )
    .join('; ');
  const summary = chosen
    ? `Seção escolhida: ${mm2(chosen.section)}. Menor seção por critério: ${listed}.`
    : `Nenhuma seção com I₀ informado atende a todos os critérios. Menor seção por critério: ${listed}.`;
  return figure({ id: 'criterios-secao', title: 'Critérios de seção', summary, table: candidateTable(input) }, (frame) =>
    barChart({
      ...frame,
      bars,
      axis: {
        title: 'Seção nominal (mm²)',
        min: 0,
        max: sections.length,
        ticks: sections.map((_, index) => index + 1),
        format: (value) => formatValue(sections[Math.round(value) - 1] ?? 0, 3),
      },
      limits: chosen ? [{ value: position(chosen.section), label: `escolhida: ${mm2(chosen.section)}`, style: 'ok' }] : [],
    }),
  );
}

/** 'Coordenação da proteção': the circuit's currents above, the device's below, on one current axis. */
function coordinationFigure(input: ConductorSizingFigureInput, chosen: CandidateRow): Figure {
  const { designCurrent, ratedCurrent, conventionalCurrent } = input;
  const iz = chosen.correctedAmpacity;
  const okA = designCurrent <= ratedCurrent && ratedCurrent <= iz;
  const okB = conventionalCurrent <= 1.45 * iz;
  const checkA = `(a) I_B ≤ I_n ≤ I_z ${mark(okA)}${okA ? '' : ` (${amps(designCurrent)} ≤ ${amps(ratedCurrent)} ≤ ${amps(iz)})`}`;
  const checkB = `(b) I₂ ≤ 1,45·I_z ${mark(okB)}${okB ? '' : ` (${amps(conventionalCurrent)} > ${amps(1.45 * iz)})`}`;
  const circuitRow = 2;
  const deviceRow = 1;
  const points: PointSpec[] = [
    { x: designCurrent, y: circuitRow, label: quantityLabel('I_B', designCurrent, 'A', 4), placement: 'above-left' },
    { x: iz, y: circuitRow, label: quantityLabel('I_z', iz, 'A', 4), placement: 'above-right' },
    { x: 1.45 * iz, y: circuitRow, label: quantityLabel('1,45·I_z', 1.45 * iz, 'A', 4), placement: 'below-right', style: 'reference' },
    { x: ratedCurrent, y: deviceRow, label: quantityLabel('I_n', ratedCurrent, 'A', 4), placement: 'below-left', style: 'secondary' },
    {
      x: conventionalCurrent,
      y: deviceRow,
      label: quantityLabel('I₂', conventionalCurrent, 'A', 4),
      placement: 'below-right',
      style: 'secondary',
    },
  ];
  const summary =
    `${okA ? 'Atende' : 'Não atende'} (a): I_B = ${amps(designCurrent)} ≤ I_n = ${amps(ratedCurrent)} ≤ I_z = ${amps(iz)}. ` +
    `${okB ? 'Atende' : 'Não atende'} (b): I₂ = ${amps(conventionalCurrent)} ≤ 1,45·I_z = ${amps(1.45 * iz)} (NBR 5410 5.3.4.1).`;
  return figure({ id: 'coordenacao-protecao', title: 'Coordenação da proteção', summary }, (frame) =>
    xyChart({
      ...frame,
      x: { title: 'Corrente (A)', min: 0, max: 1.2 * Math.max(conventionalCurrent, 1.45 * iz) },
      y: {
        title: '',
        min: 0,
        max: 3,
        ticks: [deviceRow, circuitRow],
        format: (value) => (Math.round(value) === circuitRow ? 'Circuito' : 'Proteção'),
      },
      bands: [
        {
          axis: 'x',
          from: Math.min(designCurrent, iz),
          to: Math.max(designCurrent, iz),
          label: 'faixa permitida para I_n (a)',
          kind: 'ok',
        },
      ],
      points,
      annotations: [
        { x: 0.02 * Math.max(conventionalCurrent, 1.45 * iz), y: 2.75, text: checkA, anchor: 'start', style: okA ? 'ok' : 'limit' },
        { x: 0.02 * Math.max(conventionalCurrent, 1.45 * iz), y: 0.3, text: checkB, anchor: 'start', style: okB ? 'ok' : 'limit' },
      ],
    }),
  );
}

/** The diagrams of E4 (research notes, diagrams 1 and 2) with the candidate table. */
export function conductorSizingFigures(input: ConductorSizingFigureInput): Figure[] {
  return input.chosen ? [criteriaFigure(input), coordinationFigure(input, input.chosen)] : [criteriaFigure(input)];
}
