import { formatNumber as f } from '../format';
import { buildResults, invalid, step } from '../result';
import { defineCalculator, type CalculationStep, type OutputSpec } from '../types';
import { dyeingRecipeFigures, type RecipeLine } from './dyeing-recipe-figures';
import { STANDING_DISCLAIMER } from '../disclaimer';

const DYE_SLOTS = [1, 2, 3] as const;
const AUXILIARY_SLOTS = [1, 2, 3, 4, 5] as const;
const COSTS_ON = { field: 'costs', oneOf: ['yes'] } as const;

const DYE_EXAMPLE = {
  1: { name: 'Amarelo reativo', percent: 0.8 },
  2: { name: 'Vermelho reativo', percent: 1.2 },
  3: { name: 'Azul reativo', percent: 0.5 },
} as const;
const AUXILIARY_EXAMPLE = {
  1: { name: 'Sal (NaCl)', amount: 60 },
  2: { name: 'Barrilha (Na₂CO₃)', amount: 20 },
  3: { name: 'Sequestrante', amount: 1 },
  4: { name: '', amount: 0 },
  5: { name: '', amount: 0 },
} as const;

const itemName = <N extends string>(name: N, label: string, example: string) =>
  ({ kind: 'text', name, label, format: 'note', default: example, maxLength: 40, optional: true }) as const;

const stockField = <N extends string>(name: N, label: string, example: number) =>
  ({
    kind: 'number',
    name,
    label,
    unit: 'g/L',
    default: example,
    min: 0,
    max: 1000,
    help: '0 = pesado direto, sem solução-estoque. Solução de 1 % (m/v) = 10 g/L.',
  }) as const;

const priceField = <N extends string>(name: N, label: string) =>
  ({ kind: 'number', name, label, unit: 'R$/kg', default: 0, min: 0, max: 100_000, when: COSTS_ON }) as const;

const dyeFields = <S extends 1 | 2 | 3>(slot: S) =>
  [
    itemName(`dyeName${slot}`, `Corante ${slot}: nome`, DYE_EXAMPLE[slot].name),
    {
      kind: 'number',
      name: `dye${slot}`,
      label: `Corante ${slot}: % sobre o peso do material (s.p.m.)`,
      unit: '%',
      default: DYE_EXAMPLE[slot].percent,
      min: 0,
      max: 10,
      help: '0 = sem este corante.',
    },
    stockField(`dyeStock${slot}`, `Corante ${slot}: concentração da solução-estoque`, 50),
    priceField(`dyePrice${slot}`, `Corante ${slot}: preço`),
  ] as const;

const auxiliaryFields = <S extends 1 | 2 | 3 | 4 | 5>(slot: S) =>
  [
    itemName(`auxName${slot}`, `Auxiliar ${slot}: nome`, AUXILIARY_EXAMPLE[slot].name),
    {
      kind: 'number',
      name: `aux${slot}`,
      label: `Auxiliar ${slot}: quantidade`,
      unit: '',
      default: AUXILIARY_EXAMPLE[slot].amount,
      min: 0,
      max: 200,
      help: 'Na base escolhida abaixo (g/L do banho ou % s.p.m.); 0 = sem este auxiliar.',
    },
    {
      kind: 'select',
      name: `auxBasis${slot}`,
      label: `Auxiliar ${slot}: base da quantidade`,
      options: [
        { value: 'gL', label: 'g/L do banho' },
        { value: 'owf', label: '% sobre o peso do material (s.p.m.)' },
      ],
      default: 'gL',
    },
    stockField(`auxStock${slot}`, `Auxiliar ${slot}: concentração da solução-estoque`, 0),
    priceField(`auxPrice${slot}`, `Auxiliar ${slot}: preço`),
  ] as const;

const dyeOutputs = DYE_SLOTS.flatMap((slot): OutputSpec[] => [
  { key: `dyeMass${slot}`, label: `Corante ${slot}: massa`, unit: 'g' },
  { key: `dyeBath${slot}`, label: `Corante ${slot}: concentração no banho`, unit: 'g/L' },
  { key: `dyeStockVolume${slot}`, label: `Corante ${slot}: volume da solução-estoque`, unit: 'L' },
]);
const auxiliaryOutputs = AUXILIARY_SLOTS.flatMap((slot): OutputSpec[] => [
  { key: `auxMass${slot}`, label: `Auxiliar ${slot}: massa`, unit: 'kg' },
  { key: `auxBath${slot}`, label: `Auxiliar ${slot}: concentração no banho`, unit: 'g/L' },
  { key: `auxOwf${slot}`, label: `Auxiliar ${slot}: equivalente s.p.m.`, unit: '%' },
  { key: `auxStockVolume${slot}`, label: `Auxiliar ${slot}: volume da solução-estoque`, unit: 'L' },
]);
const outputs: readonly OutputSpec[] = [
  { key: 'bathVolume', label: 'Volume do banho V', unit: 'L' },
  ...dyeOutputs,
  { key: 'dyeTotal', label: 'Total de corantes', unit: 'g' },
  { key: 'dyeTotalOwf', label: 'Total de corantes s.p.m.', unit: '%' },
  ...auxiliaryOutputs,
  { key: 'auxiliaryTotal', label: 'Total de auxiliares', unit: 'kg' },
  { key: 'waterInGoods', label: 'Água trazida pelo material', unit: 'L' },
  { key: 'stockTotal', label: 'Volume das soluções-estoque', unit: 'L' },
  { key: 'waterToAdd', label: 'Água a adicionar', unit: 'L' },
  { key: 'totalCost', label: 'Custo da receita', unit: 'R$', digits: 2 },
  { key: 'costPerKg', label: 'Custo por kg de material', unit: 'R$/kg', digits: 2 },
];

/** Decimal places that show about four significant figures (a lab batch weighs milligrams, a jet hundreds of kilograms). */
export function fourFigures(value: number): number {
  if (value === 0 || !Number.isFinite(value)) return 0;
  return Math.min(6, Math.max(0, 3 - Math.floor(Math.log10(Math.abs(value)))));
}

export const TOO_MUCH_LIQUID =
  'Volume de soluções e água do material excede o banho: aumente a relação de banho ou concentre as soluções-estoque.';

export const dyeingRecipe = defineCalculator({
  slug: 'receita-tingimento',
  version: '1.0.0',
  title: 'Receita de tingimento (relação de banho e % s.p.m.)',
  summary:
    'Transforma uma receita de tingimento (corantes em % sobre o peso do material, auxiliares em g/L ou % s.p.m.) e uma partida (massa e relação de banho) em ficha de pesagem: volume do banho, massas, soluções-estoque, água a adicionar e custo.',
  category: 'textile',
  accessLevel: 'E-TOOL',
  inputs: [
    {
      kind: 'number',
      name: 'batchMass',
      label: 'Massa do material (seco)',
      unitGroup: 'mass',
      defaultUnit: 'kg',
      units: ['kg', 'g'],
      default: 50,
      min: 0.001,
      max: 5000,
      help: 'Pese o material seco (ou corrija pela umidade/regain).',
    },
    {
      kind: 'number',
      name: 'liquorRatio',
      label: 'Relação de banho 1:R',
      unit: 'L/kg',
      default: 8,
      min: 2,
      max: 50,
      help: 'Litros de banho total (incluindo a água trazida pelo material) por kg de material seco.',
    },
    {
      kind: 'number',
      name: 'pickUp',
      label: 'Água trazida pelo material (% sobre a massa seca)',
      unit: '%',
      default: 100,
      min: 0,
      max: 300,
      help: '0 para material seco; material que entra úmido após a preparação traz de 60 % a 120 % conforme a espremedura.',
    },
    ...dyeFields(1),
    ...dyeFields(2),
    ...dyeFields(3),
    ...auxiliaryFields(1),
    ...auxiliaryFields(2),
    ...auxiliaryFields(3),
    ...auxiliaryFields(4),
    ...auxiliaryFields(5),
    {
      kind: 'number',
      name: 'otherVolume',
      label: 'Outros volumes pré-dissolvidos',
      unitGroup: 'volume',
      defaultUnit: 'L',
      units: ['L', 'mL'],
      default: 0,
      min: 0,
      max: 100_000,
      help: 'Água de produtos dissolvidos à parte que não estão na lista acima.',
    },
    {
      kind: 'select',
      name: 'costs',
      label: 'Calcular o custo da receita',
      options: [
        { value: 'no', label: 'Não' },
        { value: 'yes', label: 'Sim (informar os preços em R$/kg)' },
      ],
      default: 'no',
    },
  ],
  outputs,
  formula:
    'V = m·R;  corante m_i = m·p_i/100, c_i = 10·p_i/R (g/L);  auxiliar m_j = c_j·V/1000 (c em g/L; p = c·R/10);  V_e = 1000·m_i/c_e;  V_água = V − m·u/100 − ΣV_e − V_outros',
  references: [
    'Broadbent, A. D. Basic Principles of Textile Coloration. Society of Dyers and Colourists, 2001 (relação de banho, % s.p.m.; confirme a página na obra)',
    'Salem, V. Tingimento têxtil: fibras, conceitos e tecnologias. Blucher (confirme a edição na obra)',
    'Conversão em uso na tinturaria: concentração (g/L) = % s.p.m. × 10 / R e % s.p.m. = (g/L) × R / 10 (definições de relação de banho e de % sobre o peso do material)',
    'Resolução CONAMA nº 430/2011, art. 16, I, a e b (lançamento de efluentes: pH entre 5 e 9; temperatura inferior a 40 °C)',
  ],
  standards: [{ code: 'Resolução CONAMA 430', edition: '2011' }],
  disclaimer:
    'Quantidades de sal e álcali dependem da classe do corante, da intensidade da cor e da máquina: siga a tabela do fornecedor. Use a mesma definição de relação de banho do laboratório (banho total, incluindo a água do material); ao escalar do laboratório para a produção, a relação de banho muda. Pese o material seco (ou corrija pela umidade/regain). Manuseie álcalis e hidrossulfito com EPI; o efluente deve atender à Resolução CONAMA 430/2011, art. 16 (pH entre 5 e 9 e temperatura inferior a 40 °C no lançamento; veja a calculadora de pH). Massa específica das soluções tomada como 1 kg/L. ' +
    STANDING_DISCLAIMER,
  compute(values) {
    const read = values as unknown as Readonly<Record<string, number | string>>;
    const num = (key: string) => Number(read[key] ?? 0);
    const text = (key: string) => String(read[key] ?? '');
    const { batchMass: mass, liquorRatio: ratio, pickUp, costs } = values;
    const bathVolume = mass * ratio;
    const otherVolume = values.otherVolume * 1000; // m³ → L
    const withCosts = costs === 'yes';

    const results: Record<string, number> = { bathVolume };
    const steps: CalculationStep[] = [
      step('Volume do banho', `V = ${f(mass)} kg · ${f(ratio)} L/kg`, bathVolume, 'L', fourFigures(bathVolume)),
    ];
    const lines: RecipeLine[] = [];
    let totalCost = 0;
    let dyeTotal = 0;
    let auxiliaryTotal = 0;

    const stockVolumeOf = (itemMass: number, stock: number) => (stock > 0 ? (1000 * itemMass) / stock : undefined);

    for (const slot of DYE_SLOTS) {
      const percent = num(`dye${slot}`);
      if (percent <= 0) continue;
      const name = text(`dyeName${slot}`) || `Corante ${slot}`;
      const dyeMass = (mass * percent) / 100;
      const stockVolume = stockVolumeOf(dyeMass, num(`dyeStock${slot}`));
      dyeTotal += dyeMass;
      results[`dyeMass${slot}`] = dyeMass * 1000;
      results[`dyeBath${slot}`] = (10 * percent) / ratio;
      if (stockVolume !== undefined) results[`dyeStockVolume${slot}`] = stockVolume;
      if (withCosts) totalCost += dyeMass * num(`dyePrice${slot}`);
      lines.push({ kind: 'dye', name, mass: dyeMass, ...(stockVolume === undefined ? {} : { stockVolume }) });
      steps.push(step(name, `${f(mass)} kg · ${f(percent)} % / 100`, dyeMass * 1000, 'g', fourFigures(dyeMass * 1000)));
      if (stockVolume !== undefined) {
        steps.push(
          step(
            `${name}: solução-estoque`,
            `V_e = 1000 · ${f(dyeMass)} kg / ${f(num(`dyeStock${slot}`))} g/L`,
            stockVolume,
            'L',
            fourFigures(stockVolume),
          ),
        );
      }
    }

    for (const slot of AUXILIARY_SLOTS) {
      const amount = num(`aux${slot}`);
      if (amount <= 0) continue;
      const name = text(`auxName${slot}`) || `Auxiliar ${slot}`;
      const inGramsPerLitre = text(`auxBasis${slot}`) !== 'owf';
      const bath = inGramsPerLitre ? amount : (10 * amount) / ratio;
      const owf = inGramsPerLitre ? (amount * ratio) / 10 : amount;
      const auxMass = (bath * bathVolume) / 1000;
      const stockVolume = stockVolumeOf(auxMass, num(`auxStock${slot}`));
      auxiliaryTotal += auxMass;
      Object.assign(results, { [`auxMass${slot}`]: auxMass, [`auxBath${slot}`]: bath, [`auxOwf${slot}`]: owf });
      if (stockVolume !== undefined) results[`auxStockVolume${slot}`] = stockVolume;
      if (withCosts) totalCost += auxMass * num(`auxPrice${slot}`);
      lines.push({ kind: 'auxiliary', name, mass: auxMass, ...(stockVolume === undefined ? {} : { stockVolume }) });
      const expression = inGramsPerLitre
        ? `${f(amount)} g/L · ${f(bathVolume)} L / 1000`
        : `${f(mass)} kg · ${f(amount)} % / 100 (= ${f(bath)} g/L)`;
      steps.push(step(name, expression, auxMass, 'kg', fourFigures(auxMass)));
      if (stockVolume !== undefined) {
        steps.push(
          step(
            `${name}: solução-estoque`,
            `V_e = 1000 · ${f(auxMass)} kg / ${f(num(`auxStock${slot}`))} g/L`,
            stockVolume,
            'L',
            fourFigures(stockVolume),
          ),
        );
      }
    }

    const waterInGoods = (mass * pickUp) / 100;
    const stockTotal = lines.reduce((sum, line) => sum + (line.stockVolume ?? 0), 0);
    const waterToAdd = bathVolume - waterInGoods - stockTotal - otherVolume;
    // A difference within rounding of the inputs is zero water, not an error.
    if (waterToAdd < -1e-9 * bathVolume) return invalid({ liquorRatio: TOO_MUCH_LIQUID });
    const water = Math.max(0, waterToAdd);

    Object.assign(results, {
      dyeTotal: dyeTotal * 1000,
      dyeTotalOwf: (100 * dyeTotal) / mass,
      auxiliaryTotal,
      waterInGoods,
      stockTotal,
      waterToAdd: water,
    });
    if (withCosts) Object.assign(results, { totalCost, costPerKg: totalCost / mass });
    steps.push(
      step('Água trazida pelo material', `${f(mass)} kg · ${f(pickUp)} % / 100 (1 kg/L)`, waterInGoods, 'L', fourFigures(waterInGoods)),
      step(
        'Água a adicionar',
        `V_água = ${f(bathVolume)} − ${f(waterInGoods)} − ${f(stockTotal)}${otherVolume > 0 ? ` − ${f(otherVolume)}` : ''}`,
        water,
        'L',
        fourFigures(water),
      ),
    );
    if (withCosts) steps.push(step('Custo da receita', 'Σ massa (kg) · preço (R$/kg)', totalCost, 'R$', 2));

    const warnings: string[] = [];
    if (dyeTotal === 0) warnings.push('Nenhum corante informado: a ficha lista apenas os auxiliares.');
    const digits = Object.fromEntries(Object.entries(results).map(([key, value]) => [key, fourFigures(value)]));
    return {
      results: buildResults(outputs, results, { ...digits, totalCost: 2, costPerKg: 2 }),
      steps,
      figures: () => dyeingRecipeFigures({ bathVolume, waterInGoods, otherVolume, waterToAdd: water, lines }),
      warnings,
    };
  },
});
