import { formatNumber as f } from '../format';
import { buildResults, step } from '../result';
import { defineCalculator } from '../types';
import { shortCircuitFigures } from './short-circuit-figures';

const outputs = [
  { key: 'ratedCurrent', label: 'Corrente nominal do secundário Iₙ', unit: 'A', digits: 1 },
  { key: 'transformerImpedance', label: 'Impedância do transformador Z_T (referida à BT)', unit: 'mΩ', digits: 3 },
  { key: 'shortCircuitCurrent', label: 'Corrente de curto-circuito trifásico I″k', unit: 'kA', digits: 2 },
  { key: 'breakingCapacity', label: 'Capacidade de interrupção mínima dos dispositivos', unit: 'kA', digits: 1 },
  { key: 'shortCircuitPower', label: 'Potência de curto-circuito S″k', unit: 'MVA', digits: 2 },
] as const;

export const shortCircuit = defineCalculator({
  slug: 'curto-circuito-transformador',
  version: '1.0.0',
  title: 'Curto-circuito trifásico nos terminais do transformador',
  summary:
    'Estima a corrente de curto-circuito trifásico nos terminais de baixa tensão de um transformador, com o fator de tensão c, para a escolha da capacidade de interrupção.',
  category: 'electrical',
  accessLevel: 'E-MASTER',
  inputs: [
    {
      kind: 'number',
      name: 'ratedPower',
      label: 'Potência nominal do transformador Sₙ',
      unitGroup: 'apparentPower',
      defaultUnit: 'kVA',
      default: 500,
      min: 1,
      max: 100_000,
    },
    {
      kind: 'number',
      name: 'voltage',
      label: 'Tensão nominal de linha no secundário Vₙ',
      unitGroup: 'voltage',
      defaultUnit: 'V',
      default: 380,
      min: 100,
      max: 1000,
    },
    {
      kind: 'number',
      name: 'impedancePercent',
      label: 'Impedância percentual z % (placa)',
      unit: '%',
      default: 5,
      min: 0.5,
      max: 25,
    },
    {
      kind: 'select',
      name: 'voltageFactor',
      label: 'Fator de tensão c',
      options: [
        { value: '1.05', label: 'c = 1,05 (BT, tolerância de tensão +6 %)' },
        { value: '1.10', label: 'c = 1,10 (BT, tolerância de tensão +10 %)' },
        { value: '1.00', label: 'c = 1,00 (estimativa simples Iₙ/z)' },
      ],
      default: '1.05',
      help: 'Corrente máxima de curto: use c_max da IEC 60909-0.',
    },
  ],
  outputs,
  formula: 'Iₙ = Sₙ/(√3·Vₙ);  Z_T = z·Vₙ²/Sₙ;  I″k = c·Vₙ/(√3·Z_T) = c·Iₙ/z',
  references: [
    'IEC 60909-0:2016 (correntes de curto-circuito em sistemas trifásicos: fator de tensão c, impedância de transformadores)',
    'Cotrim, Instalações Elétricas (cálculo de correntes de curto-circuito)',
  ],
  disclaimer:
    'Estimativa simplificada: rede a montante de potência infinita, sem impedância de cabos e sem o fator de correção K_T da IEC 60909-0. Para especificar disjuntores e seletividade, faça o cálculo completo.',
  compute({ ratedPower, voltage, impedancePercent, voltageFactor }) {
    const c = Number(voltageFactor);
    const z = impedancePercent / 100;
    const ratedCurrent = ratedPower / (Math.sqrt(3) * voltage);
    const impedance = (z * voltage ** 2) / ratedPower;
    const current = (c * voltage) / (Math.sqrt(3) * impedance);
    const power = Math.sqrt(3) * voltage * current;
    return {
      results: buildResults(outputs, {
        ratedCurrent,
        transformerImpedance: impedance * 1000,
        shortCircuitCurrent: current / 1000,
        breakingCapacity: Math.ceil((current / 1000) * 10 - 1e-9) / 10,
        shortCircuitPower: power / 1e6,
      }),
      steps: [
        step('Corrente nominal', `Iₙ = ${f(ratedPower)} / (√3 · ${f(voltage)})`, ratedCurrent, 'A', 1),
        step(
          'Impedância do transformador',
          `Z_T = ${f(z)} · ${f(voltage)}² / ${f(ratedPower)} = ${f(impedance)} Ω`,
          impedance * 1000,
          'mΩ',
          3,
        ),
        step('Curto-circuito trifásico', `I″k = ${f(c, 3)} · ${f(voltage)} / (√3 · ${f(impedance)})`, current / 1000, 'kA', 2),
      ],
      figures: () => shortCircuitFigures({ ratedCurrent, currentAtUnity: current / c, chosenFactor: c }),
      warnings: c < 1.05 ? ['Sem o fator de tensão c_max a corrente máxima de curto-circuito fica subestimada (5 a 10 % em BT).'] : [],
    };
  },
});
