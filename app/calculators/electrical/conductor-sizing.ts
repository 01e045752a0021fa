import { formatNumber as f } from '../format';
import { buildResults, invalid, step } from '../result';
import { defineCalculator, type NumberField } from '../types';
import { conductorSizingFigures, type CandidateRow, type Criterion, type Failure } from './conductor-sizing-figures';
import { CONDUCTOR_MATERIAL_FIELD, CONDUCTORS, DROP_LIMITS } from './voltage-drop';
import { STANDING_DISCLAIMER } from '../disclaimer';

const outputs = [
  { key: 'designCurrent', label: 'Corrente de projeto I_B', unit: 'A', digits: 2 },
  { key: 'correctionFactor', label: 'Fator de correção total FCT·FCA', unit: '', digits: 3 },
  { key: 'requiredAmpacityDesign', label: 'I₀ necessário para I_B (I_B / FCT·FCA)', unit: 'A', digits: 2 },
  { key: 'requiredAmpacity', label: 'I₀ mínimo a procurar na tabela (para I_n e I₂)', unit: 'A', digits: 2 },
  { key: 'conventionalCurrent', label: 'Corrente convencional de atuação I₂', unit: 'A', digits: 2 },
  { key: 'minSectionDrop', label: 'Seção mínima pela queda de tensão', unit: 'mm²', digits: 2 },
  { key: 'minSectionShortCircuit', label: 'Seção mínima pelo curto-circuito', unit: 'mm²', digits: 2 },
  { key: 'minSectionUse', label: 'Seção mínima pelo uso do circuito', unit: 'mm²', digits: 1 },
  { key: 'chosenSection', label: 'Menor seção que atende a todos os critérios', unit: 'mm²', digits: 1 },
  { key: 'ampacity', label: 'Capacidade de condução corrigida I_z da seção escolhida', unit: 'A', digits: 2 },
  { key: 'checkOverload', label: '(a) I_B ≤ I_n ≤ I_z', unit: '' },
  { key: 'checkConventional', label: '(b) I₂ ≤ 1,45·I_z', unit: '' },
  { key: 'voltageDrop', label: 'Queda de tensão ΔV na seção escolhida', unit: 'V', digits: 2 },
  { key: 'voltageDropPercent', label: 'Queda de tensão ΔV % na seção escolhida', unit: '%', digits: 2 },
  { key: 'checkDrop', label: 'Queda de tensão dentro do limite', unit: '' },
  { key: 'checkShortCircuit', label: 'Suporta o curto-circuito (I²t ≤ k²S²)', unit: '' },
  { key: 'governing', label: 'Critério determinante', unit: '' },
] as const;

/** Nominal cross-sections (IEC 60228 series) offered as candidates, mm². */
export const CANDIDATE_SECTIONS = [1.5, 2.5, 4, 6, 10, 16, 25, 35, 50, 70, 95, 120, 150, 185, 240, 300] as const;

/** Field name of the ampacity typed for one section: 1.5 → 'ampacity1p5'. */
export const ampacityField = (section: number) => `ampacity${String(section).replace('.', 'p')}`;

// The worked example of the research notes: 10 mm² read as 50 A and 16 mm² as 68 A by the user.
const EXAMPLE_AMPACITIES: Readonly<Record<number, number>> = { 10: 50, 16: 68 };

const ampacityFields = CANDIDATE_SECTIONS.map(
  (section, index): NumberField => ({
    kind: 'number',
    name: ampacityField(section),
    label: `I₀ de ${f(section)} mm² (valor da tabela 36 a 39 da NBR 5410 ou do catálogo)`,
    unit: 'A',
    default: EXAMPLE_AMPACITIES[section] ?? 0,
    min: 0,
    max: 2000,
    ...(index === 0
      ? {
          help: 'A plataforma não reproduz as tabelas da NBR 5410 (direitos da ABNT): digite a capacidade de referência I₀ de cada seção para o seu método de instalação e número de condutores carregados. Deixe 0 nas seções que não quer considerar.',
        }
      : {}),
  }),
);

/** Adiabatic k (A·√s/mm²), initial/final 70/160 °C (PVC) and 90/250 °C (EPR/XLPE); IEC 60364-4-43, table 43A. */
const SHORT_CIRCUIT_K = {
  cu: { pvc: 115, epr: 143 },
  al: { pvc: 76, epr: 94 },
} as const;

const INSULATION = {
  pvc: { label: 'PVC', temperature: 70 },
  epr: { label: 'EPR/XLPE', temperature: 90 },
} as const;

/** Minimum copper sections by use, mm² (NBR 5410:2004, 6.2.6.1, tabela 47). */
const COPPER_MIN_SECTION = { power: 2.5, lighting: 1.5, signal: 0.5 } as const;
const ALUMINIUM_MIN_SECTION = 16;

/** Conventional tripping current of a NBR NM 60898 circuit-breaker, as a multiple of I_n. */
const MCB_CONVENTIONAL_RATIO = 1.45;
const MCB_MAX_RATING = 125;

const yesNo = (ok: boolean, detail: string) => `${ok ? 'Sim' : 'Não'} — ${detail}`;

export const conductorSizing = defineCalculator({
  slug: 'dimensionamento-condutor',
  version: '1.0.0',
  title: 'Dimensionamento de condutores e proteção (NBR 5410)',
  summary:
    'Escolhe a menor seção de um circuito de baixa tensão que atende à capacidade de condução com os fatores de correção, à coordenação com a proteção, à queda de tensão, ao curto-circuito e à seção mínima, e mostra por que as menores falham.',
  category: 'electrical',
  accessLevel: 'E-MASTER',
  inputs: [
    {
      kind: 'select',
      name: 'system',
      label: 'Sistema',
      options: [
        { value: 'single', label: 'Monofásico F-N (k = 2)' },
        { value: 'two-phase', label: 'Bifásico F-F (k = 2)' },
        { value: 'three', label: 'Trifásico equilibrado (k = √3)' },
      ],
      default: 'three',
    },
    {
      kind: 'number',
      name: 'voltage',
      label: 'Tensão nominal V',
      unitGroup: 'voltage',
      defaultUnit: 'V',
      default: 380,
      min: 100,
      max: 1000,
      help: 'Fase-neutro no monofásico; entre fases no bifásico e no trifásico.',
    },
    {
      kind: 'select',
      name: 'loadMode',
      label: 'Carga informada por',
      options: [
        { value: 'current', label: 'Corrente de projeto I_B' },
        { value: 'power', label: 'Potência ativa P, fator de potência e rendimento' },
        { value: 'apparent', label: 'Potência aparente S' },
      ],
      default: 'current',
    },
    {
      kind: 'number',
      name: 'designCurrent',
      label: 'Corrente de projeto I_B',
      unitGroup: 'current',
      defaultUnit: 'A',
      units: ['A'],
      default: 40,
      min: 0,
      exclusiveMin: true,
      max: 5000,
      when: { field: 'loadMode', oneOf: ['current'] },
    },
    {
      kind: 'number',
      name: 'activePower',
      label: 'Potência ativa P',
      unitGroup: 'power',
      defaultUnit: 'kW',
      units: ['kW', 'W', 'cv', 'hp'],
      default: 20,
      min: 0,
      exclusiveMin: true,
      max: 3000,
      when: { field: 'loadMode', oneOf: ['power'] },
      help: 'Para motores, a potência no eixo (placa) com o rendimento η.',
    },
    {
      kind: 'number',
      name: 'efficiency',
      label: 'Rendimento η',
      unit: '%',
      default: 100,
      min: 10,
      max: 100,
      when: { field: 'loadMode', oneOf: ['power'] },
    },
    {
      kind: 'number',
      name: 'apparentPower',
      label: 'Potência aparente S',
      unitGroup: 'apparentPower',
      defaultUnit: 'kVA',
      units: ['kVA', 'VA'],
      default: 25,
      min: 0,
      exclusiveMin: true,
      max: 3000,
      when: { field: 'loadMode', oneOf: ['apparent'] },
    },
    {
      kind: 'number',
      name: 'powerFactor',
      label: 'Fator de potência cos φ',
      unit: '',
      default: 0.85,
      min: 0.1,
      max: 1,
      help: 'Usado na queda de tensão (e na corrente, quando a carga é dada pela potência ativa).',
    },
    {
      kind: 'number',
      name: 'length',
      label: 'Comprimento do circuito L (um sentido)',
      unitGroup: 'length',
      defaultUnit: 'm',
      units: ['m', 'km'],
      default: 50,
      min: 0,
      exclusiveMin: true,
      max: 5000,
    },
    CONDUCTOR_MATERIAL_FIELD,
    {
      kind: 'select',
      name: 'insulation',
      label: 'Isolação',
      options: [
        { value: 'pvc', label: 'PVC (70 °C em regime, 160 °C no curto)' },
        { value: 'epr', label: 'EPR ou XLPE (90 °C em regime, 250 °C no curto)' },
      ],
      default: 'pvc',
    },
    {
      kind: 'text',
      name: 'installationMethod',
      label: 'Método de instalação e nº de condutores carregados',
      format: 'note',
      default: 'B1, 3 condutores carregados',
      maxLength: 50,
      optional: true,
      help: 'Métodos de referência da tabela 33 da NBR 5410; impresso no memorial.',
    },
    ...ampacityFields,
    {
      kind: 'text',
      name: 'ampacitySource',
      label: 'Fonte dos valores de I₀',
      format: 'note',
      default: 'Exemplo: NBR 5410, tabela 36',
      maxLength: 50,
      optional: true,
      placeholder: 'ex.: NBR 5410, tabela 36, coluna B1/3',
      help: 'Tabela da norma ou catálogo de onde vieram os I₀; impresso no memorial.',
    },
    {
      kind: 'number',
      name: 'temperatureFactor',
      label: 'Fator de correção de temperatura FCT (valor da tabela 40 da NBR 5410)',
      unit: '',
      default: 0.94,
      min: 0.3,
      max: 1.25,
    },
    {
      kind: 'number',
      name: 'groupingFactor',
      label: 'Fator de correção de agrupamento FCA (valor da tabela 42 da NBR 5410)',
      unit: '',
      default: 0.8,
      min: 0.3,
      max: 1,
      help: 'Use 1 para um circuito isolado. Em linhas enterradas, inclua aqui também o fator de resistividade térmica do solo.',
    },
    {
      kind: 'text',
      name: 'factorSource',
      label: 'Fonte dos fatores de correção',
      format: 'note',
      default: 'Exemplo: NBR 5410, tabelas 40 e 42',
      maxLength: 50,
      optional: true,
    },
    {
      kind: 'select',
      name: 'circuit',
      label: 'Trecho e limite de queda de tensão',
      options: [
        { value: 'terminal', label: 'Circuito terminal (máx. 4 %)' },
        { value: 'lv-supply', label: 'Total desde o ponto de entrega em BT (máx. 5 %)' },
        { value: 'own-source', label: 'Total desde transformador MT/BT ou gerador (máx. 7 %)' },
      ],
      default: 'terminal',
    },
    {
      kind: 'select',
      name: 'device',
      label: 'Dispositivo de proteção',
      options: [
        { value: 'mcb', label: 'Disjuntor NBR NM 60898 (I₂ = 1,45·I_n)' },
        { value: 'mccb', label: 'Disjuntor NBR IEC 60947-2' },
        { value: 'fuse', label: 'Fusível gG' },
        { value: 'other', label: 'Outro dispositivo' },
      ],
      default: 'mcb',
    },
    {
      kind: 'number',
      name: 'conventionalRatio',
      label: 'Relação I₂/I_n do dispositivo (catálogo do fabricante)',
      unit: '',
      default: 1.3,
      min: 1,
      max: 2.5,
      when: { field: 'device', oneOf: ['mccb', 'fuse', 'other'] },
      help: 'Corrente convencional de atuação dividida pela nominal. Valores usuais: 1,30 em disjuntores NBR IEC 60947-2 e 1,6 em fusíveis gG de 16 A ou mais (confirme na norma do dispositivo).',
    },
    {
      kind: 'number',
      name: 'ratedCurrent',
      label: 'Corrente nominal do dispositivo I_n',
      unitGroup: 'current',
      defaultUnit: 'A',
      units: ['A'],
      default: 50,
      min: 0,
      exclusiveMin: true,
      max: 6300,
      help: 'Valores preferenciais de disjuntores: 6, 10, 13, 16, 20, 25, 32, 40, 50, 63, 80, 100 e 125 A.',
    },
    {
      kind: 'select',
      name: 'shortCircuitMode',
      label: 'Verificação de curto-circuito',
      options: [
        { value: 'current-time', label: 'Corrente de curto presumida I_k e tempo de atuação t' },
        { value: 'let-through', label: 'Integral de Joule I²t do dispositivo (fabricante)' },
        { value: 'none', label: 'Não verificar agora' },
      ],
      default: 'current-time',
    },
    {
      kind: 'number',
      name: 'shortCircuitCurrent',
      label: 'Corrente de curto-circuito presumida I_k',
      unitGroup: 'current',
      defaultUnit: 'kA',
      units: ['kA', 'A'],
      default: 5,
      min: 0,
      exclusiveMin: true,
      max: 200,
      when: { field: 'shortCircuitMode', oneOf: ['current-time'] },
    },
    {
      kind: 'number',
      name: 'clearingTime',
      label: 'Tempo de atuação da proteção t',
      unitGroup: 'time',
      defaultUnit: 's',
      units: ['s'],
      default: 0.1,
      min: 0,
      exclusiveMin: true,
      max: 5,
      when: { field: 'shortCircuitMode', oneOf: ['current-time'] },
      help: 'Até 5 s (aquecimento adiabático). Abaixo de 0,1 s, prefira a integral de Joule do dispositivo.',
    },
    {
      kind: 'number',
      name: 'letThrough',
      label: 'Integral de Joule I²t deixada passar pelo dispositivo',
      unit: 'A²s',
      default: 100_000,
      min: 0,
      exclusiveMin: true,
      max: 1e10,
      when: { field: 'shortCircuitMode', oneOf: ['let-through'] },
    },
    {
      kind: 'select',
      name: 'use',
      label: 'Uso do circuito',
      options: [
        { value: 'power', label: 'Força (tomadas, motores, equipamentos)' },
        { value: 'lighting', label: 'Iluminação' },
        { value: 'signal', label: 'Sinalização e controle' },
      ],
      default: 'power',
    },
  ],
  outputs,
  formula:
    'I_z = I₀·FCT·FCA;  (a) I_B ≤ I_n ≤ I_z;  (b) I₂ ≤ 1,45·I_z;  ΔV = k·ρ(θ)·L·I_B·cos φ / S;  S_cc = √(I²t) / k;  seção escolhida = menor seção da série que atende a todos',
  references: [
    'ABNT NBR 5410:2004 (versão corrigida 2008), 6.2.5 e tabelas 33 e 36 a 42 (capacidade de condução de corrente e fatores de correção; valores digitados pelo usuário)',
    'ABNT NBR 5410:2004, 5.3.4.1 (coordenação entre condutores e dispositivos de proteção contra sobrecarga; confirme na norma)',
    'ABNT NBR 5410:2004, 5.3.5.5 (proteção contra curtos-circuitos, I²t ≤ k²S² até 5 s; confirme na norma)',
    'ABNT NBR 5410:2004, 6.2.6.1 e tabela 47 (seções mínimas; confirme na norma) e 6.2.7 (queda de tensão)',
    'IEC 60364-4-43 (tabela 43A: fatores k = 115, 143, 76 e 94) e IEC 60228 (seções nominais)',
    'Moreno, H., Fios e cabos elétricos (manual Cobrecom); Cotrim, Instalações Elétricas',
  ],
  standards: [
    { code: 'ABNT NBR 5410', edition: '2004 (versão corrigida 2008)' },
    { code: 'ABNT NBR NM 60898', edition: '2004' },
    { code: 'IEC 60364-4-43', edition: '2008' },
    { code: 'IEC 60228', edition: '2004' },
  ],
  disclaimer:
    'A plataforma não reproduz as tabelas da NBR 5410: I₀, FCT e FCA são os valores que você digitou (tabelas da norma ou catálogo do fabricante), e as fontes informadas vão para o memorial. Queda de tensão pela aproximação resistiva, como na calculadora de queda de tensão. Não verificados aqui: proteção contra contatos indiretos (impedância do laço, DR), seletividade, condutores em paralelo, seção do neutro e do PE, neutro carregado por 3ª harmônica acima de 15 % (NBR 5410 6.2.6.2) e a queda de tensão na partida de motores (use Corrente de motor trifásico e partida). ' +
    STANDING_DISCLAIMER,
  compute(values) {
    const {
      system,
      voltage,
      loadMode,
      powerFactor,
      length,
      material,
      insulation,
      temperatureFactor,
      groupingFactor,
      circuit,
      device,
      ratedCurrent,
      shortCircuitMode,
      use,
    } = values;
    const three = system === 'three';
    const k = three ? Math.sqrt(3) : 2;
    const kText = three ? '√3' : '2';
    const phaseVoltage = three ? Math.sqrt(3) * voltage : voltage;
    const phaseVoltageText = three ? `√3 · ${f(voltage)}` : f(voltage);

    const designCurrent =
      loadMode === 'power'
        ? values.activePower / (phaseVoltage * powerFactor * (values.efficiency / 100))
        : loadMode === 'apparent'
          ? values.apparentPower / phaseVoltage
          : values.designCurrent;
    if (ratedCurrent < designCurrent) {
      return invalid({
        ratedCurrent: `I_n = ${f(ratedCurrent)} A é menor que a corrente de projeto I_B = ${f(designCurrent)} A: escolha um dispositivo com I_n ≥ I_B (condição a da coordenação).`,
      });
    }

    const factor = temperatureFactor * groupingFactor;
    const ratio = device === 'mcb' ? MCB_CONVENTIONAL_RATIO : values.conventionalRatio;
    const conventionalCurrent = ratio * ratedCurrent;
    // Smallest I_z meeting (a) I_n ≤ I_z and (b) I₂ ≤ 1,45·I_z.
    const requiredIz = Math.max(ratedCurrent, conventionalCurrent / 1.45);
    const requiredAmpacityDesign = designCurrent / factor;
    const requiredAmpacity = requiredIz / factor;

    const conductor = CONDUCTORS[material];
    const theta = INSULATION[insulation].temperature;
    const resistivity = conductor.resistivity20 * (1 + conductor.alpha * (theta - 20));
    const dropNumerator = k * resistivity * length * designCurrent * powerFactor; // V·mm²
    const limit = DROP_LIMITS[circuit];
    const minSectionDrop = dropNumerator / ((limit.percent / 100) * voltage);

    const kShort = SHORT_CIRCUIT_K[material][insulation];
    const jouleIntegral =
      shortCircuitMode === 'current-time'
        ? values.shortCircuitCurrent ** 2 * values.clearingTime
        : shortCircuitMode === 'let-through'
          ? values.letThrough
          : undefined;
    const minSectionShortCircuit = jouleIntegral === undefined ? undefined : Math.sqrt(jouleIntegral) / kShort;
    const minSectionUse = material === 'al' ? ALUMINIUM_MIN_SECTION : COPPER_MIN_SECTION[use];

    const ampacities = CANDIDATE_SECTIONS.map((section) => Number(values[ampacityField(section) as keyof typeof values]));
    const rows: CandidateRow[] = CANDIDATE_SECTIONS.map((section, index) => {
      const ampacity = ampacities[index] ?? 0;
      const correctedAmpacity = ampacity * factor;
      const dropPercent = (100 * dropNumerator) / section / voltage;
      const failures: Failure[] = [];
      if (ampacity <= 0) failures.push('missing');
      else if (correctedAmpacity < ratedCurrent || conventionalCurrent > 1.45 * correctedAmpacity) failures.push('ampacity');
      if (dropPercent > limit.percent) failures.push('drop');
      if (minSectionShortCircuit !== undefined && section < minSectionShortCircuit) failures.push('shortCircuit');
      if (section < minSectionUse) failures.push('minimum');
      return { section, ampacity, correctedAmpacity, dropPercent, failures };
    });
    const chosen = rows.find((row) => row.failures.length === 0);

    const warnings: string[] = [
      'Confira se I₀ e os fatores de correção são do mesmo método de instalação e do mesmo número de condutores carregados.',
    ];
    if (!chosen) {
      warnings.push(
        `Nenhuma seção com I₀ informado atende a todos os critérios. Procure na tabela a menor seção com I₀ ≥ ${f(requiredAmpacity)} A e seção ≥ ${f(Math.max(minSectionDrop, minSectionShortCircuit ?? 0, minSectionUse))} mm², e informe o I₀ dela.`,
      );
    }
    const decreasing = ampacities.some(
      (ampacity, index) => ampacity > 0 && ampacities.slice(index + 1).some((larger) => larger > 0 && larger < ampacity),
    );
    if (decreasing) warnings.push('Os valores de I₀ informados não crescem com a seção: confira a digitação.');
    if (material === 'al') {
      warnings.push(
        `Condutores de alumínio têm restrições de uso na NBR 5410 (6.2.3.8; confirme na norma): adotada a seção mínima de ${ALUMINIUM_MIN_SECTION} mm².`,
      );
    }
    if (device === 'mcb' && ratedCurrent > MCB_MAX_RATING) {
      warnings.push(
        `Disjuntores NBR NM 60898 vão até ${MCB_MAX_RATING} A: para I_n = ${f(ratedCurrent)} A use um disjuntor NBR IEC 60947-2 e informe a relação I₂/I_n.`,
      );
    }
    if (shortCircuitMode === 'current-time' && values.clearingTime < 0.1) {
      warnings.push(
        'Com t < 0,1 s ou dispositivos limitadores de corrente, use a integral de Joule (I²t) informada pelo fabricante do dispositivo.',
      );
    }
    if (shortCircuitMode === 'none')
      warnings.push('Curto-circuito não verificado: a seção escolhida ainda precisa atender a I²t ≤ k²·S² (NBR 5410 5.3.5.5).');

    const criteria: Criterion[] = [
      {
        name: 'capacidade de condução',
        label: 'Ampacidade',
        checked: true,
        section: rows.find((row) => !row.failures.includes('missing') && !row.failures.includes('ampacity'))?.section,
      },
      {
        name: 'queda de tensão',
        label: 'Queda de tensão',
        checked: true,
        section: rows.find((row) => !row.failures.includes('drop'))?.section,
      },
      {
        name: 'curto-circuito',
        label: 'Curto-circuito',
        checked: minSectionShortCircuit !== undefined,
        section: minSectionShortCircuit === undefined ? undefined : rows.find((row) => !row.failures.includes('shortCircuit'))?.section,
      },
      {
        name: 'seção mínima',
        label: 'Seção mínima',
        checked: true,
        section: rows.find((row) => !row.failures.includes('minimum'))?.section,
      },
    ];
    const governing = chosen ? criteria.filter((criterion) => criterion.section === chosen.section).map((criterion) => criterion.name) : [];

    const iz = chosen?.correctedAmpacity;
    const drop = chosen ? dropNumerator / chosen.section : undefined;
    const shortOk = chosen && minSectionShortCircuit !== undefined ? chosen.section >= minSectionShortCircuit : undefined;
    const overloadText =
      iz === undefined
        ? undefined
        : yesNo(
            designCurrent <= ratedCurrent && ratedCurrent <= iz,
            `${f(designCurrent)} ≤ ${f(ratedCurrent)} ≤ ${f(iz)} A (NBR 5410 5.3.4.1 a)`,
          );
    const conventionalText =
      iz === undefined
        ? undefined
        : yesNo(conventionalCurrent <= 1.45 * iz, `${f(conventionalCurrent)} ≤ 1,45 · ${f(iz)} = ${f(1.45 * iz)} A (NBR 5410 5.3.4.1 b)`);

    const steps = [
      ...(loadMode === 'power'
        ? [
            step(
              'Corrente de projeto',
              `I_B = ${f(values.activePower)} / (${phaseVoltageText} · ${f(powerFactor)} · ${f(values.efficiency / 100)})`,
              designCurrent,
              'A',
              2,
            ),
          ]
        : loadMode === 'apparent'
          ? [step('Corrente de projeto', `I_B = ${f(values.apparentPower)} / (${phaseVoltageText})`, designCurrent, 'A', 2)]
          : []),
      step('Fator de correção total', `FCT·FCA = ${f(temperatureFactor)} · ${f(groupingFactor)}`, factor, '', 3),
      step('I₀ necessário para I_B', `I₀ ≥ ${f(designCurrent)} / ${f(factor)}`, requiredAmpacityDesign, 'A', 2),
      step('Corrente convencional de atuação', `I₂ = ${f(ratio)} · ${f(ratedCurrent)}`, conventionalCurrent, 'A', 2),
      step(
        'I₀ mínimo para I_n e I₂',
        `I₀ ≥ max(${f(ratedCurrent)}; ${f(conventionalCurrent)} / 1,45) / ${f(factor)}`,
        requiredAmpacity,
        'A',
        2,
      ),
      step(
        `Resistividade do ${conductor.label} a ${theta} °C`,
        `ρ = ${f(conductor.resistivity20, 5)} · [1 + ${f(conductor.alpha)} · (${theta} − 20)]`,
        resistivity,
        'Ω·mm²/m',
        5,
      ),
      step(
        'Seção mínima pela queda de tensão',
        `S ≥ ${kText} · ${f(resistivity, 5)} · ${f(length)} · ${f(designCurrent)} · ${f(powerFactor)} / (${limit.percent} % · ${f(voltage)})`,
        minSectionDrop,
        'mm²',
        2,
      ),
      ...(minSectionShortCircuit === undefined
        ? []
        : [
            step(
              'Seção mínima pelo curto-circuito',
              shortCircuitMode === 'current-time'
                ? `S ≥ I_k · √t / k = ${f(values.shortCircuitCurrent)} · √${f(values.clearingTime)} / ${kShort}`
                : `S ≥ √(I²t) / k = √${f(values.letThrough)} / ${kShort}`,
              minSectionShortCircuit,
              'mm²',
              2,
            ),
          ]),
      ...(chosen && iz !== undefined && drop !== undefined
        ? [
            step(`Capacidade corrigida de ${f(chosen.section)} mm²`, `I_z = ${f(chosen.ampacity)} · ${f(factor)}`, iz, 'A', 2),
            step(
              `Queda de tensão em ${f(chosen.section)} mm²`,
              `ΔV = ${kText} · ${f(resistivity, 5)} · ${f(length)} · ${f(designCurrent)} · ${f(powerFactor)} / ${f(chosen.section)}`,
              drop,
              'V',
              2,
            ),
            step('Queda percentual', `ΔV % = 100 · ${f(drop)} / ${f(voltage)}`, chosen.dropPercent, '%', 2),
          ]
        : []),
    ];

    return {
      results: buildResults(outputs, {
        designCurrent,
        correctionFactor: factor,
        requiredAmpacityDesign,
        requiredAmpacity,
        conventionalCurrent,
        minSectionDrop,
        minSectionShortCircuit,
        minSectionUse,
        chosenSection: chosen ? chosen.section : 'nenhuma das seções informadas',
        ampacity: iz,
        checkOverload: overloadText,
        checkConventional: conventionalText,
        voltageDrop: drop,
        voltageDropPercent: chosen?.dropPercent,
        checkDrop: chosen
          ? yesNo(chosen.dropPercent <= limit.percent, `${f(chosen.dropPercent)} % ≤ ${limit.percent} % (${limit.clause})`)
          : undefined,
        checkShortCircuit:
          shortOk === undefined || minSectionShortCircuit === undefined || !chosen
            ? undefined
            : yesNo(shortOk, `${f(chosen.section)} mm² ≥ ${f(minSectionShortCircuit)} mm² (NBR 5410 5.3.5.5)`),
        governing: governing.length ? governing.join(' e ') : undefined,
      }),
      steps,
      warnings,
      figures: () => conductorSizingFigures({ rows, chosen, designCurrent, ratedCurrent, conventionalCurrent, criteria }),
    };
  },
});
