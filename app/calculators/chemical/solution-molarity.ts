import { formatNumber as f } from '../format';
import { buildResults, invalid, step } from '../result';
import { defineCalculator } from '../types';

const outputs = [
  { key: 'massConcentration', label: 'Concentração em massa da solução estoque', unit: 'g/L', digits: 1 },
  { key: 'molarity', label: 'Concentração molar da solução estoque C₁', unit: 'mol/L', digits: 3 },
  { key: 'normality', label: 'Normalidade da solução estoque', unit: 'eq/L', digits: 3 },
  { key: 'stockVolume', label: 'Volume de solução estoque V₁', unit: 'mL', digits: 2 },
  { key: 'stockMass', label: 'Massa de solução estoque (alternativa à pipeta)', unit: 'g', digits: 3 },
  { key: 'solventVolume', label: 'Solvente a completar (aproximado)', unit: 'mL', digits: 1 },
] as const;

export const solutionMolarity = defineCalculator({
  slug: 'preparo-solucao',
  version: '1.0.0',
  title: 'Preparo de soluções: molaridade e diluição',
  summary:
    'Calcula a concentração molar de um reagente concentrado a partir do título em massa e da densidade, e o volume necessário para preparar uma diluição.',
  category: 'chemical',
  accessLevel: 'E-BASIC',
  inputs: [
    {
      kind: 'number',
      name: 'massFraction',
      label: 'Título em massa w (% m/m)',
      unit: '%',
      default: 37,
      min: 0,
      exclusiveMin: true,
      max: 100,
    },
    {
      kind: 'number',
      name: 'density',
      label: 'Massa específica da solução estoque ρ',
      unitGroup: 'density',
      defaultUnit: 'g/mL',
      units: ['g/mL', 'kg/L', 'kg/m3'],
      default: 1.19,
      min: 0.5,
      max: 25,
    },
    {
      kind: 'number',
      name: 'molarMass',
      label: 'Massa molar do soluto',
      unitGroup: 'molarMass',
      defaultUnit: 'g/mol',
      units: ['g/mol'],
      default: 36.46,
      min: 1,
      max: 100_000,
    },
    {
      kind: 'number',
      name: 'equivalents',
      label: 'Equivalentes por mol (para a normalidade)',
      unit: 'eq/mol',
      default: 1,
      min: 1,
      max: 10,
      integer: true,
      help: 'HCl: 1; H₂SO₄: 2 (reações ácido-base).',
    },
    {
      kind: 'number',
      name: 'targetConcentration',
      label: 'Concentração desejada C₂',
      unitGroup: 'molarConcentration',
      defaultUnit: 'mol/L',
      units: ['mol/L', 'mmol/L'],
      default: 0.1,
      min: 0,
      exclusiveMin: true,
      max: 30,
    },
    {
      kind: 'number',
      name: 'finalVolume',
      label: 'Volume final V₂',
      unitGroup: 'volume',
      defaultUnit: 'L',
      units: ['L', 'mL', 'm3'],
      default: 1,
      min: 0,
      exclusiveMin: true,
      max: 100_000,
    },
  ],
  outputs,
  formula: 'C₁ = 10·ρ[g/mL]·w[%] / M;  C₁·V₁ = C₂·V₂ → V₁ = C₂·V₂ / C₁;  N = C·eq',
  references: [
    'Skoog, West, Holler & Crouch, Fundamentals of Analytical Chemistry, cap. 4 (cálculos em química analítica: concentração molar, percentual e densidade)',
    'IUPAC, Compendium of Chemical Terminology (Gold Book): amount concentration, mass fraction',
  ],
  disclaimer: 'Segurança: adicione sempre o ácido concentrado sobre a água, devagar e com agitação, nunca o contrário. Use EPI e capela.',
  compute({ massFraction, density, molarMass, equivalents, targetConcentration, finalVolume }) {
    // Base units: kg/m³, kg/mol, mol/m³ and m³.
    const massConcentration = (density * massFraction) / 100; // kg/m³ = g/L
    const molarity = massConcentration / molarMass; // mol/m³
    if (targetConcentration > molarity) {
      return invalid({
        targetConcentration: `A concentração desejada deve ser menor ou igual à da solução estoque (${f(molarity / 1000)} mol/L).`,
      });
    }
    const stockVolume = (targetConcentration * finalVolume) / molarity;
    const warnings: string[] = [];
    if (stockVolume < 1e-6)
      warnings.push('Volume de solução estoque menor que 1 mL: faça a diluição em etapas para reduzir o erro de medição.');
    return {
      results: buildResults(outputs, {
        massConcentration,
        molarity: molarity / 1000,
        normality: (molarity / 1000) * equivalents,
        stockVolume: stockVolume * 1e6,
        stockMass: stockVolume * density * 1000,
        solventVolume: (finalVolume - stockVolume) * 1e6,
      }),
      steps: [
        step(
          'Concentração molar',
          `C₁ = 10 · ${f(density / 1000)} g/mL · ${f(massFraction)} % / ${f(molarMass * 1000)} g/mol`,
          molarity / 1000,
          'mol/L',
          3,
        ),
        step(
          'Volume de estoque',
          `V₁ = ${f(targetConcentration / 1000)} mol/L · ${f(finalVolume * 1000)} L / ${f(molarity / 1000)} mol/L`,
          stockVolume * 1e6,
          'mL',
          2,
        ),
      ],
      warnings,
    };
  },
});
