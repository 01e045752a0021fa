import { formatNumber as f } from '../format';
import { buildResults, invalid, step } from '../result';
import { defineCalculator } from '../types';
import { conductorSizingFigures, type CandidateRow, type Criterion, type Failure } from './conductor-sizing-figures';
import { CONDUCTORS, DROP_LIMITS } from './voltage-drop';
import { STANDING_DISCLAIMER } from '../disclaimer';
import { ampacityField, CANDIDATE_SECTIONS, CONDUCTOR_SIZING_INPUTS } from './conductor-sizing-inputs';

export { ampacityField, CANDIDATE_SECTIONS };

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
  inputs: CONDUCTOR_SIZING_INPUTS,
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
