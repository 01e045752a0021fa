import { formatNumber as f } from '../format';
import { buildResults, invalid, step } from '../result';
import { defineCalculator } from '../types';
import { exchangerFigures } from './lmtd-heat-exchanger-figures';

const outputs = [
  { key: 'duty', label: 'Carga térmica Q', unit: 'kW', digits: 2 },
  { key: 'deltaT1', label: 'Diferença de temperatura ΔT₁', unit: 'K', digits: 2 },
  { key: 'deltaT2', label: 'Diferença de temperatura ΔT₂', unit: 'K', digits: 2 },
  { key: 'lmtd', label: 'Média logarítmica ΔT_ml', unit: 'K', digits: 2 },
  { key: 'area', label: 'Área de troca térmica A', unit: 'm²', digits: 3 },
  { key: 'otherCapacityRate', label: 'Capacidade térmica do outro fluido (ṁ·c_p)', unit: 'kW/K', digits: 3 },
] as const;

/** (ΔT₁ − ΔT₂)/ln(ΔT₁/ΔT₂), with its limit ΔT when both are equal. */
export function logMeanTemperatureDifference(deltaT1: number, deltaT2: number): number {
  const ratio = deltaT1 / deltaT2;
  if (Math.abs(ratio - 1) < 1e-6) return (deltaT1 + deltaT2) / 2;
  return (deltaT1 - deltaT2) / Math.log(ratio);
}

const temperature = (name: 'hotIn' | 'hotOut' | 'coldIn' | 'coldOut', label: string, defaultValue: number) =>
  ({ kind: 'number', name, label, unitGroup: 'temperature', defaultUnit: 'degC', default: defaultValue, min: -200, max: 1500 }) as const;

export const lmtdHeatExchanger = defineCalculator({
  slug: 'trocador-calor-lmtd',
  version: '1.0.0',
  title: 'Trocador de calor: área pelo método LMTD',
  summary:
    'Calcula a carga térmica, a média logarítmica das diferenças de temperatura e a área de troca de um trocador de calor em contracorrente ou correntes paralelas.',
  category: 'chemical',
  accessLevel: 'E-MASTER',
  inputs: [
    {
      kind: 'select',
      name: 'arrangement',
      label: 'Arranjo das correntes',
      options: [
        { value: 'counter', label: 'Contracorrente' },
        { value: 'parallel', label: 'Correntes paralelas' },
      ],
      default: 'counter',
    },
    temperature('hotIn', 'Entrada do fluido quente', 150),
    temperature('hotOut', 'Saída do fluido quente', 90),
    temperature('coldIn', 'Entrada do fluido frio', 30),
    temperature('coldOut', 'Saída do fluido frio', 70),
    {
      kind: 'select',
      name: 'knownSide',
      label: 'Vazão e calor específico conhecidos do fluido',
      options: [
        { value: 'cold', label: 'Frio' },
        { value: 'hot', label: 'Quente' },
      ],
      default: 'cold',
    },
    {
      kind: 'number',
      name: 'massFlow',
      label: 'Vazão mássica ṁ',
      unitGroup: 'massFlow',
      defaultUnit: 'kg/s',
      default: 2,
      min: 0,
      exclusiveMin: true,
      max: 100_000,
    },
    {
      kind: 'number',
      name: 'specificHeat',
      label: 'Calor específico c_p',
      unitGroup: 'specificHeat',
      defaultUnit: 'kJ/(kg.K)',
      default: 4.18,
      min: 0.1,
      max: 20,
      help: 'Água líquida ≈ 4,18 kJ/(kg·K).',
    },
    {
      kind: 'number',
      name: 'overallCoefficient',
      label: 'Coeficiente global de troca U',
      unitGroup: 'heatTransferCoefficient',
      defaultUnit: 'W/(m2.K)',
      default: 800,
      min: 1,
      max: 100_000,
    },
    {
      kind: 'number',
      name: 'correctionFactor',
      label: 'Fator de correção F',
      unit: '',
      default: 1,
      min: 0.5,
      max: 1,
      help: '1 para contracorrente ou paralelas puras; para casco e tubos multipasse, use F do gráfico do arranjo.',
    },
  ],
  outputs,
  formula: 'Q = ṁ·c_p·ΔT;  ΔT_ml = (ΔT₁ − ΔT₂)/ln(ΔT₁/ΔT₂);  A = Q/(U·F·ΔT_ml)',
  references: [
    'Incropera, DeWitt, Bergman & Lavine, Fundamentals of Heat and Mass Transfer, cap. 11 (trocadores de calor: método da média logarítmica)',
    'Kern, D. Q., Process Heat Transfer (McGraw-Hill, 1950): diferença de temperatura e fator de correção F_T',
  ],
  disclaimer: 'Supõe U e c_p constantes, sem mudança de fase e sem perdas para o ambiente.',
  compute({ arrangement, hotIn, hotOut, coldIn, coldOut, knownSide, massFlow, specificHeat, overallCoefficient, correctionFactor }) {
    if (hotOut >= hotIn) return invalid({ hotOut: 'A saída do fluido quente deve ser mais fria que a entrada.' });
    if (coldOut <= coldIn) return invalid({ coldOut: 'A saída do fluido frio deve ser mais quente que a entrada.' });
    if (hotOut < coldIn) return invalid({ hotOut: 'A saída do fluido quente não pode ficar abaixo da entrada do fluido frio.' });
    const counter = arrangement === 'counter';
    const deltaT1 = counter ? hotIn - coldOut : hotIn - coldIn;
    const deltaT2 = counter ? hotOut - coldIn : hotOut - coldOut;
    if (deltaT1 <= 0)
      return invalid({ coldOut: 'Temperaturas cruzadas: em contracorrente a saída do frio deve ficar abaixo da entrada do quente.' });
    if (deltaT2 <= 0) {
      return invalid(
        counter
          ? { hotOut: 'Temperaturas cruzadas: a saída do fluido quente deve ficar acima da entrada do fluido frio.' }
          : { coldOut: 'Em correntes paralelas a saída do fluido frio deve ficar abaixo da saída do fluido quente.' },
      );
    }
    const knownDelta = knownSide === 'cold' ? coldOut - coldIn : hotIn - hotOut;
    const otherDelta = knownSide === 'cold' ? hotIn - hotOut : coldOut - coldIn;
    const duty = massFlow * specificHeat * knownDelta;
    const lmtd = logMeanTemperatureDifference(deltaT1, deltaT2);
    const area = duty / (overallCoefficient * correctionFactor * lmtd);
    const warnings =
      correctionFactor < 0.75 ? ['F abaixo de 0,75: arranjo pouco eficiente e sensível a variações; considere mais cascos em série.'] : [];
    const celsius = (kelvin: number) => f(kelvin - 273.15);
    return {
      results: buildResults(outputs, {
        duty: duty / 1000,
        deltaT1,
        deltaT2,
        lmtd,
        area,
        otherCapacityRate: duty / otherDelta / 1000,
      }),
      steps: [
        step('Carga térmica', `Q = ${f(massFlow)} kg/s · ${f(specificHeat / 1000)} kJ/(kg·K) · ${f(knownDelta)} K`, duty / 1000, 'kW', 2),
        step(
          'ΔT₁',
          counter
            ? `T_q,e − T_f,s = ${celsius(hotIn)} − ${celsius(coldOut)} °C`
            : `T_q,e − T_f,e = ${celsius(hotIn)} − ${celsius(coldIn)} °C`,
          deltaT1,
          'K',
          2,
        ),
        step(
          'ΔT₂',
          counter
            ? `T_q,s − T_f,e = ${celsius(hotOut)} − ${celsius(coldIn)} °C`
            : `T_q,s − T_f,s = ${celsius(hotOut)} − ${celsius(coldOut)} °C`,
          deltaT2,
          'K',
          2,
        ),
        step('ΔT_ml', `(${f(deltaT1)} − ${f(deltaT2)}) / ln(${f(deltaT1)} / ${f(deltaT2)})`, lmtd, 'K', 2),
        step('Área', `A = ${f(duty)} W / (${f(overallCoefficient)} · ${f(correctionFactor)} · ${f(lmtd)})`, area, 'm²', 3),
      ],
      figures: () => exchangerFigures({ counter, hotIn, hotOut, coldIn, coldOut, deltaT1, deltaT2, lmtd }),
      warnings,
    };
  },
});
