import { formatNumber as f } from '../format';
import { buildResults, invalid, step } from '../result';
import { defineCalculator } from '../types';
import { powerFactorFigures } from './power-factor-figures';

const outputs = [
  { key: 'capacitorPower', label: 'Potência reativa do banco Q_c', unit: 'kvar', digits: 2 },
  { key: 'capacitance', label: 'Capacitância por fase', unit: 'µF', digits: 1 },
  { key: 'bankCurrent', label: 'Corrente de linha do banco', unit: 'A', digits: 1 },
  { key: 'reactiveBefore', label: 'Potência reativa antes Q₁', unit: 'kvar', digits: 2 },
  { key: 'reactiveAfter', label: 'Potência reativa depois Q₂', unit: 'kvar', digits: 2 },
  { key: 'apparentBefore', label: 'Potência aparente antes S₁', unit: 'kVA', digits: 2 },
  { key: 'apparentAfter', label: 'Potência aparente depois S₂', unit: 'kVA', digits: 2 },
] as const;

/** ANEEL reference power factor (inductive and capacitive limit). */
export const ANEEL_REFERENCE_PF = 0.92;

export const powerFactor = defineCalculator({
  slug: 'correcao-fator-potencia',
  version: '1.0.0',
  title: 'Correção do fator de potência (banco de capacitores)',
  summary:
    'Calcula a potência reativa e a capacitância por fase de um banco de capacitores trifásico para elevar o fator de potência ao valor desejado.',
  category: 'electrical',
  accessLevel: 'E-BASIC',
  inputs: [
    {
      kind: 'number',
      name: 'activePower',
      label: 'Potência ativa da carga P',
      unitGroup: 'power',
      defaultUnit: 'kW',
      default: 100,
      min: 0,
      exclusiveMin: true,
      max: 100_000,
    },
    { kind: 'number', name: 'currentPowerFactor', label: 'Fator de potência atual cos φ₁', unit: '', default: 0.8, min: 0.1, max: 1 },
    {
      kind: 'number',
      name: 'targetPowerFactor',
      label: 'Fator de potência desejado cos φ₂',
      unit: '',
      default: 0.92,
      min: 0.1,
      max: 1,
      help: 'O fator de potência de referência da ANEEL é 0,92.',
    },
    {
      kind: 'number',
      name: 'voltage',
      label: 'Tensão de linha V_L',
      unitGroup: 'voltage',
      defaultUnit: 'V',
      default: 380,
      min: 100,
      max: 50_000,
    },
    {
      kind: 'select',
      name: 'connection',
      label: 'Ligação do banco',
      options: [
        { value: 'delta', label: 'Triângulo (Δ)' },
        { value: 'star', label: 'Estrela (Y)' },
      ],
      default: 'delta',
    },
    {
      kind: 'select',
      name: 'frequency',
      label: 'Frequência',
      options: [
        { value: '60', label: '60 Hz (Brasil)' },
        { value: '50', label: '50 Hz' },
      ],
      default: '60',
    },
  ],
  outputs,
  formula: 'Q_c = P·(tan φ₁ − tan φ₂);  Δ: C = Q_c/(3·ω·V_L²);  Y: C = Q_c/(ω·V_L²);  ω = 2π·f',
  references: [
    'ANEEL: fator de potência de referência 0,92 (histórico na Nota Técnica nº 0083/2012-SRD/ANEEL; regras atuais na REN nº 1000/2021)',
    'Mamede Filho, Instalações Elétricas Industriais, capítulo de correção do fator de potência',
    'IEC 60831-1 (capacitores de potência em derivação, autorregeneráveis, até 1000 V)',
  ],
  disclaimer:
    'Correção para a carga em regime. Com cargas não lineares (harmônicos) verifique ressonância e considere reatores de dessintonia; confira a tensão nominal dos capacitores com o fabricante.',
  compute({ activePower, currentPowerFactor, targetPowerFactor, voltage, connection, frequency }) {
    if (targetPowerFactor <= currentPowerFactor) {
      return invalid({ targetPowerFactor: `O fator de potência desejado deve ser maior que o atual (${f(currentPowerFactor)}).` });
    }
    const tan1 = Math.tan(Math.acos(currentPowerFactor));
    const tan2 = Math.tan(Math.acos(targetPowerFactor));
    const capacitorPower = activePower * (tan1 - tan2);
    const omega = 2 * Math.PI * Number(frequency);
    const phases = connection === 'delta' ? 3 : 1;
    const capacitance = capacitorPower / (phases * omega * voltage ** 2);
    const bankCurrent = capacitorPower / (Math.sqrt(3) * voltage);
    const warnings =
      targetPowerFactor < ANEEL_REFERENCE_PF
        ? [
            `Fator de potência desejado abaixo da referência de ${f(ANEEL_REFERENCE_PF)} da ANEEL: pode haver faturamento de excedente de reativos.`,
          ]
        : [];
    return {
      results: buildResults(outputs, {
        capacitorPower: capacitorPower / 1000,
        capacitance: capacitance * 1e6,
        bankCurrent,
        reactiveBefore: (activePower * tan1) / 1000,
        reactiveAfter: (activePower * tan2) / 1000,
        apparentBefore: activePower / currentPowerFactor / 1000,
        apparentAfter: activePower / targetPowerFactor / 1000,
      }),
      steps: [
        step('tan φ₁', `tan(arccos ${f(currentPowerFactor)})`, tan1, '', 4),
        step('tan φ₂', `tan(arccos ${f(targetPowerFactor)})`, tan2, '', 4),
        step('Potência do banco', `Q_c = ${f(activePower / 1000)} kW · (${f(tan1)} − ${f(tan2)})`, capacitorPower / 1000, 'kvar', 2),
        step(
          connection === 'delta' ? 'Capacitância por fase (Δ)' : 'Capacitância por fase (Y)',
          `C = ${f(capacitorPower)} / (${phases === 3 ? '3 · ' : ''}2π · ${frequency} · ${f(voltage)}²)`,
          capacitance * 1e6,
          'µF',
          1,
        ),
      ],
      figures: () =>
        powerFactorFigures({
          activePower,
          powerFactorBefore: currentPowerFactor,
          powerFactorAfter: targetPowerFactor,
          reference: ANEEL_REFERENCE_PF,
        }),
      warnings,
    };
  },
});
