import { type ProjectCalculationRow } from '../../../db/schema';
import { getCalculator, runCalculator } from '../../calculators';
import type { CalculationStep, Figure, ResultItem, StandardEdition } from '../../calculators/types';
import { inputSummary } from '../../calculators/view';

/**
 * One calculation as a revision freezes it: everything its part of the memorial prints (inputs,
 * results, steps, diagrams as SVG, warnings, the calculator's version and standards), so a frozen
 * revision never needs the calculator again and never moves when a formula changes.
 */
export type FrozenCalculation = {
  /** The project calculation it came from: how two revisions are compared. */
  sourceId: number;
  title: string;
  calculatorSlug: string;
  calculatorTitle: string;
  summary: string;
  version: string;
  standards: StandardEdition[];
  formula: string;
  references: string[];
  disclaimer: string | null;
  query: string;
  inputs: { name: string; label: string; value: string; unit: string }[];
  results: ResultItem[];
  steps: CalculationStep[];
  warnings: string[];
  figures: Figure[];
  /** Set when the calculator is gone or the inputs no longer compute: the memorial says so. */
  problem: string | null;
};

/** Computes a project calculation with the calculator as it is now (figures included). */
export function freezeCalculation(
  row: Pick<ProjectCalculationRow, 'id' | 'title' | 'calculatorSlug' | 'calculatorVersion' | 'query'>,
): FrozenCalculation {
  const calculator = getCalculator(row.calculatorSlug);
  const base = {
    sourceId: row.id,
    title: row.title,
    calculatorSlug: row.calculatorSlug,
    query: row.query,
    inputs: [],
    results: [],
    steps: [],
    warnings: [],
    figures: [],
  };
  if (!calculator) {
    return {
      ...base,
      calculatorTitle: row.calculatorSlug,
      summary: '',
      version: row.calculatorVersion,
      standards: [],
      formula: '',
      references: [],
      disclaimer: null,
      problem: 'Esta calculadora não está mais disponível.',
    };
  }
  const described = {
    calculatorTitle: calculator.title,
    summary: calculator.summary,
    version: calculator.version,
    standards: [...(calculator.standards ?? [])],
    formula: calculator.formula,
    references: [...calculator.references],
    disclaimer: calculator.disclaimer ?? null,
  };
  const run = runCalculator(calculator, new URLSearchParams(row.query), { figures: true });
  if (!run.ok) return { ...base, ...described, problem: 'Os dados deste cálculo não são mais aceitos pela versão atual da calculadora.' };
  return {
    ...base,
    ...described,
    inputs: inputSummary(calculator, run).map(({ name, label, value, unit }) => ({ name, label, value, unit })),
    results: [...run.result.results],
    steps: [...run.result.steps],
    warnings: [...run.result.warnings],
    figures: [...(run.result.figures ?? [])],
    problem: null,
  };
}

/** Computes the results only (no figures): what the version check compares. */
export function currentResults(row: Pick<ProjectCalculationRow, 'calculatorSlug' | 'query'>): ResultItem[] | null {
  const calculator = getCalculator(row.calculatorSlug);
  if (!calculator) return null;
  const run = runCalculator(calculator, new URLSearchParams(row.query));
  return run.ok ? [...run.result.results] : null;
}
