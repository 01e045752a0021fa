import { formatNumber as f } from '../format';
import { buildResults, invalid, step } from '../result';
import { defineCalculator } from '../types';
import { motorStartFigures } from './motor-current-figures';
import { START_METHOD_LABELS, startFractions } from './motor-start';
import { STANDING_DISCLAIMER } from '../disclaimer';

const outputs = [
  { key: 'ratedCurrent', label: 'Corrente nominal I_n', unit: 'A', digits: 2 },
  { key: 'inputPower', label: 'Potência ativa absorvida P_in', unit: 'kW', digits: 3 },
  { key: 'apparentPower', label: 'Potência aparente S', unit: 'kVA', digits: 3 },
  { key: 'reactivePower', label: 'Potência reativa Q', unit: 'kvar', digits: 3 },
  { key: 'directStartCurrent', label: 'Corrente de partida direta I_p', unit: 'A', digits: 1 },
  { key: 'startCurrent', label: 'Corrente de linha na partida (método escolhido)', unit: 'A', digits: 1 },
  { key: 'startMultiple', label: 'Corrente de partida / I_n', unit: '×', digits: 2 },
  { key: 'torqueFraction', label: 'Conjugado de partida / conjugado de partida direta', unit: '%', digits: 1 },
  { key: 'ratedTorque', label: 'Conjugado nominal T_n', unit: 'N·m', digits: 2 },
  { key: 'mainContactor', label: 'Contator principal e de triângulo (I_n/√3)', unit: 'A', digits: 2 },
  { key: 'starContactor', label: 'Contator de estrela (≈ I_n/3, prática usual)', unit: 'A', digits: 2 },
] as const;

export const motorCurrent = defineCalculator({
  slug: 'corrente-motor-trifasico',
  version: '1.0.0',
  title: 'Corrente de motor trifásico e partida',
  summary:
    'Calcula a corrente nominal, as potências absorvidas, o conjugado nominal e a corrente e o conjugado de partida de um motor de indução trifásico para partida direta, estrela-triângulo, chave compensadora, soft-starter ou inversor.',
  category: 'electrical',
  accessLevel: 'E-TOOL',
  inputs: [
    {
      kind: 'number',
      name: 'power',
      label: 'Potência nominal no eixo P',
      unitGroup: 'power',
      defaultUnit: 'kW',
      units: ['kW', 'cv', 'hp', 'W'],
      default: 7.5,
      min: 0.1,
      max: 1000,
      help: 'Potência de placa (saída mecânica).',
    },
    {
      kind: 'number',
      name: 'voltage',
      label: 'Tensão de linha V',
      unitGroup: 'voltage',
      defaultUnit: 'V',
      units: ['V'],
      default: 380,
      min: 180,
      max: 1000,
      help: 'Valores usuais no Brasil: 220, 380 e 440 V.',
    },
    {
      kind: 'number',
      name: 'efficiency',
      label: 'Rendimento η (placa ou catálogo, 100 % da carga)',
      unit: '%',
      default: 91,
      min: 50,
      max: 99,
    },
    { kind: 'number', name: 'powerFactor', label: 'Fator de potência cos φ (placa)', unit: '', default: 0.83, min: 0.3, max: 0.99 },
    { kind: 'number', name: 'startRatio', label: 'Relação de partida I_p/I_n (placa)', unit: '', default: 7.5, min: 3, max: 12 },
    {
      kind: 'number',
      name: 'speed',
      label: 'Rotação nominal n',
      unitGroup: 'rotationalSpeed',
      defaultUnit: 'rpm',
      units: ['rpm'],
      default: 1760,
      min: 100,
      max: 10_000,
    },
    {
      kind: 'select',
      name: 'method',
      label: 'Método de partida',
      options: [
        { value: 'direct', label: 'Partida direta' },
        { value: 'star-delta', label: 'Estrela-triângulo' },
        { value: 'autotransformer', label: 'Chave compensadora (autotransformador)' },
        { value: 'soft-starter', label: 'Soft-starter com limite de corrente' },
        { value: 'inverter', label: 'Inversor de frequência' },
      ],
      default: 'star-delta',
    },
    {
      kind: 'select',
      name: 'tap',
      label: 'Tap do autotransformador',
      options: [
        { value: '0.5', label: '50 %' },
        { value: '0.65', label: '65 %' },
        { value: '0.8', label: '80 %' },
      ],
      default: '0.65',
      when: { field: 'method', oneOf: ['autotransformer'] },
    },
    {
      kind: 'number',
      name: 'currentLimit',
      label: 'Limite de corrente do soft-starter (múltiplo de I_n)',
      unit: '× I_n',
      default: 3,
      min: 1,
      max: 7,
      when: { field: 'method', oneOf: ['soft-starter'] },
    },
  ],
  outputs,
  formula:
    'I_n = P / (√3·V·η·cos φ);  P_in = P/η;  S = P_in/cos φ;  Q = √(S² − P_in²);  I_p = (I_p/I_n)·I_n;  T_n = P/ω, ω = 2π·n/60;  Y-Δ: I e C ÷ 3;  compensadora: I e C × k²;  soft-starter: I = x·I_n, C × (x·I_n/I_p)²',
  references: [
    'ABNT NBR 17094-1:2018 (versão corrigida 28.05.2018), Máquinas elétricas girantes — motores de indução trifásicos — requisitos',
    'IEC 60034-1 (máquinas elétricas girantes: características nominais)',
    'WEG, guias técnicos de motores e métodos de partida (relações de corrente e conjugado; confirme no catálogo)',
    'Henriques, E. B., "Limite de queda de tensão na partida de motores BT", Eletricidade Moderna, mar./abr. 2021 (NBR 5410 6.2.7.1)',
  ],
  standards: [
    { code: 'ABNT NBR 17094-1', edition: '2018 (versão corrigida 2018)' },
    { code: 'IEC 60034-1', edition: '2022' },
  ],
  disclaimer:
    'As relações da chave compensadora e do soft-starter são aproximações (corrente de magnetização desprezada, conjugado proporcional ao quadrado da tensão); o caso do inversor é apenas informativo. ' +
    STANDING_DISCLAIMER,
  compute({ power, voltage, efficiency, powerFactor, startRatio, speed, method, tap, currentLimit }) {
    if (method === 'soft-starter' && currentLimit > startRatio) {
      return invalid({
        currentLimit: `O limite de ${f(currentLimit)} × I_n é maior que a corrente de partida direta (${f(startRatio)} × I_n): use um limite menor que I_p/I_n.`,
      });
    }
    const eta = efficiency / 100;
    const ratedCurrent = power / (Math.sqrt(3) * voltage * eta * powerFactor);
    const inputPower = power / eta;
    const apparentPower = inputPower / powerFactor;
    const reactivePower = Math.sqrt(apparentPower ** 2 - inputPower ** 2);
    const directStartCurrent = startRatio * ratedCurrent;
    const ratedTorque = power / speed; // speed arrives in rad/s
    const tapValue = Number(tap);
    const fractions = method === 'inverter' ? undefined : startFractions(method, tapValue, currentLimit, startRatio);
    const startCurrent = fractions ? fractions.current * directStartCurrent : ratedCurrent;
    const starDelta = method === 'star-delta';

    const warnings = [
      'Use a corrente de placa quando disponível; η e cos φ de catálogo têm tolerâncias (NBR 17094-1).',
      'Algumas distribuidoras limitam a partida direta de motores em baixa tensão: consulte a norma de fornecimento da sua distribuidora.',
      `Para a queda de tensão na partida, use Dimensionamento de condutores e proteção com I = ${f(startCurrent)} A e o fator de potência de partida do fabricante.`,
    ];
    if (starDelta) {
      warnings.push(
        'Exige motor com 6 terminais e tensão de triângulo igual à tensão da rede (ex.: motor 380/660 V em rede de 380 V).',
        'Conjugado de partida cai para 1/3: verifique se a carga acelera.',
      );
    }
    if (method === 'autotransformer' || method === 'soft-starter') {
      warnings.push(
        `Conjugado de partida cai para ${f(100 * (fractions?.torque ?? 1), 3)} % do da partida direta (aproximação): verifique se a carga acelera.`,
      );
    }
    if (method === 'inverter')
      warnings.push(
        'Com inversor a corrente de partida fica próxima de I_n, conforme a rampa e o limite ajustados (informativo, não calculado).',
      );

    const rpm = (speed * 60) / (2 * Math.PI);
    const methodText =
      method === 'star-delta'
        ? `I_part = ${f(directStartCurrent)} / 3`
        : method === 'autotransformer'
          ? `I_part = ${f(tapValue)}² · ${f(directStartCurrent)}`
          : method === 'soft-starter'
            ? `I_part = ${f(currentLimit)} · ${f(ratedCurrent)}`
            : method === 'inverter'
              ? `I_part ≈ I_n = ${f(ratedCurrent)}`
              : `I_part = I_p = ${f(directStartCurrent)}`;

    return {
      results: buildResults(outputs, {
        ratedCurrent,
        inputPower: inputPower / 1000,
        apparentPower: apparentPower / 1000,
        reactivePower: reactivePower / 1000,
        directStartCurrent,
        startCurrent,
        startMultiple: startCurrent / ratedCurrent,
        torqueFraction: fractions ? 100 * fractions.torque : undefined,
        ratedTorque,
        mainContactor: starDelta ? ratedCurrent / Math.sqrt(3) : undefined,
        starContactor: starDelta ? ratedCurrent / 3 : undefined,
      }),
      steps: [
        step('Corrente nominal', `I_n = ${f(power)} / (√3 · ${f(voltage)} · ${f(eta)} · ${f(powerFactor)})`, ratedCurrent, 'A', 2),
        step('Potência absorvida', `P_in = ${f(power / 1000)} / ${f(eta)}`, inputPower / 1000, 'kW', 3),
        step('Potência aparente', `S = ${f(inputPower / 1000)} / ${f(powerFactor)}`, apparentPower / 1000, 'kVA', 3),
        step('Potência reativa', `Q = √(${f(apparentPower / 1000)}² − ${f(inputPower / 1000)}²)`, reactivePower / 1000, 'kvar', 3),
        step('Corrente de partida direta', `I_p = ${f(startRatio)} · ${f(ratedCurrent)}`, directStartCurrent, 'A', 1),
        step(`Corrente de partida (${START_METHOD_LABELS[method].toLowerCase()})`, methodText, startCurrent, 'A', 1),
        step('Conjugado nominal', `T_n = P / ω = ${f(power)} / (2π · ${f(rpm)} / 60)`, ratedTorque, 'N·m', 2),
      ],
      warnings,
      figures: () => motorStartFigures({ method, tap: tapValue, currentLimit, startRatio, ratedCurrent }),
    };
  },
});
