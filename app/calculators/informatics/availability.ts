import { formatDuration, formatNumber as f } from '../format';
import { buildResults, step } from '../result';
import { defineCalculator } from '../types';
import { availabilityFigures } from './availability-figures';

const outputs = [
  { key: 'componentAvailability', label: 'Disponibilidade de cada componente', unit: '%', digits: 4 },
  { key: 'systemAvailability', label: 'Disponibilidade do sistema', unit: '%', digits: 4 },
  { key: 'nines', label: 'Número de “noves”', unit: '', digits: 2 },
  { key: 'downtime', label: 'Indisponibilidade no período', unit: '' },
  { key: 'downtimeSeconds', label: 'Indisponibilidade no período', unit: 's', digits: 1 },
  { key: 'downtimePerYear', label: 'Indisponibilidade por ano (365 dias)', unit: 'h', digits: 2 },
] as const;

const PERIODS = {
  year: { seconds: 365 * 86400, label: 'ano (365 dias)' },
  month: { seconds: 30 * 86400, label: 'mês (30 dias)' },
  week: { seconds: 7 * 86400, label: 'semana' },
  day: { seconds: 86400, label: 'dia' },
} as const;

/** Decimal places that show every nine of an availability in %, e.g. 99.9999 → 4. */
const percentDigits = (unavailability: number) =>
  Math.min(12, Math.max(2, Math.ceil(-Math.log10(Math.max(unavailability, 1e-14)) - 2 + 1e-9) + 1));

export const availability = defineCalculator({
  slug: 'disponibilidade-sla',
  version: '1.0.0',
  title: 'Disponibilidade e SLA (componentes em série e em paralelo)',
  summary:
    'Calcula a disponibilidade de um sistema com componentes iguais em série ou redundantes em paralelo e o tempo de indisponibilidade por período.',
  category: 'informatics',
  accessLevel: 'E-MASTER',
  inputs: [
    {
      kind: 'select',
      name: 'source',
      label: 'Disponibilidade do componente a partir de',
      options: [
        { value: 'percent', label: 'Percentual (ex.: 99,9 %)' },
        { value: 'mtbf', label: 'MTBF e MTTR' },
      ],
      default: 'percent',
    },
    {
      kind: 'number',
      name: 'availabilityPercent',
      label: 'Disponibilidade de cada componente',
      unit: '%',
      default: 99.9,
      min: 0,
      exclusiveMin: true,
      max: 99.9999999,
      when: { field: 'source', oneOf: ['percent'] },
    },
    {
      kind: 'number',
      name: 'mtbf',
      label: 'Tempo médio entre falhas (MTBF)',
      unitGroup: 'time',
      defaultUnit: 'h',
      units: ['h', 'd', 'min'],
      default: 1000,
      min: 0.01,
      max: 10_000_000,
      when: { field: 'source', oneOf: ['mtbf'] },
    },
    {
      kind: 'number',
      name: 'mttr',
      label: 'Tempo médio de reparo (MTTR)',
      unitGroup: 'time',
      defaultUnit: 'h',
      units: ['h', 'min', 's', 'd'],
      default: 1,
      min: 0.001,
      max: 100_000,
      when: { field: 'source', oneOf: ['mtbf'] },
    },
    { kind: 'number', name: 'count', label: 'Número de componentes iguais', unit: '', default: 1, min: 1, max: 20, integer: true },
    {
      kind: 'select',
      name: 'arrangement',
      label: 'Arranjo',
      options: [
        { value: 'series', label: 'Em série (todos precisam funcionar)' },
        { value: 'parallel', label: 'Em paralelo (basta um funcionar)' },
      ],
      default: 'series',
    },
    {
      kind: 'select',
      name: 'period',
      label: 'Período do SLA',
      options: [
        { value: 'year', label: 'Ano (365 dias)' },
        { value: 'month', label: 'Mês (30 dias)' },
        { value: 'week', label: 'Semana' },
        { value: 'day', label: 'Dia' },
      ],
      default: 'year',
    },
  ],
  outputs,
  formula: 'A = MTBF/(MTBF + MTTR);  série: A = ∏Aᵢ;  paralelo: A = 1 − ∏(1 − Aᵢ);  indisponibilidade = (1 − A)·período',
  references: [
    'IEC 60050-192 (vocabulário de confiabilidade: disponibilidade, MTBF, MTTR)',
    'IEC 61078 (diagramas de blocos de confiabilidade: arranjos série e paralelo)',
    'Beyer et al., Site Reliability Engineering (O’Reilly, 2016), cap. 3 (Embracing Risk: disponibilidade por tempo)',
  ],
  disclaimer:
    'Supõe falhas independentes e redundância paralela ativa com troca instantânea; falhas de modo comum reduzem a disponibilidade real.',
  compute({ source, availabilityPercent, mtbf, mttr, count, arrangement, period }) {
    // Work with unavailability U = 1 − A: the small number keeps its precision.
    const componentU = source === 'mtbf' ? mttr / (mtbf + mttr) : 1 - availabilityPercent / 100;
    const systemU = arrangement === 'parallel' ? componentU ** count : -Math.expm1(count * Math.log1p(-componentU));
    const { seconds: periodSeconds, label: periodLabel } = PERIODS[period];
    const downtimeSeconds = systemU * periodSeconds;
    const componentPercent = 100 * (1 - componentU);
    const systemPercent = 100 * (1 - systemU);
    const combine =
      arrangement === 'parallel'
        ? `U = (1 − A)^${count} = ${f(componentU)}^${count}`
        : `U = 1 − A^${count} = 1 − ${f(1 - componentU, 8)}^${count}`;
    return {
      results: buildResults(
        outputs,
        {
          componentAvailability: componentPercent,
          systemAvailability: systemPercent,
          nines: -Math.log10(systemU),
          downtime: `${formatDuration(downtimeSeconds)} por ${periodLabel}`,
          downtimeSeconds,
          downtimePerYear: (systemU * PERIODS.year.seconds) / 3600,
        },
        { componentAvailability: percentDigits(componentU), systemAvailability: percentDigits(systemU) },
      ),
      steps: [
        ...(source === 'mtbf'
          ? [
              step(
                'Disponibilidade do componente',
                `A = ${f(mtbf / 3600)} h / (${f(mtbf / 3600)} h + ${f(mttr / 3600)} h)`,
                componentPercent,
                '%',
                percentDigits(componentU),
              ),
            ]
          : []),
        step('Indisponibilidade do sistema', combine, systemU, '', 12),
        step('Indisponibilidade no período', `${f(systemU)} · ${f(periodSeconds)} s`, downtimeSeconds, 's', 1),
      ],
      figures: () => availabilityFigures({ componentUnavailability: componentU, systemUnavailability: systemU, count, arrangement }),
      warnings: [],
    };
  },
});
