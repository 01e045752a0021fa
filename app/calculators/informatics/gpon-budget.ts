import { formatNumber as f } from '../format';
import { buildResults, invalid, step } from '../result';
import { defineCalculator, type InputField } from '../types';
import { STANDING_DISCLAIMER } from '../disclaimer';
import { gponBudgetFigures, type PowerElement } from './gpon-budget-figures';
import { G984_CLAUSES, GPON_CLASSES, UNCONFIRMED, type TransceiverLimits } from './gpon-classes';

const outputs = [
  { key: 'fibreLoss', label: 'Perda na fibra', unit: 'dB', digits: 2 },
  { key: 'splitterLoss', label: 'Perda nos divisores', unit: 'dB', digits: 2 },
  { key: 'connectorLoss', label: 'Perda nos conectores', unit: 'dB', digits: 2 },
  { key: 'spliceLoss', label: 'Perda nas emendas', unit: 'dB', digits: 2 },
  { key: 'totalLoss', label: 'Perda total do enlace', unit: 'dB', digits: 2 },
  { key: 'rxMin', label: 'Potência recebida no pior caso (transmissor no mínimo)', unit: 'dBm', digits: 2 },
  { key: 'margin', label: 'Margem sobre a sensibilidade do receptor', unit: 'dB', digits: 2 },
  { key: 'marginCheck', label: 'Margem ≥ margem exigida?', unit: '' },
  { key: 'rxMax', label: 'Potência recebida com o transmissor no máximo', unit: 'dBm', digits: 2 },
  { key: 'overloadCheck', label: 'Abaixo da sobrecarga do receptor?', unit: '' },
  { key: 'classCheck', label: 'Perda dentro da faixa de atenuação da classe?', unit: '' },
  { key: 'maxLength', label: 'Comprimento máximo de fibra para a margem exigida', unit: 'km', digits: 2 },
  { key: 'typicalRx', label: 'Potência recebida com a potência típica do módulo (informativo)', unit: 'dBm', digits: 2 },
  { key: 'typicalMargin', label: 'Margem com a potência típica do módulo (informativo)', unit: 'dB', digits: 2 },
] as const;

const BALANCED_RATIOS = ['2', '4', '8', '16', '32', '64', '128'] as const;
const SPLITTER_OPTIONS = [
  { value: 'none', label: 'Nenhum' },
  ...BALANCED_RATIOS.map((ratio) => ({ value: ratio, label: `Balanceado 1:${ratio}` })),
  { value: 'unbalanced', label: 'Desbalanceado (porta com fração f da potência)' },
] as const;

type SplitterKind = (typeof SPLITTER_OPTIONS)[number]['value'];

/** The three inputs of one splitter stage (kind, catalogue loss, unbalanced port fraction and excess). */
function splitterInputs<const N extends 1 | 2>(stage: N, kind: SplitterKind, loss: number) {
  return [
    { kind: 'select', name: `splitter${stage}`, label: `Divisor ${stage}`, options: SPLITTER_OPTIONS, default: kind },
    {
      kind: 'number',
      name: `splitter${stage}Loss`,
      label: `Perda máxima do divisor ${stage} (valor do catálogo)`,
      unit: 'dB',
      default: loss,
      min: 0,
      max: 25,
      when: { field: `splitter${stage}`, oneOf: BALANCED_RATIOS },
      help: 'Use a perda máxima da folha de dados; a perda ideal 10·log₁₀N aparece no passo a passo (1:8 = 9,03 dB).',
    },
    {
      kind: 'number',
      name: `splitter${stage}Fraction`,
      label: `Fração da potência na porta usada do divisor ${stage} f`,
      unit: '%',
      default: 10,
      min: 1,
      max: 99,
      when: { field: `splitter${stage}`, oneOf: ['unbalanced'] },
      help: 'Ex.: a porta de 10 % de um divisor 10/90.',
    },
    {
      kind: 'number',
      name: `splitter${stage}Excess`,
      label: `Perda em excesso do divisor ${stage} (valor do catálogo)`,
      unit: 'dB',
      default: 0.5,
      min: 0,
      max: 5,
      when: { field: `splitter${stage}`, oneOf: ['unbalanced'] },
    },
  ] as const satisfies readonly InputField[];
}

const transceiverField = (name: string, label: string, defaultValue: number, min: number, max: number, help?: string) =>
  ({
    kind: 'number',
    name,
    label,
    unit: 'dBm',
    default: defaultValue,
    min,
    max,
    when: { field: 'odnClass', oneOf: ['custom'] },
    ...(help ? { help } : {}),
  }) as const;

interface PathElement extends PowerElement {
  readonly label: string;
}

interface SplitterOutcome {
  readonly element: PathElement;
  readonly expression: string;
  readonly belowIdeal?: { readonly ideal: number; readonly ratio: string };
}

function splitterOutcome(stage: number, kind: SplitterKind, loss: number, fraction: number, excess: number): SplitterOutcome | undefined {
  if (kind === 'none') return undefined;
  if (kind === 'unbalanced') {
    const portLoss = -10 * Math.log10(fraction / 100) + excess;
    return {
      element: { label: `Divisor ${stage} (${f(fraction)} %)`, tick: `Div. ${stage}`, name: `porta ${f(fraction)} %`, loss: portLoss },
      expression: `−10·log₁₀(${f(fraction / 100)}) + ${f(excess)}`,
    };
  }
  const ideal = 10 * Math.log10(Number(kind));
  return {
    element: { label: `Divisor ${stage} 1:${kind}`, tick: `Div. ${stage}`, name: `1:${kind}`, loss },
    expression: `catálogo ${f(loss)} dB (ideal 10·log₁₀${kind} = ${f(ideal, 3)} dB)`,
    ...(loss < ideal ? { belowIdeal: { ideal, ratio: kind } } : {}),
  };
}

const verdict = (passes: boolean, text: string) => `${passes ? 'Sim' : 'Não'}: ${text}`;

export const gponBudget = defineCalculator({
  slug: 'orcamento-optico-gpon',
  version: '1.0.0',
  title: 'Orçamento de potência óptica (GPON/FTTH)',
  summary:
    'Calcula a perda de um enlace GPON/FTTH (fibra, divisores, conectores e emendas), a potência recebida no pior caso, a margem, a sobrecarga, a faixa da classe óptica e o comprimento máximo de fibra.',
  category: 'informatics',
  accessLevel: 'E-MASTER',
  inputs: [
    {
      kind: 'select',
      name: 'odnClass',
      label: 'Classe óptica',
      options: [
        { value: 'b-plus', label: 'GPON classe B+ (ITU-T G.984.2)' },
        { value: 'c-plus', label: 'GPON classe C+ (ITU-T G.984.2)' },
        { value: 'custom', label: 'Personalizada (valores do catálogo dos módulos)' },
      ],
      default: 'b-plus',
      help: 'As classes B+ e C+ preenchem potências e sensibilidades da norma; para outros módulos (XGS-PON, C++), escolha “Personalizada”.',
    },
    {
      kind: 'select',
      name: 'direction',
      label: 'Sentido',
      options: [
        { value: 'down', label: 'Descida, 1490 nm (OLT → ONU)' },
        { value: 'up', label: 'Subida, 1310 nm (ONU → OLT)' },
      ],
      default: 'down',
    },
    transceiverField('txMin', 'Potência mínima do transmissor', 1.5, -10, 10),
    transceiverField('txMax', 'Potência máxima do transmissor', 5, -10, 10),
    transceiverField('sensitivity', 'Sensibilidade do receptor', -27, -35, 0),
    transceiverField('overload', 'Sobrecarga do receptor', -8, -35, 0),
    {
      kind: 'number',
      name: 'odnMin',
      label: 'Atenuação mínima da classe',
      unit: 'dB',
      default: 13,
      min: 0,
      max: 40,
      when: { field: 'odnClass', oneOf: ['custom'] },
    },
    {
      kind: 'number',
      name: 'odnMax',
      label: 'Atenuação máxima da classe',
      unit: 'dB',
      default: 28,
      min: 0,
      max: 45,
      when: { field: 'odnClass', oneOf: ['custom'] },
    },
    {
      kind: 'number',
      name: 'fibreLength',
      label: 'Comprimento da fibra L',
      unitGroup: 'length',
      defaultUnit: 'km',
      units: ['km', 'm'],
      default: 10,
      min: 0,
      max: 60,
    },
    {
      kind: 'number',
      name: 'fibreAttenuation',
      label: 'Atenuação da fibra a (valor do catálogo do cabo)',
      unit: 'dB/km',
      default: 0.3,
      min: 0.15,
      max: 0.5,
      help: 'No comprimento de onda do sentido calculado (1310 nm costuma ter mais perda que 1490 nm).',
    },
    ...splitterInputs(1, '8', 10.5),
    ...splitterInputs(2, '8', 10.5),
    { kind: 'number', name: 'connectors', label: 'Número de conectores n_c', unit: '', default: 4, min: 0, max: 50, integer: true },
    {
      kind: 'number',
      name: 'connectorLoss',
      label: 'Perda por conector l_c (valor do catálogo)',
      unit: 'dB',
      default: 0.5,
      min: 0.1,
      max: 1,
    },
    { kind: 'number', name: 'splices', label: 'Número de emendas por fusão n_e', unit: '', default: 6, min: 0, max: 200, integer: true },
    { kind: 'number', name: 'spliceLoss', label: 'Perda por emenda l_e', unit: 'dB', default: 0.1, min: 0.01, max: 0.3 },
    {
      kind: 'number',
      name: 'requiredMargin',
      label: 'Margem exigida M',
      unit: 'dB',
      default: 3,
      min: 0,
      max: 10,
      help: 'Reserva para reparos, emendas futuras e envelhecimento; 3 dB é um valor usual de projeto (confirme o critério da sua operadora).',
    },
    {
      kind: 'select',
      name: 'typical',
      label: 'Potência típica do módulo',
      options: [
        { value: 'catalog', label: 'Informar (catálogo do módulo, só informativo)' },
        { value: 'none', label: 'Não informar' },
      ],
      default: 'catalog',
    },
    {
      kind: 'number',
      name: 'typicalTx',
      label: 'Potência típica do transmissor (valor do catálogo)',
      unit: 'dBm',
      default: 3,
      min: -10,
      max: 10,
      when: { field: 'typical', oneOf: ['catalog'] },
      help: 'Mostrada ao lado do pior caso; o veredito usa sempre a potência mínima.',
    },
    {
      kind: 'text',
      name: 'catalogueSource',
      label: 'Fonte dos valores de catálogo (cabo, divisores, conectores, módulo)',
      format: 'note',
      default: '',
      maxLength: 50,
      optional: true,
      placeholder: 'ex.: folhas de dados do fornecedor, 2026',
      help: 'Impressa no memorial.',
    },
  ],
  outputs,
  formula:
    'Perda = L·a + Σ divisores + n_c·l_c + n_e·l_e;  divisor ideal 1:N = 10·log₁₀N;  porta f = −10·log₁₀f + excesso;  P_rx = P_tx − perda;  margem = P_rx,mín − S ≥ M;  P_rx,máx ≤ sobrecarga;  L_máx = (P_tx,mín − S − M − perdas fora da fibra)/a',
  references: [
    'ITU-T G.984.2 (08/2019), Gigabit-capable passive optical networks (GPON): Physical media dependent (PMD) layer specification: §8.2.6.3 potência média lançada, §8.2.7.1 faixa de atenuação, §8.2.8.1 sensibilidade mínima, §8.2.8.2 sobrecarga mínima',
    'VeEX, manual do FX120, “PON ODN classes” (limites das classes B+ e C+ na descida, citando a G.984.2 de 08/2019)',
    'ITU-T G.652: características da fibra monomodo (atenuação por km)',
    'ITU-T G.9807.1: XGS-PON (outras classes, outros valores)',
    'Folhas de dados de cabos, divisores, conectores e módulos ópticos',
  ],
  standards: [{ code: 'ITU-T G.984.2', edition: '08/2019' }],
  disclaimer: `Use os valores de pior caso (potência mínima do transmissor, perdas máximas de catálogo) e confira os dois sentidos. Meça após a instalação (medidor de potência e OTDR em 1310/1490/1550 nm) e registre no memorial. Curvaturas, conectores sujos e emendas futuras de manutenção consomem margem. XGS-PON e outras classes (ITU-T G.9807.1) têm outros valores. ${STANDING_DISCLAIMER}`,
  compute(values) {
    const { odnClass, direction, fibreLength, fibreAttenuation, connectors, connectorLoss, splices, spliceLoss, requiredMargin } = values;
    const preset = odnClass === 'custom' ? undefined : GPON_CLASSES[odnClass];
    const limits: TransceiverLimits = preset
      ? preset[direction === 'down' ? 'downstream' : 'upstream']
      : { txMin: values.txMin, txMax: values.txMax, sensitivity: values.sensitivity, overload: values.overload, confirmed: true };
    const odn = preset
      ? { min: preset.odnMin, max: preset.odnMax, confirmed: preset.odnConfirmed }
      : { min: values.odnMin, max: values.odnMax, confirmed: true };
    if (!preset) {
      if (values.txMax < values.txMin) return invalid({ txMax: 'A potência máxima não pode ser menor que a mínima.' });
      if (values.overload <= values.sensitivity)
        return invalid({ overload: 'A sobrecarga deve ser maior (menos negativa) que a sensibilidade.' });
      if (values.odnMax <= values.odnMin) return invalid({ odnMax: 'A atenuação máxima deve ser maior que a mínima.' });
    }

    const lengthKm = fibreLength / 1000;
    const fibreLoss = lengthKm * fibreAttenuation;
    const splitters = [
      splitterOutcome(1, values.splitter1, values.splitter1Loss, values.splitter1Fraction, values.splitter1Excess),
      splitterOutcome(2, values.splitter2, values.splitter2Loss, values.splitter2Fraction, values.splitter2Excess),
    ].filter((outcome): outcome is SplitterOutcome => outcome !== undefined);
    const splitterLoss = splitters.reduce((sum, outcome) => sum + outcome.element.loss, 0);
    const connectorTotal = connectors * connectorLoss;
    const spliceTotal = splices * spliceLoss;
    const nonFibreLoss = splitterLoss + connectorTotal + spliceTotal;
    const totalLoss = fibreLoss + nonFibreLoss;

    const rxMin = limits.txMin - totalLoss;
    const margin = rxMin - limits.sensitivity;
    const rxMax = limits.txMax - totalLoss;
    const marginOk = margin >= requiredMargin;
    const overloadOk = rxMax <= limits.overload;
    const classOk = totalLoss >= odn.min && totalLoss <= odn.max;
    const maxLength = Math.max(0, (limits.txMin - limits.sensitivity - requiredMargin - nonFibreLoss) / fibreAttenuation);
    const typicalRx = values.typical === 'catalog' ? values.typicalTx - totalLoss : undefined;

    const classLabel = preset ? `classe ${preset.label}` : 'classe personalizada';
    const odnNote = odn.confirmed ? '' : ` ${UNCONFIRMED}`;
    const limitsNote = limits.confirmed ? '' : ` ${UNCONFIRMED}`;
    const dB = (value: number) => `${f(value)} dB`;
    const dBm = (value: number) => `${f(value)} dBm`;

    const warnings: string[] = [];
    if (!marginOk) warnings.push(`Margem insuficiente: ${dB(margin)} < ${dB(requiredMargin)} exigidos (${G984_CLAUSES.sensitivity}).`);
    if (!overloadOk)
      warnings.push(
        `Potência recebida de ${dBm(rxMax)} acima da sobrecarga de ${dBm(limits.overload)} (${G984_CLAUSES.overload}): use atenuador.`,
      );
    if (totalLoss < odn.min) warnings.push('Perda abaixo do mínimo da classe: risco de saturação do receptor; use atenuador.');
    if (totalLoss > odn.max) warnings.push(`Perda de ${dB(totalLoss)} acima do máximo da ${classLabel} (${dB(odn.max)}).`);
    for (const outcome of splitters) {
      if (outcome.belowIdeal) {
        warnings.push(
          `${outcome.element.label}: perda informada (${dB(outcome.element.loss)}) abaixo da perda ideal 10·log₁₀${outcome.belowIdeal.ratio} = ${f(outcome.belowIdeal.ideal, 3)} dB; confira o catálogo.`,
        );
      }
    }
    if (maxLength === 0) warnings.push('Divisores, conectores e emendas já consomem toda a margem: nenhum comprimento de fibra atende.');
    if (!limits.confirmed)
      warnings.push(
        `Valores de subida da classe C+ ${UNCONFIRMED}: confira na ITU-T G.984.2 ou use a classe personalizada com o catálogo dos módulos.`,
      );
    if (typicalRx !== undefined && (values.typicalTx < limits.txMin || values.typicalTx > limits.txMax)) {
      warnings.push(
        `A potência típica informada (${dBm(values.typicalTx)}) está fora da faixa do transmissor (${dBm(limits.txMin)} a ${dBm(limits.txMax)}).`,
      );
    }

    const steps = [
      step(
        'Potências da ' + classLabel,
        `P_tx ${dBm(limits.txMin)} a ${dBm(limits.txMax)}; S = ${dBm(limits.sensitivity)}; sobrecarga ${dBm(limits.overload)}${limitsNote}`,
        limits.txMin,
        'dBm',
        2,
      ),
      step('Perda na fibra', `${f(lengthKm)} km · ${f(fibreAttenuation)} dB/km`, fibreLoss, 'dB', 2),
      ...splitters.map((outcome) => step(outcome.element.label, outcome.expression, outcome.element.loss, 'dB', 2)),
      step('Perda nos conectores', `${connectors} · ${dB(connectorLoss)}`, connectorTotal, 'dB', 2),
      step('Perda nas emendas', `${splices} · ${dB(spliceLoss)}`, spliceTotal, 'dB', 2),
      step(
        'Perda total',
        [fibreLoss, ...splitters.map((outcome) => outcome.element.loss), connectorTotal, spliceTotal].map((loss) => f(loss)).join(' + '),
        totalLoss,
        'dB',
        2,
      ),
      step('Potência recebida no pior caso', `P_rx = ${f(limits.txMin)} − ${f(totalLoss)}`, rxMin, 'dBm', 2),
      step('Margem', `${f(rxMin)} − (${f(limits.sensitivity)})`, margin, 'dB', 2),
      step(`Margem ≥ exigida (${G984_CLAUSES.sensitivity})`, `${dB(margin)} ≥ ${dB(requiredMargin)}`, marginOk ? 'Sim' : 'Não', ''),
      step(
        `Sobrecarga (${G984_CLAUSES.overload})`,
        `P_rx,máx = ${f(limits.txMax)} − ${f(totalLoss)} = ${dBm(rxMax)} ≤ ${dBm(limits.overload)}`,
        overloadOk ? 'Sim' : 'Não',
        '',
      ),
      step(
        `Faixa da ${classLabel} (${G984_CLAUSES.attenuation})${odnNote}`,
        `${f(odn.min)} dB ≤ ${dB(totalLoss)} ≤ ${f(odn.max)} dB`,
        classOk ? 'Sim' : 'Não',
        '',
      ),
      step(
        'Comprimento máximo',
        `L_máx = (${f(limits.txMin)} + ${f(-limits.sensitivity)} − ${f(requiredMargin)} − ${f(nonFibreLoss)}) / ${f(fibreAttenuation)}`,
        maxLength,
        'km',
        2,
      ),
      ...(typicalRx === undefined
        ? []
        : [
            step(
              'Com a potência típica (informativo)',
              `${f(values.typicalTx)} − ${f(totalLoss)}; margem ${f(typicalRx - limits.sensitivity)} dB`,
              typicalRx,
              'dBm',
              2,
            ),
          ]),
    ];

    return {
      results: buildResults(outputs, {
        fibreLoss,
        splitterLoss,
        connectorLoss: connectorTotal,
        spliceLoss: spliceTotal,
        totalLoss,
        rxMin,
        margin,
        marginCheck: verdict(
          marginOk,
          `${dB(margin)} ${marginOk ? '≥' : '<'} ${dB(requiredMargin)} exigidos (${G984_CLAUSES.sensitivity})`,
        ),
        rxMax,
        overloadCheck: verdict(overloadOk, `${dBm(rxMax)} ${overloadOk ? '≤' : '>'} ${dBm(limits.overload)} (${G984_CLAUSES.overload})`),
        classCheck: verdict(classOk, `${f(odn.min)} a ${dB(odn.max)} na ${classLabel} (${G984_CLAUSES.attenuation})${odnNote}`),
        maxLength,
        typicalRx,
        typicalMargin: typicalRx === undefined ? undefined : typicalRx - limits.sensitivity,
      }),
      steps,
      figures: () =>
        gponBudgetFigures({
          direction,
          txMin: limits.txMin,
          txMax: limits.txMax,
          sensitivity: limits.sensitivity,
          overload: limits.overload,
          requiredMargin,
          fibre: { tick: 'Fibra', name: `Fibra ${f(lengthKm)} km`, loss: fibreLoss },
          discrete: [
            ...splitters.map((outcome) => outcome.element),
            ...(connectors > 0 ? [{ tick: 'Conectores', name: `${connectors} conectores`, loss: connectorTotal }] : []),
            ...(splices > 0 ? [{ tick: 'Emendas', name: `${splices} emendas`, loss: spliceTotal }] : []),
          ],
          totalLoss,
          margin,
          marginOk,
          overloadOk,
          sensitivityClause: G984_CLAUSES.sensitivity,
          overloadClause: G984_CLAUSES.overload,
        }),
      warnings,
    };
  },
});
