import { type CalculationStep, type ComputedResult, type OutputSpec, type ResultItem } from './types';

/** Result items in the declared order of `outputs`; outputs without a value are left out. */
export function buildResults(
  outputs: readonly OutputSpec[],
  values: Readonly<Record<string, number | string | undefined>>,
  digits: Readonly<Record<string, number>> = {},
): ResultItem[] {
  return outputs.flatMap((output) => {
    const value = values[output.key];
    if (value === undefined) return [];
    const shownDigits = digits[output.key] ?? output.digits;
    return [
      { key: output.key, label: output.label, value, unit: output.unit, ...(shownDigits === undefined ? {} : { digits: shownDigits }) },
    ];
  });
}

export function step(label: string, expression: string, value: number | string, unit: string, digits?: number): CalculationStep {
  return digits === undefined ? { label, expression, value, unit } : { label, expression, value, unit, digits };
}

/** A compute outcome for inputs that are valid one by one but not together. */
export function invalid(errors: Readonly<Record<string, string>>): ComputedResult {
  return { results: [], steps: [], warnings: [], errors };
}
