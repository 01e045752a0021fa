import { formatNumber as f } from '../format';
import { buildResults, invalid, step } from '../result';
import { defineCalculator } from '../types';
import { pipePressureDropFigures } from './pipe-pressure-drop-figures';

const outputs = [
  { key: 'velocity', label: 'Velocidade média v', unit: 'm/s', digits: 3 },
  { key: 'reynolds', label: 'Número de Reynolds Re', unit: '', digits: 0 },
  { key: 'regime', label: 'Regime de escoamento', unit: '' },
  { key: 'relativeRoughness', label: 'Rugosidade relativa ε/D', unit: '', digits: 6 },
  { key: 'frictionFactor', label: 'Fator de atrito de Darcy f', unit: '', digits: 5 },
  { key: 'pipeDrop', label: 'Perda de pressão distribuída', unit: 'kPa', digits: 2 },
  { key: 'fittingsDrop', label: 'Perda de pressão localizada (ΣK)', unit: 'kPa', digits: 2 },
  { key: 'totalDrop', label: 'Perda de pressão total ΔP', unit: 'kPa', digits: 2 },
  { key: 'headLoss', label: 'Perda de carga total h_f', unit: 'm', digits: 3 },
] as const;

export const LAMINAR_LIMIT = 2300;
export const TURBULENT_LIMIT = 4000;
const STANDARD_GRAVITY = 9.80665;

export const swameeJain = (reynolds: number, relativeRoughness: number) =>
  0.25 / Math.log10(relativeRoughness / 3.7 + 5.74 / reynolds ** 0.9) ** 2;

/** Colebrook–White solved for x = 1/√f by fixed-point iteration (a contraction for Re ≥ 2300). */
export function colebrook(reynolds: number, relativeRoughness: number): number {
  let x = 1 / Math.sqrt(swameeJain(Math.max(reynolds, 5000), Math.max(relativeRoughness, 1e-6)));
  for (let iteration = 0; iteration < 100; iteration += 1) {
    const next = -2 * Math.log10(relativeRoughness / 3.7 + (2.51 * x) / reynolds);
    const converged = Math.abs(next - x) <= 1e-13 * Math.abs(next);
    x = next;
    if (converged) break;
  }
  return 1 / (x * x);
}

export const pipePressureDrop = defineCalculator({
  slug: 'perda-carga-tubulacao',
  version: '1.0.0',
  title: 'Perda de carga em tubulações (Darcy–Weisbach)',
  summary:
    'Calcula a perda de pressão de um escoamento em tubo circular cheio pela equação de Darcy–Weisbach, com fator de atrito laminar, de Colebrook ou de Swamee–Jain.',
  category: 'chemical',
  accessLevel: 'E-TOOL',
  inputs: [
    {
      kind: 'number',
      name: 'flowRate',
      label: 'Vazão Q',
      unitGroup: 'volumeFlow',
      defaultUnit: 'L/s',
      default: 3.93,
      min: 0.000001,
      max: 100_000,
    },
    {
      kind: 'number',
      name: 'diameter',
      label: 'Diâmetro interno D',
      unitGroup: 'length',
      defaultUnit: 'mm',
      units: ['mm', 'm', 'in'],
      default: 50,
      min: 1,
      max: 5000,
    },
    {
      kind: 'number',
      name: 'length',
      label: 'Comprimento L',
      unitGroup: 'length',
      defaultUnit: 'm',
      units: ['m', 'km', 'ft'],
      default: 100,
      min: 0,
      exclusiveMin: true,
      max: 100_000,
    },
    {
      kind: 'number',
      name: 'roughness',
      label: 'Rugosidade absoluta ε',
      unitGroup: 'length',
      defaultUnit: 'mm',
      units: ['mm', 'um', 'in'],
      default: 0.045,
      min: 0,
      max: 10,
      help: 'Aço comercial novo ≈ 0,045 mm; tubo trefilado ou PVC ≈ 0,0015 mm.',
    },
    {
      kind: 'number',
      name: 'density',
      label: 'Massa específica do fluido ρ',
      unitGroup: 'density',
      defaultUnit: 'kg/m3',
      units: ['kg/m3', 'g/mL', 'lb/ft3'],
      default: 998.2,
      min: 0.01,
      max: 25_000,
      help: 'Água a 20 °C: 998,2 kg/m³.',
    },
    {
      kind: 'number',
      name: 'viscosity',
      label: 'Viscosidade dinâmica μ',
      unitGroup: 'dynamicViscosity',
      defaultUnit: 'mPa.s',
      default: 1.002,
      min: 0.001,
      max: 1_000_000,
      help: 'Água a 20 °C: 1,002 mPa·s.',
    },
    { kind: 'number', name: 'fittingsK', label: 'Soma dos coeficientes de perda localizada ΣK', unit: '', default: 0, min: 0, max: 1000 },
    {
      kind: 'select',
      name: 'method',
      label: 'Fator de atrito turbulento',
      options: [
        { value: 'colebrook', label: 'Colebrook–White (iterativo)' },
        { value: 'swamee-jain', label: 'Swamee–Jain (explícito)' },
      ],
      default: 'colebrook',
    },
  ],
  outputs,
  formula:
    'Re = ρvD/μ;  laminar: f = 64/Re;  Colebrook: 1/√f = −2·log₁₀[ε/(3,7D) + 2,51/(Re·√f)];  Swamee–Jain: f = 0,25/[log₁₀(ε/(3,7D) + 5,74/Re^0,9)]²;  ΔP = (f·L/D + ΣK)·ρv²/2',
  references: [
    'White, Fluid Mechanics, cap. 6 (escoamento viscoso em dutos: Darcy–Weisbach, Moody, Colebrook)',
    'Perry’s Chemical Engineers’ Handbook, seção 6 (dinâmica de fluidos)',
    'Colebrook, C. F. (1939). Turbulent flow in pipes… Journal of the Institution of Civil Engineers, 11, 133–156',
    'Swamee, P. K. & Jain, A. K. (1976). Explicit equations for pipe-flow problems. Journal of the Hydraulics Division (ASCE), 102(5), 657–664',
  ],
  disclaimer:
    'Tubo circular cheio, fluido newtoniano e incompressível, escoamento plenamente desenvolvido. Perdas localizadas entram apenas pela soma de K informada.',
  compute({ flowRate, diameter, length, roughness, density, viscosity, fittingsK, method }) {
    const area = (Math.PI * diameter ** 2) / 4;
    const velocity = flowRate / area;
    const reynolds = (density * velocity * diameter) / viscosity;
    const relativeRoughness = roughness / diameter;
    const laminar = reynolds < LAMINAR_LIMIT;
    const transitional = !laminar && reynolds < TURBULENT_LIMIT;

    if (!laminar && relativeRoughness > 0.05) {
      return invalid({ roughness: `Rugosidade relativa ε/D = ${f(relativeRoughness)} acima de 0,05, fora da faixa do diagrama de Moody.` });
    }
    if (!laminar && method === 'swamee-jain') {
      if (reynolds < 5e3 || reynolds > 1e8) {
        return invalid({ method: `Swamee–Jain vale apenas para 5·10³ ≤ Re ≤ 10⁸ (Re = ${f(reynolds)}). Use Colebrook–White.` });
      }
      if (relativeRoughness < 1e-6 || relativeRoughness > 1e-2) {
        return invalid({ method: `Swamee–Jain vale apenas para 10⁻⁶ ≤ ε/D ≤ 10⁻² (ε/D = ${f(relativeRoughness)}). Use Colebrook–White.` });
      }
    }

    const friction = laminar
      ? 64 / reynolds
      : method === 'swamee-jain'
        ? swameeJain(reynolds, relativeRoughness)
        : colebrook(reynolds, relativeRoughness);
    const dynamicPressure = (density * velocity ** 2) / 2;
    const pipeDrop = ((friction * length) / diameter) * dynamicPressure;
    const fittingsDrop = fittingsK * dynamicPressure;
    const totalDrop = pipeDrop + fittingsDrop;
    const regime = laminar ? 'Laminar' : transitional ? 'Transição (incerto)' : 'Turbulento';
    const warnings = transitional
      ? [
          `Regime de transição (2300 ≤ Re < 4000, Re = ${f(reynolds)}): o fator de atrito é incerto; o valor turbulento mostrado tende a ser conservador.`,
        ]
      : [];
    // The system curve: the same method at every flow, Colebrook where Swamee–Jain leaves its range.
    const dropAt = (q: number) => {
      const v = q / area;
      const re = (density * v * diameter) / viscosity;
      const sjValid = re >= 5e3 && re <= 1e8 && relativeRoughness >= 1e-6 && relativeRoughness <= 1e-2;
      const fq =
        re < LAMINAR_LIMIT
          ? 64 / re
          : method === 'swamee-jain' && sjValid
            ? swameeJain(re, relativeRoughness)
            : colebrook(re, relativeRoughness);
      return ((fq * length) / diameter + fittingsK) * ((density * v ** 2) / 2);
    };
    const frictionExpression = laminar
      ? `f = 64 / ${f(reynolds)}`
      : method === 'swamee-jain'
        ? `f = 0,25 / [log₁₀(${f(relativeRoughness)}/3,7 + 5,74/${f(reynolds)}^0,9)]²`
        : `1/√f = −2·log₁₀[${f(relativeRoughness)}/3,7 + 2,51/(${f(reynolds)}·√f)] (iterado)`;

    return {
      results: buildResults(outputs, {
        velocity,
        reynolds,
        regime,
        relativeRoughness,
        frictionFactor: friction,
        pipeDrop: pipeDrop / 1000,
        fittingsDrop: fittingsDrop / 1000,
        totalDrop: totalDrop / 1000,
        headLoss: totalDrop / (density * STANDARD_GRAVITY),
      }),
      steps: [
        step('Velocidade', `v = Q/A = ${f(flowRate)} / (π · ${f(diameter)}² / 4)`, velocity, 'm/s', 3),
        step('Reynolds', `Re = ${f(density)} · ${f(velocity)} · ${f(diameter)} / ${f(viscosity)}`, reynolds, '', 0),
        step('Fator de atrito', frictionExpression, friction, '', 5),
        step(
          'Perda distribuída',
          `ΔP = ${f(friction)} · ${f(length)}/${f(diameter)} · ${f(density)} · ${f(velocity)}² / 2`,
          pipeDrop / 1000,
          'kPa',
          2,
        ),
        step('Perda total', `ΔP = ${f(pipeDrop / 1000)} + ${f(fittingsDrop / 1000)}`, totalDrop / 1000, 'kPa', 2),
      ],
      figures: () =>
        pipePressureDropFigures({
          flowRate,
          totalDrop,
          dropAt,
          flowAtReynolds: (re) => (re * viscosity * area) / (density * diameter),
          reynolds,
          frictionFactor: friction,
          laminarLimit: LAMINAR_LIMIT,
          turbulentLimit: TURBULENT_LIMIT,
          density,
        }),
      warnings,
    };
  },
});
