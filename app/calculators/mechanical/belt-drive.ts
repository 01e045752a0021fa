import { formatNumber as f } from '../format';
import { buildResults, invalid, step } from '../result';
import { defineCalculator, type CalculationStep } from '../types';
import { fromBase } from '../units';
import { beltDriveFigures } from './belt-drive-figures';
import { STANDING_DISCLAIMER } from '../disclaimer';

const outputs = [
  { key: 'ratio', label: 'Relação de transmissão i = D/d', unit: '', digits: 3 },
  { key: 'drivenSpeed', label: 'Rotação da polia maior (movida) n₂', unit: 'rpm', digits: 1 },
  { key: 'beltSpeed', label: 'Velocidade da correia v', unit: 'm/s', digits: 3 },
  { key: 'smallWrap', label: 'Ângulo de abraçamento na polia menor θ_d', unit: '°', digits: 1 },
  { key: 'largeWrap', label: 'Ângulo de abraçamento na polia maior θ_D', unit: '°', digits: 1 },
  { key: 'centreDistance', label: 'Distância entre centros C', unit: 'mm', digits: 1 },
  { key: 'beltLength', label: 'Comprimento da correia L (exato)', unit: 'mm', digits: 1 },
  { key: 'beltLengthApprox', label: 'Comprimento da correia L (aproximado, primitivo)', unit: 'mm', digits: 1 },
  { key: 'designPower', label: 'Potência de projeto P_d = K_s·P', unit: 'kW', digits: 3 },
  { key: 'effectivePull', label: 'Força efetiva F_e = F₁ − F₂', unit: 'N', digits: 1 },
  { key: 'frictionFactor', label: 'Fator de atrito e^(μ·θ_d)', unit: '', digits: 3 },
  { key: 'centrifugalTension', label: 'Tração centrífuga F_c = m′·v²', unit: 'N', digits: 1 },
  { key: 'tightTension', label: 'Tração no lado tenso F₁', unit: 'N', digits: 1 },
  { key: 'slackTension', label: 'Tração no lado frouxo F₂', unit: 'N', digits: 1 },
  { key: 'shaftLoad', label: 'Carga nos eixos F_eixo', unit: 'N', digits: 1 },
  { key: 'driverTorque', label: 'Torque na polia menor (motora) T₁', unit: 'N·m', digits: 2 },
  { key: 'drivenTorque', label: 'Torque na polia maior (movida) T₂', unit: 'N·m', digits: 2 },
] as const;

/** Indicative limits of the research notes (rules of thumb for classical V-belts; confirm in the manufacturer's manual). */
export const SMALL_WRAP_MIN_DEG = 120;
export const USUAL_BELT_SPEED = { min: 5, max: 30 } as const;
export const USUAL_CENTRE_FACTOR = { min: 0.7, max: 2 } as const;

const degrees = (radians: number) => (radians * 180) / Math.PI;

/** Open-belt geometry (mm, rad): Shigley, flexible mechanical elements. */
export function openBeltGeometry(small: number, large: number, centre: number) {
  const phi = Math.asin((large - small) / (2 * centre));
  const smallWrap = Math.PI - 2 * phi;
  const largeWrap = Math.PI + 2 * phi;
  const exactLength = Math.sqrt(4 * centre ** 2 - (large - small) ** 2) + 0.5 * (large * largeWrap + small * smallWrap);
  const approxLength = 2 * centre + (Math.PI * (large + small)) / 2 + (large - small) ** 2 / (4 * centre);
  return { phi, smallWrap, largeWrap, exactLength, approxLength };
}

/** Centre distance for a (pitch) length: the exact inverse of the approximate length formula; NaN when too short. */
export function centreFromLength(small: number, large: number, length: number): number {
  const a = length - (Math.PI * (large + small)) / 2;
  const discriminant = a ** 2 - 2 * (large - small) ** 2;
  if (!(a > 0) || discriminant < 0) return Number.NaN;
  return (a + Math.sqrt(discriminant)) / 4;
}

export const beltDrive = defineCalculator({
  slug: 'transmissao-correia',
  version: '1.0.0',
  title: 'Transmissão por correia',
  summary:
    'Calcula a relação de transmissão, a velocidade da correia, os ângulos de abraçamento, o comprimento da correia ou a distância entre centros, as trações nos ramos pela equação de Euler–Eytelwein, a carga nos eixos e os torques de uma transmissão aberta por correia plana ou em V.',
  category: 'mechanical',
  accessLevel: 'E-TOOL',
  inputs: [
    {
      kind: 'number',
      name: 'smallDiameter',
      label: 'Diâmetro da polia menor (motora) d',
      unitGroup: 'length',
      defaultUnit: 'mm',
      units: ['mm', 'in'],
      default: 100,
      min: 20,
      max: 5000,
      help: 'Para correias em V, use o diâmetro primitivo (de referência).',
    },
    {
      kind: 'number',
      name: 'largeDiameter',
      label: 'Diâmetro da polia maior (movida) D',
      unitGroup: 'length',
      defaultUnit: 'mm',
      units: ['mm', 'in'],
      default: 250,
      min: 20,
      max: 10_000,
    },
    {
      kind: 'select',
      name: 'geometry',
      label: 'Geometria informada',
      options: [
        { value: 'centre', label: 'Distância entre centros C' },
        { value: 'length', label: 'Comprimento padronizado da correia L (catálogo)' },
      ],
      default: 'centre',
    },
    {
      kind: 'number',
      name: 'centreDistance',
      label: 'Distância entre centros C',
      unitGroup: 'length',
      defaultUnit: 'mm',
      units: ['mm', 'm', 'in'],
      default: 500,
      min: 10,
      max: 50_000,
      when: { field: 'geometry', oneOf: ['centre'] },
    },
    {
      kind: 'number',
      name: 'beltLength',
      label: 'Comprimento da correia L (valor do catálogo)',
      unitGroup: 'length',
      defaultUnit: 'mm',
      units: ['mm', 'm', 'in'],
      default: 1600,
      min: 50,
      max: 200_000,
      help: 'Comprimento primitivo padronizado; a distância entre centros é calculada pela fórmula aproximada invertida.',
      when: { field: 'geometry', oneOf: ['length'] },
    },
    {
      kind: 'number',
      name: 'speed',
      label: 'Rotação da polia menor (motora) n₁',
      unitGroup: 'rotationalSpeed',
      defaultUnit: 'rpm',
      units: ['rpm', 'rad/s'],
      default: 1750,
      min: 1,
      max: 100_000,
    },
    {
      kind: 'number',
      name: 'power',
      label: 'Potência transmitida P',
      unitGroup: 'power',
      defaultUnit: 'kW',
      units: ['kW', 'W', 'cv', 'hp'],
      default: 5.5,
      min: 0.001,
      max: 10_000,
    },
    {
      kind: 'number',
      name: 'serviceFactor',
      label: 'Fator de serviço K_s (valor do catálogo)',
      unit: '',
      default: 1,
      min: 1,
      max: 2,
      help: 'Depende da máquina motora, da movida e das horas por dia: leia no manual do fabricante da correia.',
    },
    {
      kind: 'number',
      name: 'friction',
      label: 'Coeficiente de atrito efetivo μ',
      unit: '',
      default: 0.5,
      min: 0.1,
      max: 1,
      help: 'Correia plana: μ entre correia e polia. Correia em V: μ′ = μ/sen(β/2), com β o ângulo do canal (o Shigley usa cerca de 0,5 para correias em V; confirme na referência).',
    },
    { kind: 'number', name: 'slip', label: 'Deslizamento s', unit: '%', default: 0, min: 0, max: 5 },
    {
      kind: 'number',
      name: 'massPerLength',
      label: 'Massa da correia por metro m′ (opcional, catálogo)',
      unit: 'kg/m',
      default: 0,
      min: 0,
      max: 10,
      help: 'Dá a tração centrífuga F_c = m′·v²; 0 a despreza.',
    },
    {
      kind: 'text',
      name: 'catalogueSource',
      label: 'Fonte dos valores de catálogo (L, K_s, m′)',
      format: 'note',
      default: '',
      maxLength: 50,
      optional: true,
      placeholder: 'ex.: manual do fabricante, perfil B',
      help: 'Impresso no memorial.',
    },
  ],
  outputs,
  formula:
    'φ = asen[(D − d)/(2C)];  θ_d = π − 2φ;  θ_D = π + 2φ;  L = √(4C² − (D − d)²) + ½·(D·θ_D + d·θ_d);  L ≈ 2C + π(D + d)/2 + (D − d)²/(4C);  C = ¼·[A + √(A² − 2(D − d)²)], A = L − π(D + d)/2;  n₂ = n₁·(d/D)·(1 − s);  v = π·d·n₁/60;  F_e = K_s·P/v;  F₁ = F_c + F_e·e^(μθ_d)/(e^(μθ_d) − 1);  F₂ = F_c + F_e/(e^(μθ_d) − 1);  F_eixo = √(F₁′² + F₂′² − 2·F₁′·F₂′·cos θ_d);  T₁ = P/ω₁;  T₂ = T₁·D/d',
  references: [
    'Budynas & Nisbett, Shigley’s Mechanical Engineering Design, 10ª ed., cap. 17 "Flexible Mechanical Elements": geometria de correias abertas, trações pela equação de Euler–Eytelwein com tração centrífuga, comprimento primitivo e distância entre centros de correias em V (confirme seções e equações)',
    'Manuais de projeto dos fabricantes de correias: potência por correia, fatores de serviço e de correção do ângulo de abraçamento e do comprimento',
    'Regras práticas de projeto de correias em V (indicativas): 0,7·(D + d) ≤ C ≤ 2·(D + d) (ajuda do Autodesk Inventor, cálculo de correias), θ_d ≥ 120° e v de 5 a 30 m/s (notas de projeto de correias em V publicadas)',
  ],
  disclaimer:
    'Transmissão aberta com duas polias; a polia menor é a motora. As trações F₁ e F₂ são as mínimas para não deslizar na polia menor; a tensão de montagem segue o método do fabricante (deflexão ou frequência). O número de correias e a potência por correia vêm das tabelas do fabricante; esta calculadora não escolhe o perfil. A tração centrífuga não foi somada à carga nos eixos. ' +
    STANDING_DISCLAIMER,
  compute(values) {
    const { smallDiameter, largeDiameter, geometry, speed, power, serviceFactor, friction, slip, massPerLength } = values;
    const d = smallDiameter * 1000;
    const D = largeDiameter * 1000;
    if (D < d) return invalid({ largeDiameter: 'O diâmetro da polia maior deve ser maior ou igual ao da polia menor.' });
    const minimumCentre = (D + d) / 2;

    let centre: number;
    const geometrySteps: CalculationStep[] = [];
    if (geometry === 'centre') {
      centre = values.centreDistance * 1000;
      // Unit conversions leave float noise: a C typed equal to (D + d)/2 must still be refused.
      if (centre <= minimumCentre * (1 + 1e-9)) {
        return invalid({
          centreDistance: `As polias se sobrepõem: aumente a distância entre centros (C deve ser maior que (D + d)/2 = ${f(minimumCentre)} mm).`,
        });
      }
    } else {
      const length = values.beltLength * 1000;
      centre = centreFromLength(d, D, length);
      if (!(centre > minimumCentre)) {
        const shortest = openBeltGeometry(d, D, minimumCentre).approxLength;
        return invalid({ beltLength: `Correia curta demais para estas polias: o comprimento deve passar de ${f(shortest)} mm.` });
      }
      const a = length - (Math.PI * (D + d)) / 2;
      geometrySteps.push(
        step(
          'Distância entre centros pelo comprimento',
          `A = L − π(D + d)/2 = ${f(length)} − π · ${f(D + d)} / 2 = ${f(a)};  C = ¼·[A + √(A² − 2(D − d)²)]`,
          centre,
          'mm',
          1,
        ),
      );
    }

    const { phi, smallWrap, largeWrap, exactLength, approxLength } = openBeltGeometry(d, D, centre);
    const speedRpm = fromBase(speed, 'rpm');
    const ratio = D / d;
    const drivenRpm = speedRpm * (d / D) * (1 - slip / 100);
    const beltSpeed = (Math.PI * (d / 1000) * speedRpm) / 60;
    const designPower = serviceFactor * power;
    const effectivePull = designPower / beltSpeed;
    const frictionFactor = Math.exp(friction * smallWrap);
    const centrifugalTension = massPerLength * beltSpeed ** 2;
    const tightNet = (effectivePull * frictionFactor) / (frictionFactor - 1);
    const slackNet = effectivePull / (frictionFactor - 1);
    const tightTension = centrifugalTension + tightNet;
    const slackTension = centrifugalTension + slackNet;
    const shaftLoad = Math.sqrt(Math.max(0, tightNet ** 2 + slackNet ** 2 - 2 * tightNet * slackNet * Math.cos(smallWrap)));
    const driverTorque = power / speed;
    const drivenTorque = driverTorque * ratio;

    const warnings: string[] = [];
    if (degrees(smallWrap) < SMALL_WRAP_MIN_DEG) {
      warnings.push(
        `Ângulo de abraçamento pequeno (θ_d = ${f(degrees(smallWrap), 3)}° < ${SMALL_WRAP_MIN_DEG}°, limite indicativo): a capacidade da correia cai; aplique o fator de correção do fabricante.`,
      );
    }
    if (beltSpeed < USUAL_BELT_SPEED.min || beltSpeed > USUAL_BELT_SPEED.max) {
      warnings.push(
        `Velocidade da correia v = ${f(beltSpeed)} m/s fora da faixa usual de correias em V clássicas (cerca de ${USUAL_BELT_SPEED.min} a ${USUAL_BELT_SPEED.max} m/s, indicativa); confira o catálogo.`,
      );
    }
    const sum = D + d;
    if (centre < USUAL_CENTRE_FACTOR.min * sum || centre > USUAL_CENTRE_FACTOR.max * sum) {
      warnings.push(
        `Distância entre centros C = ${f(centre)} mm fora da faixa usual para correias em V (regra prática: ${f(USUAL_CENTRE_FACTOR.min * sum)} a ${f(USUAL_CENTRE_FACTOR.max * sum)} mm, de 0,7·(D + d) a 2·(D + d)).`,
      );
    }

    return {
      results: buildResults(outputs, {
        ratio,
        drivenSpeed: drivenRpm,
        beltSpeed,
        smallWrap: degrees(smallWrap),
        largeWrap: degrees(largeWrap),
        centreDistance: centre,
        beltLength: exactLength,
        beltLengthApprox: approxLength,
        designPower: designPower / 1000,
        effectivePull,
        frictionFactor,
        centrifugalTension,
        tightTension,
        slackTension,
        shaftLoad,
        driverTorque,
        drivenTorque,
      }),
      steps: [
        step('Relação de transmissão', `i = D/d = ${f(D)} / ${f(d)}`, ratio, '', 3),
        step(
          'Rotação da movida',
          `n₂ = n₁·(d/D)·(1 − s) = ${f(speedRpm)} · ${f(d)} / ${f(D)} · (1 − ${f(slip / 100)})`,
          drivenRpm,
          'rpm',
          1,
        ),
        step('Velocidade da correia', `v = π·d·n₁/60 = π · ${f(d / 1000)} · ${f(speedRpm)} / 60`, beltSpeed, 'm/s', 3),
        ...geometrySteps,
        step('Ângulo auxiliar', `φ = asen[(D − d)/(2C)] = asen(${f(D - d)} / ${f(2 * centre)})`, phi, 'rad', 5),
        step('Abraçamento na polia menor', `θ_d = π − 2φ = ${f(smallWrap, 5)} rad`, degrees(smallWrap), '°', 1),
        step('Abraçamento na polia maior', `θ_D = π + 2φ = ${f(largeWrap, 5)} rad`, degrees(largeWrap), '°', 1),
        step(
          'Comprimento exato',
          `L = √(4C² − (D − d)²) + ½·(D·θ_D + d·θ_d) = √(4 · ${f(centre)}² − ${f(D - d)}²) + ½ · (${f(D)} · ${f(largeWrap)} + ${f(d)} · ${f(smallWrap)})`,
          exactLength,
          'mm',
          1,
        ),
        step(
          'Comprimento aproximado',
          `L ≈ 2C + π(D + d)/2 + (D − d)²/(4C) = 2 · ${f(centre)} + π · ${f(D + d)} / 2 + ${f(D - d)}² / (4 · ${f(centre)})`,
          approxLength,
          'mm',
          1,
        ),
        step('Força efetiva', `F_e = K_s·P/v = ${f(serviceFactor)} · ${f(power)} / ${f(beltSpeed)}`, effectivePull, 'N', 1),
        step('Fator de atrito', `e^(μ·θ_d) = e^(${f(friction)} · ${f(smallWrap)})`, frictionFactor, '', 3),
        step(
          'Lado tenso',
          `F₁ = F_c + F_e·e^(μθ)/(e^(μθ) − 1) = ${f(centrifugalTension)} + ${f(effectivePull)} · ${f(frictionFactor)} / ${f(frictionFactor - 1)}`,
          tightTension,
          'N',
          1,
        ),
        step(
          'Lado frouxo',
          `F₂ = F_c + F_e/(e^(μθ) − 1) = ${f(centrifugalTension)} + ${f(effectivePull)} / ${f(frictionFactor - 1)}`,
          slackTension,
          'N',
          1,
        ),
        step(
          'Carga nos eixos',
          `F_eixo = √(F₁′² + F₂′² − 2·F₁′·F₂′·cos θ_d) = √(${f(tightNet)}² + ${f(slackNet)}² − 2 · ${f(tightNet)} · ${f(slackNet)} · cos ${f(degrees(smallWrap))}°)`,
          shaftLoad,
          'N',
          1,
        ),
        step('Torque na motora', `T₁ = P/ω₁ = ${f(power)} / ${f(speed)}`, driverTorque, 'N·m', 2),
        step('Torque na movida', `T₂ = T₁·D/d = ${f(driverTorque)} · ${f(ratio)}`, drivenTorque, 'N·m', 2),
      ],
      figures: () =>
        beltDriveFigures({
          small: d,
          large: D,
          centre,
          length: exactLength,
          phi,
          smallWrap,
          largeWrap,
          speedRpm,
          drivenRpm,
          beltSpeed,
          ratio,
          tightTension,
          slackTension,
          tightNet,
          slackNet,
          shaftLoad,
        }),
      warnings,
    };
  },
});
