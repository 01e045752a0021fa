import { formatNumber as f } from '../format';
import { buildResults, step } from '../result';
import { defineCalculator } from '../types';
import { shaftFigures } from './shaft-torque-figures';

const outputs = [
  { key: 'torque', label: 'Torque transmitido T', unit: 'N·m', digits: 2 },
  { key: 'angularSpeed', label: 'Velocidade angular ω', unit: 'rad/s', digits: 2 },
  { key: 'equivalentTorque', label: 'Torque equivalente √(M² + T²)', unit: 'N·m', digits: 2 },
  { key: 'minDiameter', label: 'Diâmetro mínimo do eixo', unit: 'mm', digits: 2 },
] as const;

export const shaftTorque = defineCalculator({
  slug: 'torque-eixo',
  version: '1.0.0',
  title: 'Torque e diâmetro mínimo de eixo',
  summary:
    'Calcula o torque transmitido por um eixo maciço a partir da potência e da rotação e o diâmetro mínimo para a tensão de cisalhamento admissível.',
  category: 'mechanical',
  accessLevel: 'E-BASIC',
  inputs: [
    {
      kind: 'number',
      name: 'power',
      label: 'Potência transmitida P',
      unitGroup: 'power',
      defaultUnit: 'kW',
      default: 7.5,
      min: 0,
      exclusiveMin: true,
      max: 100_000,
    },
    {
      kind: 'number',
      name: 'speed',
      label: 'Rotação n',
      unitGroup: 'rotationalSpeed',
      defaultUnit: 'rpm',
      default: 1750,
      min: 1,
      max: 100_000,
    },
    {
      kind: 'number',
      name: 'allowableShear',
      label: 'Tensão de cisalhamento admissível τ_adm',
      unitGroup: 'pressure',
      defaultUnit: 'MPa',
      units: ['MPa', 'kgf/cm2', 'psi', 'ksi'],
      default: 40,
      min: 1,
      max: 1000,
      help: 'Já dividida pelo coeficiente de segurança.',
    },
    {
      kind: 'number',
      name: 'bendingMoment',
      label: 'Momento fletor no trecho M',
      unitGroup: 'torque',
      defaultUnit: 'N.m',
      default: 0,
      min: 0,
      max: 10_000_000,
      help: 'Use 0 para torção pura. Com M > 0 aplica-se a teoria da máxima tensão de cisalhamento.',
    },
    {
      kind: 'select',
      name: 'keyway',
      label: 'Há rasgo de chaveta no trecho?',
      options: [
        { value: 'no', label: 'Não' },
        { value: 'yes', label: 'Sim' },
      ],
      default: 'no',
    },
  ],
  outputs,
  formula: 'T = P/ω, ω = 2π·n/60;  d = ∛[16·√(M² + T²) / (π·τ_adm)]',
  references: [
    'Budynas & Nisbett, Shigley’s Mechanical Engineering Design, 10ª ed., cap. 7 (eixos e componentes de eixos)',
    'Hibbeler, Resistência dos Materiais (Mechanics of Materials), cap. 5 (torção: transmissão de potência, τ = T·c/J)',
  ],
  disclaimer:
    'Dimensionamento estático de eixo maciço. Não considera fadiga, concentração de tensões, deflexão nem velocidade crítica; τ_adm deve já incluir o coeficiente de segurança.',
  compute({ power, speed, allowableShear, bendingMoment, keyway }) {
    const torque = power / speed;
    const equivalentTorque = Math.hypot(bendingMoment, torque);
    const minDiameter = Math.cbrt((16 * equivalentTorque) / (Math.PI * allowableShear));
    const rpm = (speed * 60) / (2 * Math.PI);
    const warnings =
      keyway === 'yes'
        ? [
            'Rasgo de chaveta: a concentração de tensões não está incluída. Reduza τ_adm ou aplique o fator de concentração de tensões (Shigley, cap. 7).',
          ]
        : [];
    const steps = [
      step('Velocidade angular', `ω = 2π · ${f(rpm)} / 60`, speed, 'rad/s', 2),
      step('Torque', `T = P / ω = ${f(power)} W / ${f(speed)} rad/s`, torque, 'N·m', 2),
      ...(bendingMoment > 0
        ? [step('Torque equivalente (Tresca)', `√(M² + T²) = √(${f(bendingMoment)}² + ${f(torque)}²)`, equivalentTorque, 'N·m', 2)]
        : []),
      step(
        'Diâmetro mínimo',
        `d = ∛[16 · ${f(equivalentTorque)} / (π · ${f(allowableShear)} Pa)] = ${f(minDiameter)} m`,
        minDiameter * 1000,
        'mm',
        2,
      ),
    ];
    return {
      results: buildResults(outputs, {
        torque,
        angularSpeed: speed,
        equivalentTorque: bendingMoment > 0 ? equivalentTorque : undefined,
        minDiameter: minDiameter * 1000,
      }),
      steps,
      figures: () => shaftFigures({ torque, equivalentTorque, rpm, allowableShear, minDiameter }),
      warnings,
    };
  },
});
