import { chemicalCalculators } from './chemical';
import { electricalCalculators } from './electrical';
import { informaticsCalculators } from './informatics';
import { mechanicalCalculators } from './mechanical';
import { textileCalculators } from './textile';
import { type Calculator, type CalculatorDescription, type Category } from './types';

export const calculators: readonly Calculator[] = [
  ...mechanicalCalculators,
  ...electricalCalculators,
  ...textileCalculators,
  ...informaticsCalculators,
  ...chemicalCalculators,
];

const BY_SLUG: ReadonlyMap<string, Calculator> = new Map(calculators.map((calculator) => [calculator.slug, calculator]));

export function getCalculator(slug: string): Calculator | undefined {
  return BY_SLUG.get(slug);
}

export function calculatorsByCategory(category: Category): Calculator[] {
  return calculators.filter((calculator) => calculator.category === category);
}

/** Everything but `compute`: safe to return from a loader as JSON. */
export function describeCalculator(calculator: Calculator): CalculatorDescription {
  const { compute: _compute, ...description } = calculator;
  return description;
}

export {
  FORM_ERROR,
  MAX_INPUT_LENGTH,
  defaultParams,
  fieldUnits,
  parseCalculatorInput,
  parseDecimal,
  type CalculatorParams,
  type ParseResult,
} from './parse';
export { runCalculator, type RunResult } from './run';
export { UNIT_GROUPS, convert, fromBase, getUnit, toBase, unitSymbol, unitsOfGroup, type Unit, type UnitGroupId } from './units';
export * from './types';
