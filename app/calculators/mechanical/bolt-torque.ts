import { formatNumber as f } from '../format';
import { buildResults, invalid, step } from '../result';
import { defineCalculator } from '../types';
import { boltFigures } from './bolt-torque-figures';

const outputs = [
  { key: 'stressArea', label: 'Área resistente à tração Aₜ', unit: 'mm²', digits: 2 },
  { key: 'proofLoad', label: 'Carga de prova Fₚ = Aₜ·Sₚ', unit: 'kN', digits: 2 },
  { key: 'preload', label: 'Pré-carga Fᵢ', unit: 'kN', digits: 2 },
  { key: 'torque', label: 'Torque de aperto T', unit: 'N·m', digits: 1 },
  { key: 'torqueKgfM', label: 'Torque de aperto T', unit: 'kgf·m', digits: 2 },
] as const;

const PRELOAD_FRACTION = { reusable: 0.75, permanent: 0.9 } as const;

/** ISO 898-1 stress area: π/4·((d₂ + d₃)/2)², with (d₂ + d₃)/2 = d − 0.938194·P for ISO metric threads. */
export function tensileStressArea(diameter: number, pitch: number): number {
  return (Math.PI / 4) * (diameter - 0.938194 * pitch) ** 2;
}

export const boltTorque = defineCalculator({
  slug: 'torque-aperto-parafuso',
  version: '1.0.0',
  title: 'Torque de aperto de parafusos',
  summary:
    'Estima o torque de aperto de um parafuso métrico ISO a partir da pré-carga desejada, da classe de resistência e do coeficiente de torque.',
  category: 'mechanical',
  accessLevel: 'E-MASTER',
  inputs: [
    {
      kind: 'number',
      name: 'diameter',
      label: 'Diâmetro nominal d',
      unitGroup: 'length',
      defaultUnit: 'mm',
      units: ['mm', 'in'],
      default: 10,
      min: 1.6,
      max: 100,
    },
    {
      kind: 'number',
      name: 'pitch',
      label: 'Passo da rosca P',
      unitGroup: 'length',
      defaultUnit: 'mm',
      units: ['mm'],
      default: 1.5,
      min: 0.2,
      max: 8,
      help: 'M10 grossa: 1,5 mm; M12: 1,75 mm; M16: 2 mm.',
    },
    {
      kind: 'number',
      name: 'proofStrength',
      label: 'Resistência de prova Sₚ',
      unitGroup: 'pressure',
      defaultUnit: 'MPa',
      units: ['MPa', 'kgf/cm2', 'psi', 'ksi'],
      default: 580,
      min: 100,
      max: 2000,
      help: 'Classe 8.8 com d ≤ 16 mm: 580 MPa (ISO 898-1).',
    },
    {
      kind: 'select',
      name: 'joint',
      label: 'Tipo de união',
      options: [
        { value: 'reusable', label: 'Reutilizável (Fᵢ = 0,75·Fₚ)' },
        { value: 'permanent', label: 'Permanente (Fᵢ = 0,90·Fₚ)' },
      ],
      default: 'reusable',
    },
    {
      kind: 'number',
      name: 'torqueCoefficient',
      label: 'Coeficiente de torque K',
      unit: '',
      default: 0.2,
      min: 0.05,
      max: 0.5,
      help: 'K = 0,20 quando a condição da rosca não é conhecida; menor com lubrificação.',
    },
  ],
  outputs,
  formula: 'Aₜ = π/4·(d − 0,938194·P)²;  Fᵢ = k·Aₜ·Sₚ (k = 0,75 ou 0,90);  T = K·Fᵢ·d',
  references: [
    'Budynas & Nisbett, Shigley’s Mechanical Engineering Design, 10ª ed., cap. 8 (parafusos: torque e pré-carga, Fᵢ = 0,75·Fₚ ou 0,90·Fₚ, T = K·Fᵢ·d)',
    'ISO 898-1 (propriedades mecânicas de parafusos de aço carbono e liga: classes de resistência, área resistente Aₛ)',
    'VDI 2230 Parte 1 (cálculo sistemático de uniões parafusadas, para juntas críticas)',
  ],
  disclaimer:
    'Estimativa: com o mesmo torque, a pré-carga real varia tipicamente ±25 a 30 % conforme o atrito. Para juntas críticas use VDI 2230 e os dados do fabricante.',
  compute({ diameter, pitch, proofStrength, joint, torqueCoefficient }) {
    if (pitch > 0.3 * diameter) {
      return invalid({ pitch: `Passo grande demais para este diâmetro (máximo 0,3·d = ${f(0.3 * diameter * 1000, 3)} mm).` });
    }
    const area = tensileStressArea(diameter, pitch);
    const proofLoad = area * proofStrength;
    const fraction = PRELOAD_FRACTION[joint];
    const preload = fraction * proofLoad;
    const torque = torqueCoefficient * preload * diameter;
    const mm = (metres: number) => f(metres * 1000);
    return {
      results: buildResults(outputs, {
        stressArea: area * 1e6,
        proofLoad: proofLoad / 1000,
        preload: preload / 1000,
        torque,
        torqueKgfM: torque / 9.80665,
      }),
      steps: [
        step('Área resistente', `Aₜ = π/4 · (${mm(diameter)} − 0,938194 · ${mm(pitch)})² mm²`, area * 1e6, 'mm²', 2),
        step('Carga de prova', `Fₚ = ${f(area * 1e6)} mm² · ${f(proofStrength / 1e6)} MPa`, proofLoad / 1000, 'kN', 2),
        step('Pré-carga', `Fᵢ = ${f(fraction)} · ${f(proofLoad / 1000)} kN`, preload / 1000, 'kN', 2),
        step('Torque', `T = ${f(torqueCoefficient)} · ${f(preload)} N · ${f(diameter)} m`, torque, 'N·m', 1),
      ],
      figures: () => boltFigures({ diameter, proofLoad, preload, torqueCoefficient, torque }),
      warnings: [],
    };
  },
});
