import { formatNumber as f } from '../format';
import { buildResults, invalid, step } from '../result';
import { defineCalculator, type CalculationStep } from '../types';
import { fromBase } from '../units';
import { bearingLifeFigures } from './bearing-life-figures';
import { STANDING_DISCLAIMER } from '../disclaimer';

const outputs = [
  { key: 'equivalentLoad', label: 'Carga dinâmica equivalente P', unit: 'kN', digits: 3 },
  { key: 'loadRatio', label: 'Relação C/P', unit: '', digits: 3 },
  { key: 'exponent', label: 'Expoente da vida p', unit: '', digits: 3 },
  { key: 'l10', label: 'Vida nominal básica L10', unit: '10⁶ rotações', digits: 1 },
  { key: 'l10h', label: 'Vida nominal básica L10h', unit: 'h', digits: 0 },
  { key: 'a1', label: 'Fator de confiabilidade a₁', unit: '', digits: 2 },
  { key: 'lnm', label: 'Vida modificada Lnm = a₁·a_ISO·L10', unit: '10⁶ rotações', digits: 1 },
  { key: 'lnmh', label: 'Vida modificada Lnmh', unit: 'h', digits: 0 },
  { key: 'lifeYears', label: 'Vida modificada em anos de operação', unit: 'anos', digits: 2 },
  { key: 'requiredRating', label: 'Capacidade dinâmica necessária C_req para a vida requerida', unit: 'kN', digits: 2 },
  { key: 'lifeCheck', label: 'Atinge a vida requerida? (Lnmh ≥ L_req)', unit: '' },
] as const;

export type BearingType = 'ball' | 'roller';

/** ISO 281 life exponents: 3 for ball bearings, 10/3 for roller bearings. */
export const LIFE_EXPONENT: Readonly<Record<BearingType, number>> = { ball: 3, roller: 10 / 3 };

/**
 * a₁ per ISO 281:2007 (as the SKF catalogue states); equal to 0,95·[ln(100/R)/ln(100/90)]^(2/3) + 0,05
 * rounded to two decimals. Catalogues based on ISO 281:1990 list 0,62; 0,53; 0,44; 0,33; 0,21.
 */
export const RELIABILITY_FACTOR = { '90': 1, '95': 0.64, '96': 0.55, '97': 0.47, '98': 0.37, '99': 0.25 } as const;

/** Below this fraction of C the rolling elements may skid (manufacturers' guidance; indicative). */
export const MINIMUM_LOAD_FRACTION: Readonly<Record<BearingType, number>> = { ball: 0.01, roller: 0.02 };
/** Above this fraction of C the life model leaves its usual range (indicative). */
export const HEAVY_LOAD_FRACTION = 0.5;
/** Beyond C/P = 1000 the life is astronomically long and means nothing: almost surely a unit mistake. */
const MAX_LOAD_RATIO = 1000;

const TYPE_LABEL: Readonly<Record<BearingType, string>> = { ball: 'esferas', roller: 'rolos' };

export const bearingLife = defineCalculator({
  slug: 'vida-rolamento',
  version: '1.0.0',
  title: 'Vida de rolamentos (L10 – ISO 281)',
  summary:
    'Calcula a vida nominal básica L10 de um rolamento de esferas ou de rolos em rotações e em horas, a vida modificada para outra confiabilidade e a capacidade dinâmica necessária para uma vida requerida.',
  category: 'mechanical',
  accessLevel: 'E-BASIC',
  inputs: [
    {
      kind: 'select',
      name: 'bearingType',
      label: 'Tipo de rolamento',
      options: [
        { value: 'ball', label: 'Esferas (p = 3)' },
        { value: 'roller', label: 'Rolos (p = 10/3)' },
      ],
      default: 'ball',
    },
    {
      kind: 'number',
      name: 'dynamicRating',
      label: 'Capacidade de carga dinâmica C (valor do catálogo)',
      unitGroup: 'force',
      defaultUnit: 'kN',
      units: ['kN', 'N', 'lbf'],
      default: 20.3,
      min: 0.001,
      max: 100_000,
      help: 'Capacidade de carga dinâmica básica do rolamento escolhido, como publicada no catálogo do fabricante.',
    },
    {
      kind: 'text',
      name: 'ratingSource',
      label: 'Fonte de C (fabricante, catálogo, designação)',
      format: 'note',
      default: '',
      maxLength: 50,
      optional: true,
      placeholder: 'ex.: catálogo do fabricante, rolamento 6205',
      help: 'Impresso no memorial.',
    },
    {
      kind: 'select',
      name: 'loadInput',
      label: 'Como a carga é informada',
      options: [
        { value: 'components', label: 'Cargas radial e axial com os fatores X e Y' },
        { value: 'equivalent', label: 'Carga dinâmica equivalente P' },
      ],
      default: 'components',
    },
    {
      kind: 'number',
      name: 'radialLoad',
      label: 'Carga radial F_r',
      unitGroup: 'force',
      defaultUnit: 'kN',
      units: ['kN', 'N', 'lbf'],
      default: 2.5,
      min: 0,
      max: 100_000,
      when: { field: 'loadInput', oneOf: ['components'] },
    },
    {
      kind: 'number',
      name: 'axialLoad',
      label: 'Carga axial F_a',
      unitGroup: 'force',
      defaultUnit: 'kN',
      units: ['kN', 'N', 'lbf'],
      default: 0,
      min: 0,
      max: 100_000,
      when: { field: 'loadInput', oneOf: ['components'] },
    },
    {
      kind: 'number',
      name: 'radialFactor',
      label: 'Fator radial X (valor do catálogo)',
      unit: '',
      default: 1,
      min: 0,
      max: 1,
      help: 'X e Y dependem do tipo de rolamento e da relação F_a/F_r comparada com e: leia-os no catálogo. Só carga radial: X = 1, Y = 0.',
      when: { field: 'loadInput', oneOf: ['components'] },
    },
    {
      kind: 'number',
      name: 'axialFactor',
      label: 'Fator axial Y (valor do catálogo)',
      unit: '',
      default: 0,
      min: 0,
      max: 10,
      when: { field: 'loadInput', oneOf: ['components'] },
    },
    {
      kind: 'number',
      name: 'equivalentLoad',
      label: 'Carga dinâmica equivalente P',
      unitGroup: 'force',
      defaultUnit: 'kN',
      units: ['kN', 'N', 'lbf'],
      default: 2.5,
      min: 0,
      exclusiveMin: true,
      max: 100_000,
      when: { field: 'loadInput', oneOf: ['equivalent'] },
    },
    {
      kind: 'number',
      name: 'speed',
      label: 'Rotação n',
      unitGroup: 'rotationalSpeed',
      defaultUnit: 'rpm',
      units: ['rpm', 'rad/s'],
      default: 1450,
      min: 1,
      max: 200_000,
      help: 'Constante; não deve passar da rotação limite do catálogo.',
    },
    {
      kind: 'select',
      name: 'reliability',
      label: 'Confiabilidade',
      options: [
        { value: '90', label: '90 % (L10, a₁ = 1)' },
        { value: '95', label: '95 % (L5, a₁ = 0,64)' },
        { value: '96', label: '96 % (L4, a₁ = 0,55)' },
        { value: '97', label: '97 % (L3, a₁ = 0,47)' },
        { value: '98', label: '98 % (L2, a₁ = 0,37)' },
        { value: '99', label: '99 % (L1, a₁ = 0,25)' },
      ],
      default: '90',
      help: 'a₁ conforme a ISO 281:2007 (confirme na norma); catálogos baseados na ISO 281:1990 trazem 0,62; 0,53; 0,44; 0,33 e 0,21.',
    },
    {
      kind: 'number',
      name: 'modificationFactor',
      label: 'Fator de modificação da vida a_ISO',
      unit: '',
      default: 1,
      min: 0.1,
      max: 50,
      help: 'Depende da lubrificação (κ), da contaminação (e_C) e do limite de fadiga (P_u): obtenha pelo método da ISO 281 ou do fabricante. Use 1 para a vida básica.',
    },
    {
      kind: 'text',
      name: 'modificationSource',
      label: 'Origem de a_ISO',
      format: 'note',
      default: '',
      maxLength: 50,
      optional: true,
      placeholder: 'ex.: ISO 281, κ = 2, e_C = 0,5',
      help: 'Impresso no memorial.',
    },
    {
      kind: 'number',
      name: 'hoursPerYear',
      label: 'Horas de operação por ano',
      unit: 'h/ano',
      default: 2080,
      min: 1,
      max: 8784,
      help: 'Um turno de 8 h em 5 dias por semana dá cerca de 2080 h/ano; operação contínua, 8760 h/ano.',
    },
    {
      kind: 'select',
      name: 'checkLife',
      label: 'Verificar uma vida requerida',
      options: [
        { value: 'yes', label: 'Sim' },
        { value: 'no', label: 'Não' },
      ],
      default: 'yes',
    },
    {
      kind: 'number',
      name: 'requiredLife',
      label: 'Vida requerida L_req',
      unit: 'h',
      default: 20_000,
      min: 1,
      max: 10_000_000,
      when: { field: 'checkLife', oneOf: ['yes'] },
    },
  ],
  outputs,
  formula:
    'P = X·F_r + Y·F_a;  L10 = (C/P)^p (10⁶ rotações; p = 3 esferas, 10/3 rolos);  L10h = 10⁶·L10/(60·n);  Lnm = a₁·a_ISO·L10;  C_req = P·[60·n·L_req/(10⁶·a₁·a_ISO)]^(1/p)',
  references: [
    'ISO 281:2007, Rolling bearings — Dynamic load ratings and rating life (vida nominal básica L10, expoentes p = 3 e 10/3, vida modificada Lnm = a₁·a_ISO·L10, fator de confiabilidade a₁; confirme os números das seções e tabelas na norma)',
    'ISO/TR 1281-2:2008 (fundamentos de a₁ e a_ISO; confirme na norma)',
    'Catálogo SKF, páginas "Basic rating life" e "SKF rating life" (fórmulas de L10, L10h e Lnm; a₁ conforme a ISO 281:2007)',
    'Budynas & Nisbett, Shigley’s Mechanical Engineering Design, 10ª ed., cap. 11 (rolamentos; confirme o capítulo)',
  ],
  standards: [{ code: 'ISO 281', edition: '2007' }],
  disclaimer:
    'L10 é a vida atingida ou superada por 90 % de um grupo de rolamentos idênticos; 10 % podem falhar antes. Carga e rotação constantes. Não cobre: segurança estática (C₀/P₀), movimento oscilante ou muito lento, cargas de choque, temperatura acima da faixa do rolamento, vida da graxa e das vedações (muitas vezes menor que a vida à fadiga). ' +
    STANDING_DISCLAIMER,
  compute(values) {
    const { bearingType, dynamicRating: rating, loadInput, speed, reliability, modificationFactor: aIso, hoursPerYear, checkLife } = values;
    const p = LIFE_EXPONENT[bearingType];
    const pText = bearingType === 'ball' ? '3' : '10/3';
    const speedRpm = fromBase(speed, 'rpm');
    const a1 = RELIABILITY_FACTOR[reliability];

    const loadSteps: CalculationStep[] = [];
    let load: number;
    if (loadInput === 'components') {
      const { radialLoad: fr, axialLoad: fa, radialFactor: x, axialFactor: y } = values;
      load = x * fr + y * fa;
      if (!(load > 0)) {
        return invalid({ radialLoad: 'A carga equivalente P = X·F_r + Y·F_a resultou nula: informe F_r com X > 0 ou F_a com Y > 0.' });
      }
      loadSteps.push(
        step('Carga equivalente', `P = X·F_r + Y·F_a = ${f(x)} · ${f(fr / 1000)} + ${f(y)} · ${f(fa / 1000)} kN`, load / 1000, 'kN', 3),
      );
    } else {
      load = values.equivalentLoad;
    }
    const loadField = loadInput === 'components' ? 'radialLoad' : 'equivalentLoad';
    const ratio = rating / load;
    if (ratio > MAX_LOAD_RATIO) {
      return invalid({
        [loadField]: `Carga muito pequena em relação a C (C/P = ${f(ratio)} > ${MAX_LOAD_RATIO}): a vida calculada não teria significado. Confira as unidades.`,
      });
    }

    const l10 = ratio ** p;
    const revolutionsPerHour = 60 * speedRpm;
    const l10h = (1e6 * l10) / revolutionsPerHour;
    const lifeFactor = a1 * aIso;
    const lnm = lifeFactor * l10;
    const lnmh = lifeFactor * l10h;
    const lifeYears = lnmh / hoursPerYear;

    const warnings: string[] = [];
    if (load > HEAVY_LOAD_FRACTION * rating) {
      warnings.push(
        `Carga muito elevada em relação a C (P = ${f(load / 1000)} kN > 0,5·C = ${f((HEAVY_LOAD_FRACTION * rating) / 1000)} kN): fora da faixa usual do modelo (limite indicativo); consulte o fabricante.`,
      );
    }
    const minimumFraction = MINIMUM_LOAD_FRACTION[bearingType];
    if (load < minimumFraction * rating) {
      warnings.push(
        `Carga abaixo da mínima recomendada para rolamentos de ${TYPE_LABEL[bearingType]} (P < ${f(minimumFraction)}·C = ${f((minimumFraction * rating) / 1000)} kN): risco de escorregamento dos corpos rolantes (orientação de fabricantes; confirme no catálogo).`,
      );
    }
    if (aIso !== 1) {
      warnings.push(
        `a_ISO = ${f(aIso)}: a_ISO depende da viscosidade (κ), da contaminação (e_C) e do limite de fadiga (P_u): informe a origem do valor.`,
      );
    }
    if (loadInput === 'components' && values.axialFactor > 3) {
      warnings.push(`Fator Y = ${f(values.axialFactor)} acima da faixa usual (até cerca de 3): confira o valor no catálogo.`);
    }

    const requiredValues: Record<string, number | string> = {};
    const requiredSteps: CalculationStep[] = [];
    let requiredLife: number | undefined;
    let requiredRating: number | undefined;
    if (checkLife === 'yes') {
      requiredLife = values.requiredLife;
      const requiredRevolutions = (revolutionsPerHour * requiredLife) / 1e6;
      requiredRating = load * (requiredRevolutions / lifeFactor) ** (1 / p);
      const reaches = lnmh >= requiredLife;
      requiredValues.requiredRating = requiredRating / 1000;
      requiredValues.lifeCheck = reaches
        ? `Sim — Lnmh = ${f(lnmh)} h ≥ L_req = ${f(requiredLife)} h; C = ${f(rating / 1000)} kN ≥ C_req = ${f(requiredRating / 1000)} kN`
        : `Não — Lnmh = ${f(lnmh)} h < L_req = ${f(requiredLife)} h; C = ${f(rating / 1000)} kN < C_req = ${f(requiredRating / 1000)} kN`;
      if (!reaches) {
        warnings.push(
          `O rolamento não atinge a vida requerida: Lnmh = ${f(lnmh)} h < ${f(requiredLife)} h. Escolha um rolamento com C ≥ ${f(requiredRating / 1000)} kN ou reduza a carga.`,
        );
      }
      requiredSteps.push(
        step(
          'Vida requerida em rotações',
          `L = 60·n·L_req/10⁶ = 60 · ${f(speedRpm)} · ${f(requiredLife)} / 10⁶`,
          requiredRevolutions,
          '10⁶ rotações',
          1,
        ),
        step(
          'Capacidade necessária',
          `C_req = P·[L/(a₁·a_ISO)]^(1/p) = ${f(load / 1000)} · (${f(requiredRevolutions)} / ${f(lifeFactor)})^(1/${pText})`,
          requiredRating / 1000,
          'kN',
          2,
        ),
      );
    }

    return {
      results: buildResults(outputs, {
        equivalentLoad: load / 1000,
        loadRatio: ratio,
        exponent: p,
        l10,
        l10h,
        a1,
        lnm,
        lnmh,
        lifeYears,
        ...requiredValues,
      }),
      steps: [
        ...loadSteps,
        step('Relação de cargas', `C/P = ${f(rating / 1000)} / ${f(load / 1000)}`, ratio, '', 3),
        step('Vida nominal básica', `L10 = (C/P)^p = ${f(ratio)}^${pText}`, l10, '10⁶ rotações', 1),
        step('Vida em horas', `L10h = 10⁶·L10/(60·n) = 10⁶ · ${f(l10)} / (60 · ${f(speedRpm)})`, l10h, 'h', 0),
        step('Vida modificada', `Lnmh = a₁·a_ISO·L10h = ${f(a1)} · ${f(aIso)} · ${f(l10h)}`, lnmh, 'h', 0),
        step('Vida em anos', `${f(lnmh)} h / ${f(hoursPerYear)} h/ano`, lifeYears, 'anos', 2),
        ...requiredSteps,
      ],
      figures: () =>
        bearingLifeFigures({
          exponent: p,
          rating,
          load,
          speedRpm,
          lifeFactor,
          l10h,
          lnmh,
          minimumLoad: minimumFraction * rating,
          heavyLoad: HEAVY_LOAD_FRACTION * rating,
          requiredLife,
          requiredRating,
        }),
      warnings,
    };
  },
});
