import { formatNumber as f } from '../format';
import { buildResults, step } from '../result';
import { defineCalculator } from '../types';
import { loomFigures } from './loom-production-figures';

const outputs = [
  { key: 'perLoomHour', label: 'Produção por tear', unit: 'm/h', digits: 2 },
  { key: 'perLoomHourYards', label: 'Produção por tear', unit: 'jd/h', digits: 2 },
  { key: 'theoreticalHour', label: 'Produção teórica por tear (100 %)', unit: 'm/h', digits: 2 },
  { key: 'perLoomDay', label: 'Produção por tear no dia', unit: 'm/dia', digits: 1 },
  { key: 'totalDay', label: 'Produção total da sala no dia', unit: 'm/dia', digits: 0 },
] as const;

const YARD = 0.9144;

export const loomProduction = defineCalculator({
  slug: 'producao-tear',
  version: '1.0.0',
  title: 'Produção de teares',
  summary:
    'Calcula a produção de tecido (metros por hora e por dia) de um ou mais teares a partir da velocidade, da densidade de trama e da eficiência.',
  category: 'textile',
  accessLevel: 'E-TOOL',
  inputs: [
    { kind: 'number', name: 'speed', label: 'Velocidade do tear (batidas por minuto)', unit: 'bat./min', default: 600, min: 10, max: 3000 },
    {
      kind: 'number',
      name: 'weftDensity',
      label: 'Densidade de trama',
      unitGroup: 'threadDensity',
      defaultUnit: '1/cm',
      units: ['1/cm', '1/in'],
      default: 20,
      min: 1,
      max: 200,
    },
    {
      kind: 'number',
      name: 'efficiency',
      label: 'Eficiência η',
      unit: '%',
      default: 85,
      min: 1,
      max: 100,
      help: 'Tempo em marcha ÷ tempo total (ou produção real ÷ teórica).',
    },
    { kind: 'number', name: 'looms', label: 'Número de teares', unit: 'teares', default: 1, min: 1, max: 10_000, integer: true },
    { kind: 'number', name: 'hoursPerDay', label: 'Horas de operação por dia', unit: 'h/dia', default: 24, min: 1, max: 24 },
  ],
  outputs,
  formula: 'Produção (m/h) = batidas/min · 60 · η / (batidas/cm · 100)',
  references: [
    'Derivada das definições: cada batida insere uma trama; o tecido avança 1/(densidade de trama) por batida',
    'ISO 7211-2 (determinação do número de fios por unidade de comprimento)',
  ],
  compute({ speed, weftDensity, efficiency, looms, hoursPerDay }) {
    const theoreticalHour = (speed * 60) / weftDensity;
    const perLoomHour = theoreticalHour * (efficiency / 100);
    const perLoomDay = perLoomHour * hoursPerDay;
    return {
      results: buildResults(outputs, {
        perLoomHour,
        perLoomHourYards: perLoomHour / YARD,
        theoreticalHour,
        perLoomDay,
        totalDay: perLoomDay * looms,
      }),
      steps: [
        step('Produção teórica', `${f(speed)} bat./min · 60 / (${f(weftDensity / 100)} bat./cm · 100)`, theoreticalHour, 'm/h', 2),
        step('Com eficiência', `${f(theoreticalHour)} m/h · ${f(efficiency)} %`, perLoomHour, 'm/h', 2),
        step(
          'Total por dia',
          `${f(perLoomHour)} m/h · ${f(hoursPerDay)} h · ${looms} ${looms === 1 ? 'tear' : 'teares'}`,
          perLoomDay * looms,
          'm/dia',
          0,
        ),
      ],
      figures: () => loomFigures({ theoreticalHour, efficiency }),
      warnings: [],
    };
  },
});
