import { cachedFigures } from './figure-cache';
import { FORM_ERROR, parseCalculatorInput, type CalculatorParams } from './parse';
import { type CalculatorDefinition, type CalculatorResult, type ComputedResult, type InputField, type ValuesOf } from './types';

export type RunResult<F extends readonly InputField[] = readonly InputField[]> =
  | {
      readonly ok: true;
      readonly values: ValuesOf<F>;
      readonly units: Readonly<Record<string, string>>;
      readonly result: CalculatorResult;
    }
  | { readonly ok: false; readonly fieldErrors: Readonly<Record<string, string>> };

const NOT_COMPUTABLE = 'Não foi possível calcular com estes valores. Revise os dados informados.';

const isFiniteOrText = (value: number | string) => typeof value === 'string' || Number.isFinite(value);

/**
 * Parses the query string, then computes. What a tool page's loader calls. Never throws.
 * `figures: true` draws the result's diagrams too (the result page and the memorial show them).
 */
export function runCalculator<F extends readonly InputField[]>(
  definition: CalculatorDefinition<F>,
  params: CalculatorParams,
  options: { figures?: boolean } = {},
): RunResult<F> {
  const parsed = parseCalculatorInput(definition, params);
  if (!parsed.ok) return parsed;
  let result: CalculatorResult;
  try {
    const { figures, ...computed }: ComputedResult = definition.compute(parsed.values);
    // The figures depend on the parsed values alone (compute's only input): drawn once per calculator version and values.
    result =
      options.figures && figures
        ? { ...computed, figures: cachedFigures(`${definition.slug}@${definition.version}:${JSON.stringify(parsed.values)}`, figures) }
        : computed;
  } catch {
    return { ok: false, fieldErrors: { [FORM_ERROR]: NOT_COMPUTABLE } };
  }
  if (result.errors && Object.keys(result.errors).length > 0) return { ok: false, fieldErrors: result.errors };
  // Last line of defence: a NaN or Infinity must never reach the page as a result.
  const items = [...result.results, ...result.steps];
  if (!items.every((item) => isFiniteOrText(item.value))) return { ok: false, fieldErrors: { [FORM_ERROR]: NOT_COMPUTABLE } };
  return { ok: true, values: parsed.values, units: parsed.units, result };
}
