import { formatNumber as f } from '../format';
import { buildResults, step } from '../result';
import { defineCalculator } from '../types';
import { voltageDropFigures } from './voltage-drop-figures';

const outputs = [
  { key: 'voltageDrop', label: 'Queda de tensão ΔV', unit: 'V', digits: 2 },
  { key: 'voltageDropPercent', label: 'Queda de tensão ΔV %', unit: '%', digits: 2 },
  { key: 'limitPercent', label: 'Limite aplicável (NBR 5410)', unit: '%', digits: 0 },
  { key: 'verdict', label: 'Situação', unit: '' },
  { key: 'loadVoltage', label: 'Tensão na carga', unit: 'V', digits: 1 },
  { key: 'resistivity', label: 'Resistividade na temperatura do condutor ρ(θ)', unit: 'Ω·mm²/m', digits: 5 },
  { key: 'minSection', label: 'Seção mínima pelo critério de queda de tensão', unit: 'mm²', digits: 2 },
  { key: 'suggestedSection', label: 'Menor seção nominal que atende', unit: 'mm²', digits: 1 },
] as const;

/** Resistivity at 20 °C (Ω·mm²/m) and temperature coefficient (1/K): IEC 60028 (Cu), IEC 60889 (Al). */
export const CONDUCTORS = {
  cu: { label: 'cobre', resistivity20: 1 / 58, alpha: 0.00393 },
  al: { label: 'alumínio', resistivity20: 0.028264, alpha: 0.00403 },
} as const;

/** NBR 5410:2004 (item 6.2.7) limits, % of the nominal voltage. */
export const DROP_LIMITS = {
  terminal: { percent: 4, clause: 'NBR 5410:2004, 6.2.7.2 — circuitos terminais' },
  'lv-supply': { percent: 5, clause: 'NBR 5410:2004, 6.2.7.1 c — a partir do ponto de entrega em BT' },
  'own-source': { percent: 7, clause: 'NBR 5410:2004, 6.2.7.1 a, b, d — a partir de transformador MT/BT ou gerador' },
} as const;

/** Nominal conductor cross-sections, mm² (IEC 60228 series). */
const NOMINAL_SECTIONS = [0.5, 0.75, 1, 1.5, 2.5, 4, 6, 10, 16, 25, 35, 50, 70, 95, 120, 150, 185, 240, 300, 400, 500, 630, 800, 1000];

const PVC_SERVICE_TEMPERATURE = 70;

/** The conductor's material, as both the voltage-drop and the conductor-sizing calculators ask it. */
export const CONDUCTOR_MATERIAL_FIELD = {
  kind: 'select',
  name: 'material',
  label: 'Material do condutor',
  options: [
    { value: 'cu', label: 'Cobre' },
    { value: 'al', label: 'Alumínio' },
  ],
  default: 'cu',
} as const;

export const voltageDrop = defineCalculator({
  slug: 'queda-tensao-condutor',
  version: '1.0.0',
  title: 'Queda de tensão em condutores (NBR 5410)',
  summary:
    'Calcula a queda de tensão de um circuito de baixa tensão e a compara com os limites da NBR 5410, considerando a temperatura do condutor.',
  category: 'electrical',
  accessLevel: 'E-TOOL',
  inputs: [
    {
      kind: 'select',
      name: 'system',
      label: 'Sistema',
      options: [
        { value: 'single', label: 'Monofásico ou bifásico (k = 2)' },
        { value: 'three', label: 'Trifásico equilibrado (k = √3)' },
      ],
      default: 'single',
    },
    {
      kind: 'number',
      name: 'voltage',
      label: 'Tensão nominal Vₙ',
      unitGroup: 'voltage',
      defaultUnit: 'V',
      default: 220,
      min: 12,
      max: 1000,
      help: 'Fase-neutro no monofásico; entre fases no bifásico e no trifásico.',
    },
    {
      kind: 'number',
      name: 'current',
      label: 'Corrente de projeto I_B',
      unitGroup: 'current',
      defaultUnit: 'A',
      default: 20,
      min: 0,
      exclusiveMin: true,
      max: 10_000,
    },
    {
      kind: 'number',
      name: 'length',
      label: 'Comprimento do circuito L (um sentido)',
      unitGroup: 'length',
      defaultUnit: 'm',
      units: ['m', 'km', 'ft'],
      default: 30,
      min: 0,
      exclusiveMin: true,
      max: 10_000,
    },
    {
      kind: 'number',
      name: 'section',
      label: 'Seção do condutor S',
      unitGroup: 'area',
      defaultUnit: 'mm2',
      units: ['mm2'],
      default: 2.5,
      min: 0.5,
      max: 1000,
    },
    { kind: 'number', name: 'powerFactor', label: 'Fator de potência cos φ', unit: '', default: 1, min: 0, exclusiveMin: true, max: 1 },
    CONDUCTOR_MATERIAL_FIELD,
    {
      kind: 'select',
      name: 'temperature',
      label: 'Temperatura do condutor',
      options: [
        { value: '20', label: '20 °C (condutor frio, referência)' },
        { value: '70', label: '70 °C (isolação PVC em regime)' },
        { value: '90', label: '90 °C (isolação EPR/XLPE em regime)' },
      ],
      default: '70',
      help: 'Em regime o condutor trabalha quente; a 70 °C a resistência do cobre é cerca de 20 % maior que a 20 °C.',
    },
    {
      kind: 'select',
      name: 'circuit',
      label: 'Trecho verificado',
      options: [
        { value: 'terminal', label: 'Circuito terminal (máx. 4 %)' },
        { value: 'lv-supply', label: 'Total desde o ponto de entrega em BT (máx. 5 %)' },
        { value: 'own-source', label: 'Total desde transformador MT/BT ou gerador (máx. 7 %)' },
      ],
      default: 'terminal',
    },
  ],
  outputs,
  formula: 'ΔV = k·ρ(θ)·L·I·cos φ / S;  ρ(θ) = ρ₂₀·[1 + α·(θ − 20)];  ΔV % = 100·ΔV/Vₙ',
  references: [
    'ABNT NBR 5410:2004, 6.2.7.1 (limites de queda de tensão: 7 % desde transformador ou gerador, 5 % desde o ponto de entrega em BT) e 6.2.7.2 (circuitos terminais: 4 %)',
    'IEC 60028 (cobre recozido padrão: ρ₂₀ = 1/58 Ω·mm²/m, α = 0,00393/K)',
    'IEC 60889 (alumínio para condutores: ρ₂₀ = 0,028264 Ω·mm²/m, α = 0,00403/K)',
    'IEC 60228 (seções nominais de condutores)',
    'Cotrim, Instalações Elétricas (dimensionamento de condutores pelo critério da queda de tensão)',
  ],
  disclaimer:
    'Aproximação resistiva: a reatância do cabo é desprezada (para seções grandes, use R e X do fabricante). Verifique também a capacidade de condução de corrente, a proteção e as seções mínimas conforme a NBR 5410.',
  compute({ system, voltage, current, length, section, powerFactor, material, temperature, circuit }) {
    const conductor = CONDUCTORS[material];
    const k = system === 'three' ? Math.sqrt(3) : 2;
    const kText = system === 'three' ? '√3' : '2';
    const sectionMm2 = section * 1e6;
    const resistivityAt = (theta: number) => conductor.resistivity20 * (1 + conductor.alpha * (theta - 20));
    const dropAt = (theta: number) => (k * resistivityAt(theta) * length * current * powerFactor) / sectionMm2;
    const theta = Number(temperature);
    const resistivity = resistivityAt(theta);
    const drop = dropAt(theta);
    const percent = (100 * drop) / voltage;
    const limit = DROP_LIMITS[circuit];
    const minSection = (k * resistivity * length * current * powerFactor) / ((limit.percent / 100) * voltage);
    const nominal = NOMINAL_SECTIONS.find((candidate) => candidate >= minSection * (1 - 1e-12));
    const passes = percent <= limit.percent;

    const warnings: string[] = [];
    const nextText = nominal === undefined ? 'acima de 1000 mm² (condutores em paralelo)' : `${f(nominal)} mm²`;
    if (!passes) {
      warnings.push(
        `Queda de tensão de ${f(percent, 3)} % acima do limite de ${limit.percent} % (${limit.clause}). Seção mínima que atende: ${nextText}.`,
      );
    } else if (theta < PVC_SERVICE_TEMPERATURE) {
      const hotPercent = (100 * dropAt(PVC_SERVICE_TEMPERATURE)) / voltage;
      if (hotPercent > limit.percent) {
        warnings.push(
          `A 20 °C atende, mas com o condutor a 70 °C (PVC em regime) a queda seria de ${f(hotPercent, 3)} %, acima do limite de ${limit.percent} %.`,
        );
      }
    }

    return {
      results: buildResults(outputs, {
        voltageDrop: drop,
        voltageDropPercent: percent,
        limitPercent: limit.percent,
        verdict: passes ? `Atende (${limit.clause})` : `Não atende (${limit.clause})`,
        loadVoltage: voltage - drop,
        resistivity,
        minSection: minSection,
        suggestedSection: nominal ?? 'acima de 1000',
      }),
      steps: [
        step(
          'Resistividade do ' + conductor.label,
          `ρ(${theta} °C) = ${f(conductor.resistivity20, 5)} · [1 + ${f(conductor.alpha)} · (${theta} − 20)]`,
          resistivity,
          'Ω·mm²/m',
          5,
        ),
        step(
          'Queda de tensão',
          `ΔV = ${kText} · ${f(resistivity, 5)} · ${f(length)} · ${f(current)} · ${f(powerFactor)} / ${f(sectionMm2)}`,
          drop,
          'V',
          2,
        ),
        step('Queda percentual', `ΔV % = 100 · ${f(drop)} / ${f(voltage)}`, percent, '%', 2),
        step(
          'Seção mínima',
          `S ≥ ${kText} · ${f(resistivity, 5)} · ${f(length)} · ${f(current)} · ${f(powerFactor)} / (${limit.percent} % · ${f(voltage)})`,
          minSection,
          'mm²',
          2,
        ),
      ],
      figures: () =>
        voltageDropFigures({
          voltsPerMetreMm2: k * resistivity * current * powerFactor,
          voltage,
          length,
          section: sectionMm2,
          limitPercent: limit.percent,
        }),
      warnings,
    };
  },
});
