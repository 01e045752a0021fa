import { ptBrNumber } from '../../utils/format';
import { formatNumber as f } from '../format';
import { buildResults, step } from '../result';
import { defineCalculator, type CalculationStep } from '../types';
import { acidBasePhFigures } from './acid-base-ph-figures';
import { STANDING_DISCLAIMER } from '../disclaimer';

const outputs = [
  { key: 'hydrogen', label: 'Concentração de H⁺ [H⁺]', unit: 'mol/L' },
  { key: 'hydroxide', label: 'Concentração de OH⁻ [OH⁻]', unit: 'mol/L' },
  { key: 'ph', label: 'pH', unit: '', digits: 3 },
  { key: 'poh', label: 'pOH', unit: '', digits: 3 },
  { key: 'dissociation', label: 'Grau de dissociação α', unit: '%', digits: 2 },
  { key: 'phQuadratic', label: 'pH pela fórmula quadrática (sem K_w)', unit: '', digits: 3 },
  { key: 'phSimple', label: 'pH pela aproximação √(K·C)', unit: '', digits: 3 },
  { key: 'simpleRule', label: 'Aproximação √(K·C) aceitável (α < 5 %)?', unit: '' },
  { key: 'dischargeBand', label: 'Faixa de lançamento pH 5 a 9 (CONAMA 430/2011, art. 16, I, a)', unit: '' },
] as const;

/** CONAMA 430/2011, art. 16, I, a: effluents are discharged with pH between 5 and 9. */
export const DISCHARGE_BAND = { low: 5, high: 9 } as const;
const BAND_CLAUSE = 'CONAMA 430/2011, art. 16, I, a';
const SIMPLE_RULE_LIMIT = 0.05;
const CONCENTRATED = 0.1; // mol/L
const PH_FORMAT = ptBrNumber({ minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false });

/** Strong acid (or base) releasing n ions per formula, with water: [X] = nC/2 + √((nC)²/4 + K_w). */
export function strongIonConcentration(concentration: number, ions: number, kw: number): number {
  const released = ions * concentration;
  return released / 2 + Math.sqrt(released ** 2 / 4 + kw);
}

/**
 * Weak monoprotic acid (or base), exact: the root of x = K·C/(x + K) + K_w/x, found by bisection on
 * log₁₀ x between 10⁻¹⁶ and 10 (the left side minus the right is increasing in x).
 */
export function weakIonConcentration(concentration: number, constant: number, kw: number): number {
  const excess = (x: number) => x - (constant * concentration) / (x + constant) - kw / x;
  let low = -16;
  let high = 1;
  for (let iteration = 0; iteration < 200 && high - low > 1e-12; iteration += 1) {
    const middle = (low + high) / 2;
    if (excess(10 ** middle) > 0) high = middle;
    else low = middle;
  }
  return 10 ** ((low + high) / 2);
}

/** [−K + √(K² + 4KC)]/2, written without the cancellation of the textbook form. */
export function weakQuadratic(concentration: number, constant: number): number {
  return (2 * constant * concentration) / (constant + Math.sqrt(constant ** 2 + 4 * constant * concentration));
}

const SPECIES = [
  { value: 'strong-acid', label: 'Ácido forte' },
  { value: 'strong-base', label: 'Base forte' },
  { value: 'weak-acid', label: 'Ácido fraco monoprótico' },
  { value: 'weak-base', label: 'Base fraca monobásica' },
] as const;

export const acidBasePh = defineCalculator({
  slug: 'ph-acidos-bases',
  version: '1.0.0',
  title: 'pH de ácidos e bases fortes e fracos',
  summary:
    'Calcula o pH exato de uma solução de um ácido ou base, forte ou fraco, pelo balanço de cargas com a autoionização da água, o grau de dissociação, as aproximações usuais e a faixa de lançamento de efluentes.',
  category: 'chemical',
  accessLevel: 'E-BASIC',
  inputs: [
    { kind: 'select', name: 'species', label: 'Tipo de soluto', options: SPECIES, default: 'weak-acid' },
    {
      kind: 'number',
      name: 'concentration',
      label: 'Concentração analítica C',
      unitGroup: 'molarConcentration',
      defaultUnit: 'mol/L',
      units: ['mol/L', 'mmol/L'],
      default: 0.1,
      min: 1e-10,
      max: 1,
    },
    {
      kind: 'number',
      name: 'ions',
      label: 'Íons H⁺ ou OH⁻ liberados por fórmula n',
      unit: '',
      default: 1,
      min: 1,
      max: 3,
      integer: true,
      help: 'HCl e NaOH: 1; Ba(OH)₂: 2. Supõe dissociação completa de todas as unidades.',
      when: { field: 'species', oneOf: ['strong-acid', 'strong-base'] },
    },
    {
      kind: 'number',
      name: 'pk',
      label: 'pK_a (ácido) ou pK_b (base) na temperatura da solução',
      unit: '',
      default: 4.757,
      min: 0,
      max: 14,
      help: 'pK = −log₁₀ K. Ácido acético a 25 °C: K_a = 1,75·10⁻⁵, pK_a = 4,757.',
      when: { field: 'species', oneOf: ['weak-acid', 'weak-base'] },
    },
    {
      kind: 'number',
      name: 'pkw',
      label: 'pK_w da água na temperatura da solução',
      unit: '',
      default: 14,
      min: 12,
      max: 15,
      help: '14,00 a 25 °C; K_w cresce com a temperatura (pK_w diminui).',
    },
  ],
  outputs,
  formula:
    'K_w = 10^(−pK_w);  forte: [H⁺] = nC/2 + √((nC)²/4 + K_w);  fraco (exato): [H⁺] = K_a·C/([H⁺] + K_a) + K_w/[H⁺];  α = K_a/([H⁺] + K_a);  pH = −log₁₀[H⁺];  bases: o mesmo com K_b e [OH⁻], pH = pK_w − pOH',
  references: [
    'Harris, D. C., Quantitative Chemical Analysis, W. H. Freeman: equilíbrios ácido-base monopróticos (balanço de cargas, ácidos e bases fracos)',
    'Skoog, West, Holler & Crouch, Fundamentals of Analytical Chemistry: cálculo de pH de ácidos e bases fortes e fracos',
    'Resolução CONAMA nº 430, de 13 de maio de 2011, art. 16, I, a (pH entre 5 e 9 no lançamento de efluentes)',
  ],
  standards: [{ code: 'Resolução CONAMA nº 430', edition: '2011' }],
  disclaimer:
    'Cálculo com concentrações (atividade = concentração): o erro cresce com a força iônica da solução. K_a, K_b e K_w variam com a temperatura: informe pK_w e pK na temperatura da solução. Ácidos polipróticos (H₃PO₄, H₂CO₃, o segundo próton do H₂SO₄), misturas e tampões não são tratados aqui. Para efluentes, meça com pHmetro calibrado; a faixa 5–9 (CONAMA 430/2011) pode ser mais restrita no órgão ambiental local. ' +
    STANDING_DISCLAIMER,
  compute(values) {
    const { species, concentration: molPerCubicMetre, ions, pk, pkw } = values;
    const concentration = molPerCubicMetre / 1000; // mol/L
    const kw = 10 ** -pkw;
    const base = species === 'strong-base' || species === 'weak-base';
    const weak = species === 'weak-acid' || species === 'weak-base';
    const constant = 10 ** -pk;
    const [ionSymbol, kSymbol] = base ? ['OH⁻', 'K_b'] : ['H⁺', 'K_a'];

    // The ion the solute releases: H⁺ for acids, OH⁻ for bases.
    const released = weak ? weakIonConcentration(concentration, constant, kw) : strongIonConcentration(concentration, ions, kw);
    const hydrogen = base ? kw / released : released;
    const hydroxide = base ? released : kw / released;
    const ph = -Math.log10(hydrogen);
    const poh = -Math.log10(hydroxide);
    const dissociation = weak ? constant / (released + constant) : undefined;
    const pFromReleased = (x: number) => (base ? pkw + Math.log10(x) : -Math.log10(x));
    const quadratic = weak ? weakQuadratic(concentration, constant) : undefined;
    const simple = weak ? Math.sqrt(constant * concentration) : undefined;

    const inBand = ph >= DISCHARGE_BAND.low && ph <= DISCHARGE_BAND.high;
    const phText = PH_FORMAT.format(ph);
    const bandText = inBand
      ? `Atende: 5 ≤ pH ${phText} ≤ 9 (${BAND_CLAUSE})`
      : ph < DISCHARGE_BAND.low
        ? `Não atende: pH ${phText} < 5 (${BAND_CLAUSE})`
        : `Não atende: pH ${phText} > 9 (${BAND_CLAUSE})`;
    const simpleOk = dissociation !== undefined && dissociation < SIMPLE_RULE_LIMIT;

    const warnings: string[] = [];
    if (!inBand) warnings.push(`Fora da faixa de lançamento (pH 5 a 9, ${BAND_CLAUSE}): pH ${phText}.`);
    if (concentration > CONCENTRATED) {
      warnings.push(`Solução concentrada (C = ${f(concentration)} mol/L > 0,1 mol/L): o pH calculado com concentrações não é confiável.`);
    }

    const cText = `${f(concentration)} mol/L`;
    const steps: CalculationStep[] = [step('Produto iônico da água', `K_w = 10^(−${f(pkw)})`, kw, '')];
    if (weak) {
      steps.push(
        step(`Constante ${kSymbol}`, `${kSymbol} = 10^(−${f(pk)})`, constant, ''),
        step(
          `[${ionSymbol}] exato (balanço de cargas)`,
          `x = ${f(constant)} · ${f(concentration)}/(x + ${f(constant)}) + ${f(kw)}/x (bisseção em log₁₀ x)`,
          released,
          'mol/L',
        ),
        step('Grau de dissociação', `α = ${f(constant)}/(${f(released)} + ${f(constant)}) · 100`, 100 * (dissociation ?? 0), '%', 2),
        step(
          `[${ionSymbol}] pela fórmula quadrática`,
          `x = [−${f(constant)} + √((${f(constant)})² + 4 · ${f(constant)} · ${f(concentration)})]/2`,
          quadratic ?? 0,
          'mol/L',
        ),
        step(`[${ionSymbol}] pela aproximação simples`, `x = √(${f(constant)} · ${f(concentration)})`, simple ?? 0, 'mol/L'),
      );
    } else {
      steps.push(
        step(
          `[${ionSymbol}] (dissociação completa)`,
          `x = ${ions} · ${cText}/2 + √((${ions} · ${f(concentration)})²/4 + ${f(kw)})`,
          released,
          'mol/L',
        ),
      );
    }
    steps.push(
      base
        ? step('pH', `pH = pK_w − pOH = ${f(pkw)} + log₁₀(${f(released)})`, ph, '', 3)
        : step('pH', `pH = −log₁₀(${f(hydrogen)})`, ph, '', 3),
      step('Faixa de lançamento', `5 ≤ pH ≤ 9 (${BAND_CLAUSE}); pH = ${phText}`, inBand ? 'Atende' : 'Não atende', ''),
    );

    const results = buildResults(outputs, {
      hydrogen,
      hydroxide,
      ph,
      poh,
      dissociation: dissociation === undefined ? undefined : 100 * dissociation,
      phQuadratic: quadratic === undefined ? undefined : pFromReleased(quadratic),
      phSimple: simple === undefined ? undefined : pFromReleased(simple),
      simpleRule: weak ? `${simpleOk ? 'Sim' : 'Não'}: α = ${f(100 * (dissociation ?? 0), 3)} % ${simpleOk ? '<' : '≥'} 5 %` : undefined,
      dischargeBand: bandText,
    });
    return {
      results,
      steps,
      warnings,
      figures: () => acidBasePhFigures({ ph, pkw, weak, base, pk, dissociation, band: DISCHARGE_BAND, clause: BAND_CLAUSE }),
    };
  },
});
