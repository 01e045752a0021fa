import { formatNumber as f } from '../format';
import { buildResults, invalid, step } from '../result';
import { defineCalculator, type CalculationStep } from '../types';
import { fabricShrinkageFigures, type ShrinkageDrawing } from './fabric-shrinkage-figures';
import { STANDING_DISCLAIMER } from '../disclaimer';

const outputs = [
  { key: 'lengthChange', label: 'Alteração dimensional no comprimento D_L', unit: '%', digits: 2 },
  { key: 'lengthKind', label: 'Comprimento', unit: '' },
  { key: 'widthChange', label: 'Alteração dimensional na largura D_W', unit: '%', digits: 2 },
  { key: 'widthKind', label: 'Largura', unit: '' },
  { key: 'areaChange', label: 'Alteração de área D_A', unit: '%', digits: 2 },
  { key: 'lengthCheck', label: 'Comprimento atende à especificação', unit: '' },
  { key: 'widthCheck', label: 'Largura atende à especificação', unit: '' },
  { key: 'patternLength', label: 'Comprimento do molde', unit: 'mm', digits: 1 },
  { key: 'lengthCompensation', label: 'Compensação no comprimento', unit: '%', digits: 2 },
  { key: 'patternWidth', label: 'Largura do molde', unit: 'mm', digits: 1 },
  { key: 'widthCompensation', label: 'Compensação na largura', unit: '%', digits: 2 },
] as const;

const PAIRS = [1, 2, 3] as const;
const LENGTH_EXAMPLE = [481, 483, 480] as const;
const WIDTH_EXAMPLE = [492, 494, 493] as const;
const MAX_RATIO = 3;
const VERY_HIGH_CHANGE = 10;
const SPECIMEN_MIN_MARKS = 350; // mm, ISO 3759
const METHOD = 'ISO 5077:2007, com marcas conforme ISO 3759:2011';

const lengthField = <N extends string>(name: N, label: string, example: number, extra: object = {}) =>
  ({
    kind: 'number',
    name,
    label,
    unitGroup: 'length',
    defaultUnit: 'mm',
    units: ['mm', 'cm', 'in'],
    default: example,
    min: 1,
    max: 15_000,
    ...extra,
  }) as const;

/** Pair n is asked for when at least n pairs were measured. */
const pairCondition = (pair: 1 | 2 | 3) => (pair === 1 ? {} : { when: { field: 'pairs', oneOf: pair === 2 ? ['2', '3'] : ['3'] } });

const changeKind = (change: number) => {
  if (change < 0) return `Encolhimento de ${f(-change, 3)} %`;
  if (change > 0) return `Alongamento de ${f(change, 3)} %`;
  return 'Sem alteração';
};

export const fabricShrinkage = defineCalculator({
  slug: 'encolhimento-tecido',
  version: '1.0.0',
  title: 'Encolhimento (alteração dimensional) e compensação de molde',
  summary:
    'Calcula a alteração dimensional de tecidos e peças após lavagem e secagem (método da ISO 5077) no comprimento, na largura e na área, verifica a tolerância especificada e compensa o molde de corte.',
  category: 'textile',
  accessLevel: 'E-BASIC',
  inputs: [
    lengthField('originalLength', 'Distância original entre marcas no comprimento x₀', 500, {
      min: 100,
      max: 5000,
      help: 'ISO 3759: corpo de prova de pelo menos 500 × 500 mm, marcas a pelo menos 350 mm umas das outras e 50 mm das bordas.',
    }),
    lengthField('originalWidth', 'Distância original entre marcas na largura x₀', 500, { min: 100, max: 5000 }),
    {
      kind: 'select',
      name: 'pairs',
      label: 'Pares de marcas medidos em cada direção',
      options: [
        { value: '3', label: '3 pares (recomendado)' },
        { value: '2', label: '2 pares' },
        { value: '1', label: '1 par' },
      ],
      default: '3',
    },
    ...PAIRS.map((pair) =>
      lengthField(`length${pair}`, `Comprimento após o tratamento, par ${pair}`, LENGTH_EXAMPLE[pair - 1], pairCondition(pair)),
    ),
    ...PAIRS.map((pair) =>
      lengthField(`width${pair}`, `Largura após o tratamento, par ${pair}`, WIDTH_EXAMPLE[pair - 1], pairCondition(pair)),
    ),
    {
      kind: 'text',
      name: 'procedure',
      label: 'Procedimento de lavagem e secagem',
      format: 'note',
      default: '',
      maxLength: 50,
      optional: true,
      placeholder: 'Ex.: ISO 6330, procedimento e secagem usados',
      help: 'Impresso no memorial; só compare resultados do mesmo procedimento.',
    },
    {
      kind: 'select',
      name: 'tolerance',
      label: 'Verificar uma tolerância especificada',
      options: [
        { value: 'yes', label: 'Sim' },
        { value: 'no', label: 'Não' },
      ],
      default: 'yes',
    },
    {
      kind: 'number',
      name: 'maxShrinkage',
      label: 'Encolhimento máximo admitido',
      unit: '%',
      default: 3,
      min: 0,
      max: 50,
      help: 'Em valor absoluto: 3 significa aceitar até −3 %.',
      when: { field: 'tolerance', oneOf: ['yes'] },
    },
    {
      kind: 'number',
      name: 'maxGrowth',
      label: 'Alongamento máximo admitido',
      unit: '%',
      default: 3,
      min: 0,
      max: 50,
      when: { field: 'tolerance', oneOf: ['yes'] },
    },
    {
      kind: 'text',
      name: 'toleranceSource',
      label: 'Origem da tolerância (fonte)',
      format: 'note',
      default: 'Especificação do cliente',
      maxLength: 50,
      optional: true,
      help: 'Contrato, ficha técnica ou norma de produto (informe o número e o item).',
      when: { field: 'tolerance', oneOf: ['yes'] },
    },
    {
      kind: 'select',
      name: 'pattern',
      label: 'Calcular o molde compensado',
      options: [
        { value: 'yes', label: 'Sim' },
        { value: 'no', label: 'Não' },
      ],
      default: 'yes',
    },
    lengthField('finishedLength', 'Comprimento final desejado da peça L_f', 700, {
      max: 10_000,
      when: { field: 'pattern', oneOf: ['yes'] },
    }),
    lengthField('finishedWidth', 'Largura final desejada da peça W_f', 500, { max: 10_000, when: { field: 'pattern', oneOf: ['yes'] } }),
  ],
  outputs,
  formula:
    'D = 100·(x_t − x₀)/x₀ (negativo = encolhimento), média dos pares;  D_A = 100·[(1 + D_L/100)·(1 + D_W/100) − 1];  L_molde = L_f/(1 + D_L/100);  compensação = 100·[1/(1 + D/100) − 1]',
  references: [
    'ISO 5077:2007 — Textiles — Determination of dimensional change in washing and drying (alteração = (x_t − x₀)/x₀ × 100; 6.2: três corpos de prova quando possível)',
    'ISO 3759:2011 — Preparation, marking and measuring of fabric specimens and garments in tests for determination of dimensional change (corpo de prova ≥ 500 × 500 mm, marcas ≥ 350 mm entre si e ≥ 50 mm das bordas)',
    'ISO 6330:2021 — Domestic washing and drying procedures for textile testing (substitui a edição de 2012)',
    'ISO 139 (atmosfera padrão de condicionamento); AATCC TM135 (método equivalente nos EUA; confirme a edição); normas ABNT equivalentes: confirme no catálogo da ABNT',
  ],
  standards: [
    { code: 'ISO 5077', edition: '2007' },
    { code: 'ISO 3759', edition: '2011' },
    { code: 'ISO 6330', edition: '2021' },
  ],
  disclaimer:
    'O resultado vale para o procedimento de lavagem e secagem usado; só compare resultados do mesmo procedimento (ISO 6330). Condicione os corpos de prova (ISO 139) antes de cada medição; use três corpos de prova quando possível (ISO 5077). Encolhimento progressivo (vários ciclos), espiralidade de malhas e feltragem da lã não são tratados. ' +
    STANDING_DISCLAIMER,
  compute(values) {
    const read = values as unknown as Readonly<Record<string, number | string>>;
    const pairCount = Number(values.pairs);
    const measured = (prefix: 'length' | 'width') =>
      PAIRS.filter((pair) => pair <= pairCount).map((pair) => ({ pair, key: `${prefix}${pair}`, value: Number(read[`${prefix}${pair}`]) }));
    const mm = (metres: number) => metres * 1000;
    const x0 = { length: mm(values.originalLength), width: mm(values.originalWidth) };

    const errors: Record<string, string> = {};
    for (const direction of ['length', 'width'] as const) {
      for (const { key, value } of measured(direction)) {
        if (mm(value) > MAX_RATIO * x0[direction])
          errors[key] =
            `A medida após o tratamento deve ser no máximo ${MAX_RATIO} vezes a distância original (${f(MAX_RATIO * x0[direction])} mm).`;
      }
    }
    if (Object.keys(errors).length > 0) return invalid(errors);

    const steps: CalculationStep[] = [];
    const meanChange = (direction: 'length' | 'width', name: string) => {
      const changes = measured(direction).map(({ pair, value }) => {
        const change = (100 * (mm(value) - x0[direction])) / x0[direction];
        steps.push(step(`${name}, par ${pair}`, `D = 100 · (${f(mm(value))} − ${f(x0[direction])}) / ${f(x0[direction])}`, change, '%', 2));
        return change;
      });
      const mean = changes.reduce((sum, change) => sum + change, 0) / changes.length;
      if (changes.length > 1)
        steps.push(step(`${name}, média`, `(${changes.map((change) => f(change)).join(' + ')}) / ${changes.length}`, mean, '%', 2));
      return mean;
    };
    const lengthChange = meanChange('length', 'Comprimento');
    const widthChange = meanChange('width', 'Largura');
    const lengthFactor = 1 + lengthChange / 100;
    const widthFactor = 1 + widthChange / 100;
    const areaChange = 100 * (lengthFactor * widthFactor - 1);
    steps.push(step('Área', `D_A = 100 · (${f(lengthFactor)} · ${f(widthFactor)} − 1)`, areaChange, '%', 2));

    const results: Record<string, number | string> = {
      lengthChange,
      lengthKind: changeKind(lengthChange),
      widthChange,
      widthKind: changeKind(widthChange),
      areaChange,
    };
    const warnings: string[] = [];

    if (values.tolerance === 'yes') {
      const source = values.toleranceSource || 'especificação informada';
      const range = `${f(-values.maxShrinkage)} % ≤ D ≤ +${f(values.maxGrowth)} %`;
      const check = (change: number, name: string, key: 'lengthCheck' | 'widthCheck') => {
        const passes = change >= -values.maxShrinkage && change <= values.maxGrowth;
        let comparison = `${f(change, 3)} % dentro de ${range}`;
        if (change < -values.maxShrinkage) comparison = `${f(change, 3)} % < ${f(-values.maxShrinkage)} %`;
        if (change > values.maxGrowth) comparison = `${f(change, 3)} % > +${f(values.maxGrowth)} %`;
        results[key] = `${passes ? 'Sim' : 'Não'}: ${comparison}`;
        steps.push(
          step(
            `Tolerância, ${name.toLowerCase()}`,
            `${range} (${source}; método ${METHOD}): D = ${f(change, 3)} %`,
            passes ? 'Sim' : 'Não',
            '',
          ),
        );
        if (!passes) warnings.push(`${name} fora da tolerância: ${comparison} (${source}).`);
      };
      check(lengthChange, 'Comprimento', 'lengthCheck');
      check(widthChange, 'Largura', 'widthCheck');
    }

    let pattern: ShrinkageDrawing['pattern'];
    if (values.pattern === 'yes') {
      const finishedLength = mm(values.finishedLength);
      const finishedWidth = mm(values.finishedWidth);
      const patternLength = finishedLength / lengthFactor;
      const patternWidth = finishedWidth / widthFactor;
      pattern = { finishedLength, finishedWidth, patternLength, patternWidth };
      Object.assign(results, {
        patternLength,
        lengthCompensation: 100 * (1 / lengthFactor - 1),
        patternWidth,
        widthCompensation: 100 * (1 / widthFactor - 1),
      });
      steps.push(
        step('Molde, comprimento', `L_molde = ${f(finishedLength)} / ${f(lengthFactor)}`, patternLength, 'mm', 1),
        step('Molde, largura', `W_molde = ${f(finishedWidth)} / ${f(widthFactor)}`, patternWidth, 'mm', 1),
      );
    }

    if (Math.abs(lengthChange) > VERY_HIGH_CHANGE || Math.abs(widthChange) > VERY_HIGH_CHANGE) {
      warnings.push('Alteração dimensional muito alta: confira as medidas e as unidades.');
    }
    if (Math.min(x0.length, x0.width) < SPECIMEN_MIN_MARKS) {
      warnings.push(
        `Marcas a menos de ${SPECIMEN_MIN_MARKS} mm umas das outras: a ISO 3759 pede pelo menos ${SPECIMEN_MIN_MARKS} mm; o resultado fica menos preciso.`,
      );
    }
    if (pairCount < 3)
      warnings.push(
        'Menos de três pares de marcas por direção: a média fica menos representativa (a ISO 3759 marca três pares em cada direção; confirme na norma).',
      );

    const drawing: ShrinkageDrawing = {
      originalLength: x0.length,
      originalWidth: x0.width,
      lengthChange,
      widthChange,
      areaChange,
      ...(pattern ? { pattern } : {}),
    };
    return { results: buildResults(outputs, results), steps, figures: () => fabricShrinkageFigures(drawing), warnings };
  },
});
