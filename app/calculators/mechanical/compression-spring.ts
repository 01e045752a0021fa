import { formatNumber as f } from '../format';
import { buildResults, invalid, step } from '../result';
import { defineCalculator, type CalculationStep } from '../types';
import { compressionSpringFigures } from './compression-spring-figures';
import { STANDING_DISCLAIMER } from '../disclaimer';

const outputs = [
  { key: 'meanDiameter', label: 'Diâmetro médio D', unit: 'mm', digits: 2 },
  { key: 'springIndex', label: 'Índice de mola C = D/d', unit: '', digits: 2 },
  { key: 'curvatureFactor', label: 'Fator de Bergsträsser K_B', unit: '', digits: 4 },
  { key: 'rate', label: 'Constante de mola k', unit: 'N/mm', digits: 3 },
  { key: 'deflection', label: 'Deflexão sob a força de trabalho y', unit: 'mm', digits: 2 },
  { key: 'loadedLength', label: 'Comprimento sob a força de trabalho', unit: 'mm', digits: 2 },
  { key: 'shearStress', label: 'Tensão de cisalhamento na força de trabalho τ', unit: 'MPa', digits: 1 },
  { key: 'tensileStrength', label: 'Resistência à tração mínima S_ut', unit: 'MPa', digits: 1 },
  { key: 'shearYield', label: 'Resistência ao escoamento em torção S_sy = f·S_ut', unit: 'MPa', digits: 1 },
  { key: 'safetyFactor', label: 'Fator de segurança na força de trabalho n_s = S_sy/τ', unit: '', digits: 2 },
  { key: 'totalCoils', label: 'Espiras totais N_t', unit: '', digits: 2 },
  { key: 'solidLength', label: 'Comprimento sólido L_s', unit: 'mm', digits: 2 },
  { key: 'solidDeflection', label: 'Deflexão até fechar y_s = L₀ − L_s', unit: 'mm', digits: 2 },
  { key: 'solidForce', label: 'Força com a mola fechada F_s', unit: 'N', digits: 1 },
  { key: 'solidStress', label: 'Tensão com a mola fechada τ_s', unit: 'MPa', digits: 1 },
  { key: 'solidSafetyFactor', label: 'Fator de segurança com a mola fechada n_s,sól', unit: '', digits: 2 },
  { key: 'solidCheck', label: 'Fecha sem deformar? (n_s,sól ≥ 1,2)', unit: '' },
  { key: 'yieldForce', label: 'Força em que τ atinge S_sy', unit: 'N', digits: 1 },
  { key: 'criticalLength', label: 'Comprimento livre crítico para flambagem L_crít = 2,63·D/α', unit: 'mm', digits: 1 },
  { key: 'bucklingCheck', label: 'Estável quanto à flambagem? (L₀ < L_crít)', unit: '' },
] as const;

export type EndType = 'plain' | 'plain-ground' | 'squared' | 'squared-ground';

/** Shigley, table "formulas for the dimensional characteristics of compression springs": N_t and L_s. */
export const END_TYPES: Readonly<
  Record<EndType, { label: string; extraCoils: number; solidCoils: (totalCoils: number) => number; solidText: string }>
> = {
  plain: { label: 'simples', extraCoils: 0, solidCoils: (nt) => nt + 1, solidText: 'd·(N_t + 1)' },
  'plain-ground': { label: 'simples esmerilhada', extraCoils: 1, solidCoils: (nt) => nt, solidText: 'd·N_t' },
  squared: { label: 'fechada', extraCoils: 2, solidCoils: (nt) => nt + 1, solidText: 'd·(N_t + 1)' },
  'squared-ground': { label: 'fechada e esmerilhada', extraCoils: 2, solidCoils: (nt) => nt, solidText: 'd·N_t' },
};

/**
 * S_ut = A/d^m (d in mm, MPa), Shigley's table of constants for estimating the minimum tensile
 * strength of spring wires, with the wire diameters it covers (confirm against the book).
 */
export const SPRING_MATERIALS = {
  a228: { label: 'corda de piano (ASTM A228)', a: 2211, m: 0.145, minDiameter: 0.1, maxDiameter: 6.5 },
  a227: { label: 'aço trefilado duro (ASTM A227)', a: 1783, m: 0.19, minDiameter: 0.7, maxDiameter: 12.7 },
} as const;

/** Absolute stability of steel springs: L₀ < 2,63·D/α (Shigley, stability of compression springs). */
export const BUCKLING_CONSTANT = 2.63;
/** Shigley's guideline for a spring that may be closed solid without set. */
export const SOLID_SAFETY_MIN = 1.2;
const USUAL_INDEX = { min: 4, max: 12 } as const;
const ALLOWED_INDEX = { min: 3, max: 16 } as const;
const USUAL_COILS = { min: 3, max: 15 } as const;

const END_SUPPORTS = {
  '0.5': 'entre placas paralelas planas (α = 0,5)',
  '0.707': 'uma extremidade plana, outra articulada (α = 0,707)',
  '1': 'as duas extremidades articuladas (α = 1)',
  '2': 'uma engastada e outra livre (α = 2)',
} as const;

export const compressionSpring = defineCalculator({
  slug: 'mola-helicoidal-compressao',
  version: '1.0.0',
  title: 'Mola helicoidal de compressão',
  summary:
    'Calcula a constante, a deflexão e a tensão de cisalhamento de uma mola helicoidal de compressão de arame redondo, os fatores de segurança na força de trabalho e com a mola fechada, o comprimento sólido e a verificação de flambagem.',
  category: 'mechanical',
  accessLevel: 'E-MASTER',
  inputs: [
    {
      kind: 'number',
      name: 'wireDiameter',
      label: 'Diâmetro do arame d',
      unitGroup: 'length',
      defaultUnit: 'mm',
      units: ['mm', 'in'],
      default: 2,
      min: 0.1,
      max: 20,
    },
    {
      kind: 'select',
      name: 'diameterKind',
      label: 'Diâmetro da mola informado',
      options: [
        { value: 'mean', label: 'Diâmetro médio D' },
        { value: 'outer', label: 'Diâmetro externo D_e (D = D_e − d)' },
      ],
      default: 'mean',
    },
    {
      kind: 'number',
      name: 'coilDiameter',
      label: 'Diâmetro da mola',
      unitGroup: 'length',
      defaultUnit: 'mm',
      units: ['mm', 'in'],
      default: 16,
      min: 0.3,
      max: 400,
      help: 'O índice C = D/d deve ficar entre 3 e 16 (recomendado de 4 a 12).',
    },
    {
      kind: 'number',
      name: 'activeCoils',
      label: 'Espiras ativas N_a',
      unit: 'espiras',
      default: 10,
      min: 2,
      max: 30,
      help: 'Faixa usual de 3 a 15.',
    },
    {
      kind: 'select',
      name: 'ends',
      label: 'Extremidades',
      options: [
        { value: 'plain', label: 'Simples' },
        { value: 'plain-ground', label: 'Simples esmerilhada' },
        { value: 'squared', label: 'Fechada (em esquadro)' },
        { value: 'squared-ground', label: 'Fechada e esmerilhada' },
      ],
      default: 'squared-ground',
    },
    {
      kind: 'select',
      name: 'material',
      label: 'Material do arame',
      options: [
        { value: 'a228', label: 'Corda de piano, ASTM A228 (A = 2211 MPa·mm^m, m = 0,145)' },
        { value: 'a227', label: 'Aço trefilado duro, ASTM A227 (A = 1783 MPa·mm^m, m = 0,190)' },
        { value: 'custom', label: 'Outro: informar S_ut' },
      ],
      default: 'a228',
      help: 'S_ut = A/d^m (Shigley, tabela de constantes para a resistência à tração de arames de mola; confirme na tabela).',
    },
    {
      kind: 'number',
      name: 'tensileStrength',
      label: 'Resistência à tração mínima S_ut (certificado ou norma do arame)',
      unitGroup: 'pressure',
      defaultUnit: 'MPa',
      units: ['MPa', 'kgf/cm2', 'psi', 'ksi'],
      default: 1600,
      min: 200,
      max: 3500,
      when: { field: 'material', oneOf: ['custom'] },
    },
    {
      kind: 'text',
      name: 'materialSource',
      label: 'Material e fonte de S_ut',
      format: 'note',
      default: '',
      maxLength: 50,
      optional: true,
      placeholder: 'ex.: Cr-Si, certificado do fornecedor',
      help: 'Impresso no memorial.',
      when: { field: 'material', oneOf: ['custom'] },
    },
    {
      kind: 'number',
      name: 'shearModulus',
      label: 'Módulo de cisalhamento G',
      unitGroup: 'pressure',
      defaultUnit: 'GPa',
      units: ['GPa', 'MPa', 'psi', 'ksi'],
      default: 81.7,
      min: 30,
      max: 90,
      help: 'Shigley (9ª ed.), tabela 10-5: corda de piano 81,7 GPa (d de 0,84 a 1,6 mm) e 81,0 GPa (d de 1,6 a 3,2 mm); trefilado duro 80,0 e 79,3 GPa nas mesmas faixas.',
    },
    {
      kind: 'number',
      name: 'yieldFraction',
      label: 'Fração S_sy/S_ut f',
      unit: '',
      default: 0.45,
      min: 0.3,
      max: 0.7,
      help: 'Carga estática, sem pré-assentamento: 0,45 para corda de piano e trefilado duro (Shigley; confirme na tabela).',
    },
    {
      kind: 'number',
      name: 'force',
      label: 'Força de trabalho F',
      unitGroup: 'force',
      defaultUnit: 'N',
      units: ['N', 'kgf', 'lbf', 'kN'],
      default: 50,
      min: 0.001,
      max: 1_000_000,
    },
    {
      kind: 'number',
      name: 'freeLength',
      label: 'Comprimento livre L₀',
      unitGroup: 'length',
      defaultUnit: 'mm',
      units: ['mm', 'in'],
      default: 48,
      min: 0.5,
      max: 5000,
    },
    {
      kind: 'select',
      name: 'endSupport',
      label: 'Condição de apoio (flambagem)',
      options: Object.entries(END_SUPPORTS).map(([value, label]) => ({ value: value as keyof typeof END_SUPPORTS, label })),
      default: '0.5',
    },
  ],
  outputs,
  formula:
    'C = D/d;  K_B = (4C + 2)/(4C − 3);  τ = K_B·8·F·D/(π·d³);  k = d⁴·G/(8·D³·N_a);  y = F/k;  S_ut = A/d^m;  S_sy = f·S_ut;  n_s = S_sy/τ;  y_s = L₀ − L_s;  F_s = k·y_s;  L_crít = 2,63·D/α',
  references: [
    'Budynas & Nisbett, Shigley’s Mechanical Engineering Design, 10ª ed., McGraw-Hill, 2015, cap. 10 "Mechanical Springs": tensões e fator de curvatura de Bergsträsser, deflexão e constante, tipos de extremidade (N_t, L_s), estabilidade (L₀ < 2,63·D/α), materiais (S_ut = A/d^m); confirme os números de equações e tabelas',
    'Constantes de apoio α para flambagem (0,5; 0,707; 1; 2) conforme a tabela do Shigley reproduzida em fontes públicas de projeto de molas',
    'EN 13906-1 (molas helicoidais de compressão; alternativa europeia; confirme na norma)',
  ],
  disclaimer:
    'Arame redondo, carga estática e axial, temperatura ambiente. Não cobre fadiga (cargas cíclicas), ressonância (frequência natural), relaxação com a temperatura nem as tolerâncias das espiras de extremidade (Shigley, cap. 10). O critério de flambagem vale para molas de aço. ' +
    STANDING_DISCLAIMER,
  compute(values) {
    const {
      wireDiameter,
      diameterKind,
      coilDiameter,
      activeCoils,
      ends,
      material,
      shearModulus,
      yieldFraction,
      force,
      freeLength,
      endSupport,
    } = values;
    // Geometry in mm, forces in N, stresses in MPa (N/mm²).
    const d = wireDiameter * 1000;
    const D = diameterKind === 'outer' ? coilDiameter * 1000 - d : coilDiameter * 1000;
    const L0 = freeLength * 1000;
    const G = shearModulus / 1e6;
    const index = D / d;
    if (!(index >= ALLOWED_INDEX.min && index <= ALLOWED_INDEX.max)) {
      return invalid({
        coilDiameter: `O índice de mola C = D/d = ${f(index, 3)} deve ficar entre ${ALLOWED_INDEX.min} e ${ALLOWED_INDEX.max}.`,
      });
    }
    const endType = END_TYPES[ends];
    const totalCoils = activeCoils + endType.extraCoils;
    const solidLength = d * endType.solidCoils(totalCoils);
    if (L0 <= solidLength * (1 + 1e-9)) {
      return invalid({ freeLength: `O comprimento livre deve ser maior que o comprimento sólido L_s = ${f(solidLength)} mm.` });
    }

    const curvatureFactor = (4 * index + 2) / (4 * index - 3);
    const stressPerForce = (curvatureFactor * 8 * D) / (Math.PI * d ** 3);
    const rate = (d ** 4 * G) / (8 * D ** 3 * activeCoils);
    const solidDeflection = L0 - solidLength;
    const solidForce = rate * solidDeflection;
    const deflection = force / rate;
    if (deflection > solidDeflection) {
      return invalid({ force: `A mola fecha antes de atingir esta força: com a mola fechada a força é F_s = ${f(solidForce)} N.` });
    }
    const shearStress = stressPerForce * force;
    const solidStress = stressPerForce * solidForce;

    const strengthSteps: CalculationStep[] = [];
    let tensileStrength: number;
    const warnings: string[] = [];
    if (material === 'custom') {
      tensileStrength = values.tensileStrength / 1e6;
    } else {
      const constants = SPRING_MATERIALS[material];
      tensileStrength = constants.a / d ** constants.m;
      strengthSteps.push(
        step('Resistência à tração', `S_ut = A/d^m = ${f(constants.a)} / ${f(d)}^${f(constants.m)}`, tensileStrength, 'MPa', 1),
      );
      if (d < constants.minDiameter || d > constants.maxDiameter) {
        warnings.push(
          `Constantes A e m fora da faixa de diâmetros do material (${constants.label}: ${f(constants.minDiameter)} a ${f(constants.maxDiameter)} mm): S_ut é extrapolado.`,
        );
      }
    }
    const shearYield = yieldFraction * tensileStrength;
    const safetyFactor = shearYield / shearStress;
    const solidSafetyFactor = shearYield / solidStress;
    const yieldForce = shearYield / stressPerForce;
    const alpha = Number(endSupport);
    const criticalLength = (BUCKLING_CONSTANT * D) / alpha;
    const closesSafely = solidSafetyFactor >= SOLID_SAFETY_MIN;
    const stable = L0 < criticalLength;

    if (index < USUAL_INDEX.min || index > USUAL_INDEX.max) {
      warnings.push(
        `Índice de mola C = ${f(index, 3)} fora da faixa recomendada (4 a 12): difícil de fabricar ou sujeito a emaranhar/flambar.`,
      );
    }
    if (activeCoils < USUAL_COILS.min || activeCoils > USUAL_COILS.max) {
      warnings.push(`Número de espiras ativas N_a = ${f(activeCoils)} fora da faixa usual (3 a 15).`);
    }
    if (safetyFactor < 1) {
      warnings.push(
        `A tensão na força de trabalho (τ = ${f(shearStress)} MPa) passa de S_sy = ${f(shearYield)} MPa: a mola deforma permanentemente em serviço.`,
      );
    }
    if (!closesSafely) {
      warnings.push(
        `A mola pode deformar permanentemente se for comprimida até fechar: n_s,sól = ${f(solidSafetyFactor, 3)} < ${f(SOLID_SAFETY_MIN)} (τ_s = ${f(solidStress)} MPa; S_sy = ${f(shearYield)} MPa).`,
      );
    }
    if (!stable) {
      warnings.push(`Risco de flambagem: L₀ = ${f(L0)} mm ≥ L_crít = ${f(criticalLength)} mm. Guie a mola (haste ou tubo) ou reduza L₀/D.`);
    }

    const Dtext = diameterKind === 'outer' ? `D = D_e − d = ${f(coilDiameter * 1000)} − ${f(d)} = ${f(D)} mm; ` : '';
    return {
      results: buildResults(outputs, {
        meanDiameter: D,
        springIndex: index,
        curvatureFactor,
        rate,
        deflection,
        loadedLength: L0 - deflection,
        shearStress,
        tensileStrength,
        shearYield,
        safetyFactor,
        totalCoils,
        solidLength,
        solidDeflection,
        solidForce,
        solidStress,
        solidSafetyFactor,
        solidCheck: closesSafely
          ? `Sim — n_s,sól = ${f(solidSafetyFactor, 3)} ≥ ${f(SOLID_SAFETY_MIN)} (τ_s = ${f(solidStress)} MPa ≤ S_sy/1,2 = ${f(shearYield / SOLID_SAFETY_MIN)} MPa)`
          : `Não — n_s,sól = ${f(solidSafetyFactor, 3)} < ${f(SOLID_SAFETY_MIN)} (τ_s = ${f(solidStress)} MPa > S_sy/1,2 = ${f(shearYield / SOLID_SAFETY_MIN)} MPa)`,
        yieldForce,
        criticalLength,
        bucklingCheck: stable
          ? `Sim — L₀ = ${f(L0)} mm < L_crít = ${f(criticalLength)} mm`
          : `Não — L₀ = ${f(L0)} mm ≥ L_crít = ${f(criticalLength)} mm: flambagem provável`,
      }),
      steps: [
        step('Índice de mola', `${Dtext}C = D/d = ${f(D)} / ${f(d)}`, index, '', 3),
        step('Fator de Bergsträsser', `K_B = (4C + 2)/(4C − 3) = (4 · ${f(index)} + 2) / (4 · ${f(index)} − 3)`, curvatureFactor, '', 4),
        step('Constante de mola', `k = d⁴·G/(8·D³·N_a) = ${f(d)}⁴ · ${f(G)} / (8 · ${f(D)}³ · ${f(activeCoils)})`, rate, 'N/mm', 3),
        step('Deflexão', `y = F/k = ${f(force)} / ${f(rate)}`, deflection, 'mm', 2),
        step(
          'Tensão de cisalhamento',
          `τ = K_B·8·F·D/(π·d³) = ${f(curvatureFactor)} · 8 · ${f(force)} · ${f(D)} / (π · ${f(d)}³)`,
          shearStress,
          'MPa',
          1,
        ),
        ...strengthSteps,
        step('Escoamento em torção', `S_sy = f·S_ut = ${f(yieldFraction)} · ${f(tensileStrength)}`, shearYield, 'MPa', 1),
        step('Fator de segurança', `n_s = S_sy/τ = ${f(shearYield)} / ${f(shearStress)}`, safetyFactor, '', 2),
        step(
          'Comprimento sólido',
          `extremidade ${endType.label}: N_t = ${f(totalCoils)}; L_s = ${endType.solidText} = ${f(d)} · ${f(endType.solidCoils(totalCoils))}`,
          solidLength,
          'mm',
          2,
        ),
        step('Força com a mola fechada', `F_s = k·(L₀ − L_s) = ${f(rate)} · (${f(L0)} − ${f(solidLength)})`, solidForce, 'N', 1),
        step(
          `Fator de segurança com a mola fechada (mínimo ${f(SOLID_SAFETY_MIN)}, Shigley)`,
          `n_s,sól = S_sy/τ_s = ${f(shearYield)} / ${f(solidStress)}`,
          solidSafetyFactor,
          '',
          2,
        ),
        step(
          'Força de escoamento',
          `F_sy = S_sy·π·d³/(8·K_B·D) = ${f(shearYield)} · π · ${f(d)}³ / (8 · ${f(curvatureFactor)} · ${f(D)})`,
          yieldForce,
          'N',
          1,
        ),
        step(
          `Flambagem (estável se L₀ = ${f(L0)} mm < L_crít)`,
          `L_crít = 2,63·D/α = 2,63 · ${f(D)} / ${f(alpha)}`,
          criticalLength,
          'mm',
          1,
        ),
      ],
      figures: () =>
        compressionSpringFigures({
          freeLength: L0,
          solidLength,
          totalCoils,
          force,
          deflection,
          solidForce,
          solidDeflection,
          shearStress,
          solidStress,
          yieldForce,
          stressPerForce,
          criticalLength,
        }),
      warnings,
    };
  },
});
