import { formatNumber as f } from '../format';
import { buildResults, step } from '../result';
import { defineCalculator } from '../types';
import { beamFigures } from './beam-deflection-figures';

const outputs = [
  { key: 'maxDeflection', label: 'Flecha máxima δ', unit: 'mm', digits: 2 },
  { key: 'spanRatio', label: 'Relação vão/flecha (L/δ)', unit: '', digits: 0 },
  { key: 'location', label: 'Posição da flecha máxima', unit: '' },
  { key: 'maxMoment', label: 'Momento fletor máximo M', unit: 'kN·m', digits: 2 },
  { key: 'maxShear', label: 'Esforço cortante máximo V', unit: 'kN', digits: 2 },
  { key: 'maxStress', label: 'Tensão normal máxima de flexão σ', unit: 'MPa', digits: 1 },
] as const;

type LoadCase = 'ss-udl' | 'ss-point' | 'cantilever-point' | 'cantilever-udl';

const UDL_CASES: readonly LoadCase[] = ['ss-udl', 'cantilever-udl'];
const POINT_CASES: readonly LoadCase[] = ['ss-point', 'cantilever-point'];

interface CaseFormulas {
  readonly deflection: string;
  readonly moment: string;
  readonly location: string;
  /** δ·E·I, M and V for load `q` (w in N/m or P in N) and span L. */
  readonly solve: (q: number, span: number) => { deflectionEI: number; moment: number; shear: number };
}

// Hibbeler, appendix of beam slopes and deflections; Roark, table 8.1.
const CASES: Readonly<Record<LoadCase, CaseFormulas>> = {
  'ss-udl': {
    deflection: 'δ = 5·w·L⁴ / (384·E·I)',
    moment: 'M = w·L² / 8',
    location: 'Meio do vão',
    solve: (w, L) => ({ deflectionEI: (5 * w * L ** 4) / 384, moment: (w * L ** 2) / 8, shear: (w * L) / 2 }),
  },
  'ss-point': {
    deflection: 'δ = P·L³ / (48·E·I)',
    moment: 'M = P·L / 4',
    location: 'Meio do vão',
    solve: (P, L) => ({ deflectionEI: (P * L ** 3) / 48, moment: (P * L) / 4, shear: P / 2 }),
  },
  'cantilever-point': {
    deflection: 'δ = P·L³ / (3·E·I)',
    moment: 'M = P·L',
    location: 'Extremidade livre',
    solve: (P, L) => ({ deflectionEI: (P * L ** 3) / 3, moment: P * L, shear: P }),
  },
  'cantilever-udl': {
    deflection: 'δ = w·L⁴ / (8·E·I)',
    moment: 'M = w·L² / 2',
    location: 'Extremidade livre',
    solve: (w, L) => ({ deflectionEI: (w * L ** 4) / 8, moment: (w * L ** 2) / 2, shear: w * L }),
  },
};

export const beamDeflection = defineCalculator({
  slug: 'deflexao-viga',
  version: '1.0.0',
  title: 'Flecha e tensão de flexão em vigas',
  summary:
    'Calcula a flecha máxima, o momento fletor, o cortante e a tensão de flexão de uma viga biapoiada ou em balanço, com o caso de carga escolhido explicitamente.',
  category: 'mechanical',
  accessLevel: 'E-TOOL',
  inputs: [
    {
      kind: 'select',
      name: 'loadCase',
      label: 'Apoios e carregamento',
      options: [
        { value: 'ss-udl', label: 'Biapoiada, carga uniformemente distribuída w' },
        { value: 'ss-point', label: 'Biapoiada, carga concentrada P no meio do vão' },
        { value: 'cantilever-point', label: 'Balanço, carga concentrada P na extremidade livre' },
        { value: 'cantilever-udl', label: 'Balanço, carga uniformemente distribuída w' },
      ],
      default: 'ss-udl',
      help: 'Trocar carga distribuída por concentrada muda a flecha em 60 % ou mais: confira o caso.',
    },
    {
      kind: 'number',
      name: 'distributedLoad',
      label: 'Carga distribuída w',
      unitGroup: 'forcePerLength',
      defaultUnit: 'kN/m',
      default: 5,
      min: 0.001,
      max: 10_000,
      when: { field: 'loadCase', oneOf: UDL_CASES },
    },
    {
      kind: 'number',
      name: 'pointLoad',
      label: 'Carga concentrada P',
      unitGroup: 'force',
      defaultUnit: 'kN',
      default: 10,
      min: 0.001,
      max: 100_000,
      when: { field: 'loadCase', oneOf: POINT_CASES },
    },
    {
      kind: 'number',
      name: 'span',
      label: 'Vão L',
      unitGroup: 'length',
      defaultUnit: 'm',
      units: ['m', 'cm', 'mm', 'ft', 'in'],
      default: 4,
      min: 0.01,
      max: 200,
    },
    {
      kind: 'number',
      name: 'elasticModulus',
      label: 'Módulo de elasticidade E',
      unitGroup: 'pressure',
      defaultUnit: 'GPa',
      units: ['GPa', 'MPa', 'kgf/cm2', 'psi', 'ksi'],
      default: 200,
      min: 0.01,
      max: 1000,
      help: 'Aço ≈ 200 GPa; alumínio ≈ 70 GPa.',
    },
    {
      kind: 'number',
      name: 'inertia',
      label: 'Momento de inércia da seção I',
      unitGroup: 'secondMomentOfArea',
      defaultUnit: 'cm4',
      default: 835.6,
      min: 0.0001,
      max: 100_000_000,
      help: 'Em relação ao eixo de flexão (tabela do perfil).',
    },
    {
      kind: 'number',
      name: 'fibreDistance',
      label: 'Distância da linha neutra à fibra extrema c',
      unitGroup: 'length',
      defaultUnit: 'mm',
      units: ['mm', 'cm', 'm', 'in'],
      default: 100,
      min: 0.1,
      max: 5000,
      help: 'Metade da altura em seções simétricas.',
    },
  ],
  outputs,
  formula: 'Biapoiada: δ = 5wL⁴/(384EI) ou PL³/(48EI); balanço: δ = PL³/(3EI) ou wL⁴/(8EI); σ = M·c/I',
  references: [
    'Hibbeler, Resistência dos Materiais (Mechanics of Materials), apêndice de inclinações e deflexões de vigas',
    'Young & Budynas, Roark’s Formulas for Stress and Strain, 7ª ed., cap. 8 (vigas), tabela 8.1',
  ],
  disclaimer:
    'Viga prismática, material elástico-linear, pequenos deslocamentos. Não inclui o peso próprio (some-o a w) nem verifica flambagem lateral; compare L/δ com o limite da norma aplicável ao seu projeto.',
  compute({ loadCase, distributedLoad, pointLoad, span, elasticModulus, inertia, fibreDistance }) {
    const formulas = CASES[loadCase];
    const isDistributed = UDL_CASES.includes(loadCase);
    const load = isDistributed ? distributedLoad : pointLoad;
    const { deflectionEI, moment, shear } = formulas.solve(load, span);
    const deflection = deflectionEI / (elasticModulus * inertia);
    const stress = (moment * fibreDistance) / inertia;
    const loadText = isDistributed ? `w = ${f(load)} N/m` : `P = ${f(load)} N`;
    return {
      results: buildResults(outputs, {
        maxDeflection: deflection * 1000,
        spanRatio: span / deflection,
        location: formulas.location,
        maxMoment: moment / 1000,
        maxShear: shear / 1000,
        maxStress: stress / 1e6,
      }),
      steps: [
        step(
          'Flecha máxima',
          `${formulas.deflection}; ${loadText}, L = ${f(span)} m, E = ${f(elasticModulus)} Pa, I = ${f(inertia)} m⁴`,
          deflection * 1000,
          'mm',
          2,
        ),
        step('Momento fletor máximo', `${formulas.moment} = ${f(moment)} N·m`, moment / 1000, 'kN·m', 2),
        step('Tensão de flexão', `σ = M·c/I = ${f(moment)} · ${f(fibreDistance)} / ${f(inertia)}`, stress / 1e6, 'MPa', 1),
      ],
      figures: () => beamFigures({ loadCase, load, span, stiffness: elasticModulus * inertia }),
      warnings: [],
    };
  },
});
