import { formatDuration, formatNumber as f } from '../format';
import { buildResults, step } from '../result';
import { defineCalculator } from '../types';
import { transferFigures } from './transfer-time-figures';

const outputs = [
  { key: 'duration', label: 'Tempo de transferência', unit: '' },
  { key: 'seconds', label: 'Tempo de transferência', unit: 's', digits: 0 },
  { key: 'hours', label: 'Tempo de transferência', unit: 'h', digits: 3 },
  { key: 'bytes', label: 'Quantidade de dados', unit: 'B', digits: 0 },
  { key: 'gigabytes', label: 'Quantidade em prefixo SI (10⁹ B)', unit: 'GB', digits: 3 },
  { key: 'gibibytes', label: 'Quantidade em prefixo binário IEC (2³⁰ B)', unit: 'GiB', digits: 3 },
  { key: 'effectiveRate', label: 'Taxa efetiva', unit: 'Mbit/s', digits: 2 },
  { key: 'effectiveRateBytes', label: 'Taxa efetiva', unit: 'MB/s', digits: 2 },
] as const;

export const transferTime = defineCalculator({
  slug: 'tempo-transferencia-dados',
  version: '1.0.0',
  title: 'Tempo de transferência de dados',
  summary: 'Calcula quanto tempo leva para transferir um volume de dados em um enlace, distinguindo prefixos SI (GB) e binários IEC (GiB).',
  category: 'informatics',
  accessLevel: 'E-TOOL',
  inputs: [
    {
      kind: 'number',
      name: 'size',
      label: 'Quantidade de dados',
      unitGroup: 'dataSize',
      defaultUnit: 'GiB',
      default: 50,
      // One byte: below it there is nothing to transfer (and a denormal size broke the diagram's log axis).
      min: 1 / 2 ** 30,
      max: 1e9,
      help: '1 GB = 10⁹ bytes (SI); 1 GiB = 2³⁰ bytes = 1,074 GB (IEC 80000-13).',
    },
    {
      kind: 'number',
      name: 'rate',
      label: 'Taxa nominal do enlace',
      unitGroup: 'dataRate',
      defaultUnit: 'Mbit/s',
      default: 100,
      min: 0.001,
      max: 10_000_000,
      help: 'Taxas de rede são dadas em bits por segundo com prefixos SI (100 Mbit/s = 10⁸ bit/s).',
    },
    {
      kind: 'number',
      name: 'efficiency',
      label: 'Eficiência do enlace',
      unit: '%',
      default: 90,
      min: 1,
      max: 100,
      help: 'Desconta cabeçalhos de protocolo, retransmissões e disputa pelo enlace.',
    },
  ],
  outputs,
  formula: 't = bytes · 8 / (taxa · η);  1 GB = 10⁹ B;  1 GiB = 2³⁰ B',
  references: [
    'IEC 80000-13:2008 (grandezas e unidades da ciência da informação: prefixos binários Ki, Mi, Gi)',
    'BIPM, Brochura do SI, 9ª ed. (2019), seção 3 (prefixos SI são potências de 10, não de 2)',
  ],
  compute({ size, rate, efficiency }) {
    const effectiveRate = rate * (efficiency / 100);
    const seconds = (size * 8) / effectiveRate;
    const warnings =
      efficiency >= 100 ? ['Eficiência de 100 % ignora o overhead de protocolo: na prática a transferência demora mais.'] : [];
    return {
      results: buildResults(outputs, {
        duration: formatDuration(seconds),
        seconds,
        hours: seconds / 3600,
        bytes: size,
        gigabytes: size / 1e9,
        gibibytes: size / 2 ** 30,
        effectiveRate: effectiveRate / 1e6,
        effectiveRateBytes: effectiveRate / 8e6,
      }),
      steps: [
        step('Bits a transferir', `${f(size, 6)} B · 8`, size * 8, 'bit', 0),
        step('Taxa efetiva', `${f(rate, 6)} bit/s · ${f(efficiency)} %`, effectiveRate / 1e6, 'Mbit/s', 2),
        step('Tempo', `t = ${f(size * 8, 6)} / ${f(effectiveRate, 6)}`, seconds, 's', 1),
      ],
      figures: () => transferFigures({ size, effectiveRate, seconds }),
      warnings,
    };
  },
});
