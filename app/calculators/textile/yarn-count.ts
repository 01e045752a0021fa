import { formatNumber as f } from '../format';
import { buildResults, step } from '../result';
import { defineCalculator } from '../types';
import { fromBase, getUnit } from '../units';

/** Every yarn count system, in the order shown; ids are units of the 'yarnCount' group. */
export const YARN_SYSTEMS = ['tex', 'dtex', 'den', 'Ne', 'Nm', 'Nw'] as const;

const outputs = [
  { key: 'tex', label: 'tex (g/1000 m)', unit: 'tex', digits: 3 },
  { key: 'dtex', label: 'decitex (g/10 000 m)', unit: 'dtex', digits: 2 },
  { key: 'den', label: 'denier (g/9000 m)', unit: 'den', digits: 2 },
  { key: 'Ne', label: 'Título inglês de algodão Ne (meadas de 840 jd por lb)', unit: 'Ne', digits: 2 },
  { key: 'Nm', label: 'Título métrico Nm (km por kg)', unit: 'Nm', digits: 2 },
  { key: 'Nw', label: 'Título penteado Nw (meadas de 560 jd por lb)', unit: 'Nw', digits: 2 },
] as const;

export const yarnCount = defineCalculator({
  slug: 'conversao-titulo-fio',
  version: '1.0.0',
  title: 'Conversão de título de fios',
  summary: 'Converte o título (massa linear) de um fio entre os sistemas tex, dtex, denier, Ne, Nm e penteado.',
  category: 'textile',
  accessLevel: 'E-BASIC',
  inputs: [
    {
      kind: 'number',
      name: 'count',
      label: 'Título do fio',
      unitGroup: 'yarnCount',
      defaultUnit: 'Ne',
      default: 30,
      min: 0.1,
      max: 6000,
      help: 'Escolha o sistema na unidade. Sistemas diretos (tex, dtex, den): maior = mais grosso; indiretos (Ne, Nm, Nw): maior = mais fino.',
    },
  ],
  outputs,
  formula: 'tex = g/km;  dtex = 10·tex;  den = 9·tex;  Ne = 590,54/tex;  Nm = 1000/tex;  Nw = 885,81/tex = 1,5·Ne',
  references: [
    'ISO 1144 (sistema tex: designação universal da massa linear)',
    'ISO 2947 (tabela de conversão de títulos tradicionais para o sistema tex)',
    'ASTM D2260 (tabelas de fatores de conversão entre sistemas de numeração de fios)',
    'NIST SP 811, apêndice B (jarda = 0,9144 m e libra = 0,45359237 kg, exatos)',
  ],
  compute({ count }) {
    const tex = count;
    const values = Object.fromEntries(YARN_SYSTEMS.map((system) => [system, fromBase(tex, system)]));
    return {
      results: buildResults(outputs, values),
      steps: YARN_SYSTEMS.filter((system) => system !== 'tex').map((system) => {
        const unit = getUnit(system);
        const factor = unit?.factor ?? Number.NaN;
        const expression = unit?.reciprocal
          ? `${system} = ${f(factor, 6)} / ${f(tex, 6)}`
          : `${system} = ${f(1 / factor, 6)} · ${f(tex, 6)}`;
        return step(system, expression, values[system] ?? Number.NaN, system, 2);
      }),
      warnings: [],
    };
  },
});
