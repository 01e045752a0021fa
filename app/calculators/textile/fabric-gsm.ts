import { formatNumber as f } from '../format';
import { buildResults, step } from '../result';
import { defineCalculator } from '../types';
import { fabricGsmFigures } from './fabric-gsm-figures';

const outputs = [
  { key: 'gsm', label: 'Gramatura estimada', unit: 'g/m²', digits: 1 },
  { key: 'ouncesPerSquareYard', label: 'Gramatura estimada', unit: 'oz/jd²', digits: 2 },
  { key: 'warpMass', label: 'Contribuição do urdume', unit: 'g/m²', digits: 1 },
  { key: 'weftMass', label: 'Contribuição da trama', unit: 'g/m²', digits: 1 },
  { key: 'warpCover', label: 'Fator de cobertura do urdume K₁ (fios/cm·√tex/10)', unit: '', digits: 1 },
  { key: 'weftCover', label: 'Fator de cobertura da trama K₂ (fios/cm·√tex/10)', unit: '', digits: 1 },
] as const;

/** g/m² per oz/yd² (avoirdupois ounce over square yard, exact definitions). */
const GSM_PER_OZ_YD2 = 0.45359237e3 / 16 / 0.9144 ** 2;

const threadDensity = <N extends string>(name: N, label: string, defaultValue: number) =>
  ({
    kind: 'number',
    name,
    label,
    unitGroup: 'threadDensity',
    defaultUnit: '1/in',
    units: ['1/in', '1/cm'],
    default: defaultValue,
    min: 2,
    max: 500,
  }) as const;

const yarn = <N extends string>(name: N, label: string, defaultValue: number) =>
  ({ kind: 'number', name, label, unitGroup: 'yarnCount', defaultUnit: 'Ne', default: defaultValue, min: 0.1, max: 6000 }) as const;

const crimp = <N extends string>(name: N, label: string, defaultValue: number) =>
  ({
    kind: 'number',
    name,
    label,
    unit: '%',
    default: defaultValue,
    min: 0,
    max: 50,
    help: 'Excesso de comprimento do fio em relação ao tecido (ISO 7211-3).',
  }) as const;

export const fabricGsm = defineCalculator({
  slug: 'gramatura-tecido',
  version: '1.0.0',
  title: 'Gramatura de tecido plano pela construção',
  summary:
    'Estima a gramatura (g/m²) de um tecido plano a partir das densidades de fios, dos títulos e do encolhimento (crimp) de urdume e trama.',
  category: 'textile',
  accessLevel: 'E-MASTER',
  inputs: [
    threadDensity('warpDensity', 'Densidade de urdume (fios)', 120),
    threadDensity('weftDensity', 'Densidade de trama (batidas)', 70),
    yarn('warpCount', 'Título do fio de urdume', 40),
    yarn('weftCount', 'Título do fio de trama', 30),
    crimp('warpCrimp', 'Crimp do urdume', 3),
    crimp('weftCrimp', 'Crimp da trama', 5),
  ],
  outputs,
  formula: 'G = [n₁·tex₁·(1 + c₁) + n₂·tex₂·(1 + c₂)] / 10  (n em fios/cm, c em fração);  K = n·√tex / 10',
  references: [
    'Derivada das definições de tex (ISO 1144) e de densidade de fios (ISO 7211-2) e crimp (ISO 7211-3)',
    'ISO 3801 e ASTM D3776 (determinação da gramatura por corte e pesagem, o método de referência)',
    'Peirce, F. T. (1937). The geometry of cloth structure. Journal of the Textile Institute, 28, T45–T96 (fator de cobertura)',
  ],
  disclaimer:
    'Estimativa pela construção: a gramatura de referência é medida por corte e pesagem (ISO 3801 / ASTM D3776) e varia com o acabamento.',
  compute({ warpDensity, weftDensity, warpCount, weftCount, warpCrimp, weftCrimp }) {
    // Base units: threads per metre and tex (g/km); n·(1 + c) metres of yarn per m², tex/1000 g each.
    const warpMass = (warpDensity * (1 + warpCrimp / 100) * warpCount) / 1000;
    const weftMass = (weftDensity * (1 + weftCrimp / 100) * weftCount) / 1000;
    const gsm = warpMass + weftMass;
    const perCm = (density: number) => density / 100;
    const cover = (density: number, tex: number) => (perCm(density) * Math.sqrt(tex)) / 10;
    const contribution = (density: number, tex: number, crimpPercent: number) =>
      `${f(perCm(density))} fios/cm · ${f(tex)} tex · (1 + ${f(crimpPercent / 100)}) / 10`;
    return {
      results: buildResults(outputs, {
        gsm,
        ouncesPerSquareYard: gsm / GSM_PER_OZ_YD2,
        warpMass,
        weftMass,
        warpCover: cover(warpDensity, warpCount),
        weftCover: cover(weftDensity, weftCount),
      }),
      steps: [
        step('Urdume', contribution(warpDensity, warpCount, warpCrimp), warpMass, 'g/m²', 2),
        step('Trama', contribution(weftDensity, weftCount, weftCrimp), weftMass, 'g/m²', 2),
        step('Gramatura', `G = ${f(warpMass)} + ${f(weftMass)}`, gsm, 'g/m²', 1),
      ],
      figures: () =>
        fabricGsmFigures({ warpMass, weftMass, warpCover: cover(warpDensity, warpCount), weftCover: cover(weftDensity, weftCount) }),
      warnings: [],
    };
  },
});
