import { formatNumber as f } from '../format';
import { buildResults, step } from '../result';
import { defineCalculator } from '../types';
import { fromBase } from '../units';
import { yarnTwistFigures } from './yarn-twist-figures';
import { STANDING_DISCLAIMER } from '../disclaimer';

const outputs = [
  { key: 'tex', label: 'Título em tex', unit: 'tex', digits: 3 },
  { key: 'ne', label: 'Título inglês Ne', unit: 'Ne', digits: 2 },
  { key: 'tpm', label: 'Torção TPM', unit: 'voltas/m', digits: 1 },
  { key: 'tpi', label: 'Torção TPI', unit: 'voltas/pol', digits: 2 },
  { key: 'tpcm', label: 'Torção por centímetro', unit: 'voltas/cm', digits: 3 },
  { key: 'alphaE', label: 'Fator de torção inglês αe (TPI/√Ne)', unit: '', digits: 2 },
  { key: 'alphaM', label: 'Fator de torção métrico αm (TPM/√Nm)', unit: '', digits: 1 },
  { key: 'alphaTex', label: 'Fator de torção tex αtex (voltas/cm·√tex)', unit: '', digits: 2 },
  { key: 'diameter', label: 'Diâmetro estimado do fio d', unit: 'mm', digits: 4 },
  { key: 'surfaceAngle', label: 'Ângulo de torção na superfície θ', unit: '°', digits: 1 },
  { key: 'deliverySpeed', label: 'Velocidade de fornecimento', unit: 'm/min', digits: 2 },
  { key: 'spindleProduction', label: 'Produção por fuso', unit: 'g/h', digits: 2 },
  { key: 'frameProduction', label: 'Produção do filatório', unit: 'kg/h', digits: 2 },
] as const;

/** Exact: 1 inch = 0.0254 m. */
const INCH = 0.0254;
/** Ne = NE_TEX / tex (840-yd hanks per pound; same factor as the yarn-count unit group). */
const NE_TEX = fromBase(1, 'Ne');
const SOFT_TPM = { min: 50, max: 3000 } as const;
/** Band of English twist factors seen in spun yarns; indicative only (see the research notes). */
export const USUAL_ALPHA_E = { min: 2, max: 6 } as const;

const radiansToDegrees = (radians: number) => (radians * 180) / Math.PI;

export const yarnTwist = defineCalculator({
  slug: 'torcao-fio',
  version: '1.0.0',
  title: 'Torção do fio (TPM, TPI e fator de torção)',
  summary:
    'Converte a torção entre voltas por metro, por polegada e por centímetro e os fatores de torção inglês, métrico e tex; estima o diâmetro e o ângulo de torção do fio e a produção do filatório de anéis.',
  category: 'textile',
  accessLevel: 'E-MASTER',
  inputs: [
    {
      kind: 'number',
      name: 'count',
      label: 'Título do fio',
      unitGroup: 'yarnCount',
      defaultUnit: 'Ne',
      default: 30,
      min: 0.6,
      max: 590,
      help: 'De 1 a cerca de 1000 tex. Escolha o sistema na unidade (Ne, Nm, tex, dtex, den).',
    },
    {
      kind: 'select',
      name: 'twistGiven',
      label: 'Como a torção é informada',
      options: [
        { value: 'alphaE', label: 'Fator de torção inglês αe (TPI/√Ne)' },
        { value: 'alphaM', label: 'Fator de torção métrico αm (TPM/√Nm)' },
        { value: 'alphaTex', label: 'Fator de torção tex αtex (voltas/cm·√tex)' },
        { value: 'perLength', label: 'Voltas por comprimento (TPM, TPI ou voltas/cm)' },
      ],
      default: 'alphaE',
    },
    {
      kind: 'number',
      name: 'alphaE',
      label: 'Fator de torção inglês αe',
      unit: '',
      default: 3.8,
      min: 0.5,
      max: 15,
      when: { field: 'twistGiven', oneOf: ['alphaE'] },
    },
    {
      kind: 'number',
      name: 'alphaM',
      label: 'Fator de torção métrico αm',
      unit: '',
      default: 115,
      min: 15,
      max: 450,
      when: { field: 'twistGiven', oneOf: ['alphaM'] },
    },
    {
      kind: 'number',
      name: 'alphaTex',
      label: 'Fator de torção tex αtex',
      unit: '',
      default: 36.4,
      min: 5,
      max: 150,
      when: { field: 'twistGiven', oneOf: ['alphaTex'] },
    },
    {
      kind: 'number',
      name: 'twist',
      label: 'Torção',
      unitGroup: 'yarnTwist',
      defaultUnit: 'turns/m',
      default: 820,
      min: 10,
      max: 10_000,
      help: 'Faixa usual de fios fiados: 50 a 3000 voltas/m.',
      when: { field: 'twistGiven', oneOf: ['perLength'] },
    },
    {
      kind: 'select',
      name: 'direction',
      label: 'Sentido da torção',
      options: [
        { value: 'Z', label: 'Z' },
        { value: 'S', label: 'S' },
      ],
      default: 'Z',
      help: 'Registrado no memorial; não altera o cálculo.',
    },
    {
      kind: 'number',
      name: 'specificVolume',
      label: 'Volume específico do fio v',
      unit: 'cm³/g',
      default: 1.1,
      min: 0.8,
      max: 2,
      help: '1,1 cm³/g é o valor de Peirce para fio de algodão; fios mais volumosos têm valor maior.',
    },
    {
      kind: 'select',
      name: 'production',
      label: 'Calcular a produção do filatório de anéis',
      options: [
        { value: 'yes', label: 'Sim' },
        { value: 'no', label: 'Não' },
      ],
      default: 'yes',
    },
    {
      kind: 'number',
      name: 'spindleSpeed',
      label: 'Rotação do fuso n_f',
      unitGroup: 'rotationalSpeed',
      defaultUnit: 'rpm',
      units: ['rpm'],
      default: 16_000,
      min: 3000,
      max: 25_000,
      when: { field: 'production', oneOf: ['yes'] },
    },
    {
      kind: 'number',
      name: 'efficiency',
      label: 'Eficiência η',
      unit: '%',
      default: 95,
      min: 50,
      max: 100,
      when: { field: 'production', oneOf: ['yes'] },
    },
    {
      kind: 'number',
      name: 'spindles',
      label: 'Número de fusos do filatório N_f',
      unit: 'fusos',
      default: 1200,
      min: 1,
      max: 10_000,
      integer: true,
      when: { field: 'production', oneOf: ['yes'] },
    },
  ],
  outputs,
  formula:
    'TPM = 39,3701·TPI = 100·T_cm;  αe = TPI/√Ne;  αm = TPM/√Nm;  αtex = T_cm·√tex;  d = √(4·tex·v/(1000·π)) mm;  tg θ = π·d·TPM/1000;  v_e = n_f/TPM;  P = v_e·60·tex/1000·η',
  references: [
    'Klein, W. The Rieter Manual of Spinning, vol. 1 – Technology of Short-staple Spinning (Rieter), seções "Twist formulas" e "Derivation of the twist equation" (T = α·√N)',
    'Peirce, F. T. (1937). The geometry of cloth structure. Journal of the Textile Institute, 28, T45 (volume específico de 1,1 cm³/g para fio de algodão; d = 1/(28·√Ne) pol)',
    'Rieter, "Variation in yarn twist": torção (voltas/m) = rotação do fuso (rpm) / velocidade de fornecimento (m/min)',
    'ISO 2061 e ASTM D1422/D1423 (medição da torção de fios; confirme a edição na norma)',
  ],
  standards: [
    { code: 'ISO 1144', edition: '2016 (sistema tex)' },
    { code: 'ISO 2061', edition: '2015 (medição da torção; confirme na norma)' },
  ],
  disclaimer:
    'Diâmetro e ângulo são estimativas com o volume específico informado; a contração por torção e o atraso do cursor não foram considerados. O fator de torção ótimo depende da fibra (comprimento, finura), do processo (anel, rotor, ar) e do uso final. Fios retorcidos (equilíbrio das torções S/Z) não são tratados. ' +
    STANDING_DISCLAIMER,
  compute(values) {
    const { count: tex, twistGiven, specificVolume, production } = values;
    const ne = NE_TEX / tex;
    const nm = 1000 / tex;
    const twistSteps = [];
    let tpm: number;
    if (twistGiven === 'alphaE') {
      const tpi = values.alphaE * Math.sqrt(ne);
      tpm = tpi / INCH;
      twistSteps.push(step('Torção por polegada', `TPI = αe·√Ne = ${f(values.alphaE)} · √${f(ne)}`, tpi, 'voltas/pol', 2));
    } else if (twistGiven === 'alphaM') {
      tpm = values.alphaM * Math.sqrt(nm);
      twistSteps.push(step('Torção por metro', `TPM = αm·√Nm = ${f(values.alphaM)} · √${f(nm)}`, tpm, 'voltas/m', 1));
    } else if (twistGiven === 'alphaTex') {
      const tpcm = values.alphaTex / Math.sqrt(tex);
      tpm = 100 * tpcm;
      twistSteps.push(step('Torção por centímetro', `T_cm = αtex/√tex = ${f(values.alphaTex)} / √${f(tex)}`, tpcm, 'voltas/cm', 3));
    } else {
      tpm = values.twist;
    }
    const tpi = tpm * INCH;
    const tpcm = tpm / 100;
    const alphaE = tpi / Math.sqrt(ne);
    const alphaM = tpm / Math.sqrt(nm);
    const alphaTex = tpcm * Math.sqrt(tex);
    const diameter = Math.sqrt((4 * tex * specificVolume) / (1000 * Math.PI));
    const tanTheta = (Math.PI * diameter * tpm) / 1000;
    const surfaceAngle = radiansToDegrees(Math.atan(tanTheta));

    const productionValues: Record<string, number> = {};
    const productionSteps = [];
    if (production === 'yes') {
      const rpm = fromBase(values.spindleSpeed, 'rpm');
      const deliverySpeed = rpm / tpm;
      const spindleProduction = ((deliverySpeed * 60 * tex) / 1000) * (values.efficiency / 100);
      const frameProduction = (spindleProduction * values.spindles) / 1000;
      Object.assign(productionValues, { deliverySpeed, spindleProduction, frameProduction });
      productionSteps.push(
        step('Velocidade de fornecimento', `v_e = n_f/TPM = ${f(rpm)} / ${f(tpm)}`, deliverySpeed, 'm/min', 2),
        step(
          'Produção por fuso',
          `P = ${f(deliverySpeed)} · 60 · ${f(tex)} / 1000 · ${f(values.efficiency)} %`,
          spindleProduction,
          'g/h',
          2,
        ),
        step('Produção do filatório', `${f(spindleProduction)} g/h · ${values.spindles} fusos / 1000`, frameProduction, 'kg/h', 2),
      );
    }

    const warnings: string[] = [];
    if (alphaE < USUAL_ALPHA_E.min || alphaE > USUAL_ALPHA_E.max) {
      warnings.push(
        `Fator de torção αe = ${f(alphaE, 3)} fora da faixa usual para fios fiados (cerca de ${USUAL_ALPHA_E.min} a ${USUAL_ALPHA_E.max}, indicativa); confira a entrada.`,
      );
    }
    if (tpm < SOFT_TPM.min || tpm > SOFT_TPM.max) {
      warnings.push(
        `Torção de ${f(tpm)} voltas/m fora da faixa usual de fios fiados (${SOFT_TPM.min} a ${SOFT_TPM.max} voltas/m); confira a entrada e a unidade.`,
      );
    }

    const results = {
      tex,
      ne,
      tpm,
      tpi,
      tpcm,
      alphaE,
      alphaM,
      alphaTex,
      diameter,
      surfaceAngle,
      ...productionValues,
    };
    return {
      results: buildResults(outputs, results),
      steps: [
        step('Título', `tex = ${f(NE_TEX, 6)} / Ne = ${f(NE_TEX, 6)} / ${f(ne)};  Nm = 1000 / ${f(tex)} = ${f(nm)}`, tex, 'tex', 3),
        ...twistSteps,
        step('Conversões', `TPI = TPM · 0,0254 = ${f(tpm)} · 0,0254;  T_cm = TPM/100 = ${f(tpcm)} voltas/cm`, tpi, 'voltas/pol', 2),
        step('Fator inglês', `αe = ${f(tpi)} / √${f(ne)}`, alphaE, '', 2),
        step('Fator métrico', `αm = ${f(tpm)} / √${f(nm)}`, alphaM, '', 1),
        step('Fator tex', `αtex = ${f(tpcm)} · √${f(tex)}`, alphaTex, '', 2),
        step('Diâmetro', `d = √(4 · ${f(tex)} · ${f(specificVolume)} / (1000 · π))`, diameter, 'mm', 4),
        step('Ângulo na superfície', `θ = arctg(π · ${f(diameter)} · ${f(tpm / 1000)}) = arctg ${f(tanTheta)}`, surfaceAngle, '°', 1),
        ...productionSteps,
      ],
      figures: () => yarnTwistFigures({ ne, tex, tpi, tpm, alphaE, surfaceAngle }),
      warnings,
    };
  },
});
