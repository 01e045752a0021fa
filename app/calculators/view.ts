import { defaultParams, type RunResult } from './index';
import { fromBase, getUnit } from './units';
import { type Calculator, type FieldCondition, type InputField } from './types';

/**
 * How a calculator's inputs travel between the query string, the form and the report. The
 * calculation itself is `runCalculator`; this module only reads and writes its inputs.
 */

type SuccessfulRun = Extract<RunResult, { ok: true }>;

/** Longest raw text echoed back into a form field (the parser refuses anything longer anyway). */
const MAX_ECHO = 100;

const unitParam = (name: string) => `${name}_unit`;

/** A submitted form: the query string names at least one of the calculator's inputs. */
export function hasInputs(calculator: Calculator, params: URLSearchParams): boolean {
  return calculator.inputs.some((field) => params.has(field.name));
}

/**
 * Whether a field takes part, given the other inputs: its `when` condition holds for the value of
 * the select it names (no condition: always). The form's raw text and the parsed values both ask.
 */
function fieldApplies(field: { when?: FieldCondition }, values: Readonly<Record<string, unknown>>): boolean {
  const selected = field.when && values[field.when.field];
  return !field.when || field.when.oneOf.includes(selected === undefined ? '' : String(selected));
}

/**
 * The text each form control shows: what the user sent (bounded), the example for fields
 * that do not apply and were left out, '' for applicable fields that are missing (their error
 * says so). Without a submission, the example inputs.
 */
export function formValues(calculator: Calculator, params: URLSearchParams | null): Record<string, string> {
  const example = defaultParams(calculator);
  if (!params) return example;
  const values: Record<string, string> = {};
  const echo = (name: string) => params.get(name)?.slice(0, MAX_ECHO);
  for (const field of calculator.inputs) {
    if (field.kind === 'select') values[field.name] = echo(field.name) ?? field.default;
  }
  for (const field of calculator.inputs) {
    if (field.kind === 'select') continue;
    const fallback = fieldApplies(field, values) ? '' : example[field.name];
    values[field.name] = echo(field.name) ?? fallback;
    if (field.kind === 'number' && field.unitGroup !== undefined) {
      values[unitParam(field.name)] = echo(unitParam(field.name)) ?? field.defaultUnit;
    }
  }
  return values;
}

/** 0.0025 → '0,0025'; float noise from unit conversions (2.4999999999999996) is rounded away. */
export function decimalText(value: number): string {
  return String(Number(value.toPrecision(15))).replace('.', ',');
}

/** A number input as the user expressed it: in their unit, with that unit's id and symbol. */
function shownNumber(field: Extract<InputField, { kind: 'number' }>, base: number, units: Readonly<Record<string, string>>) {
  if (field.unitGroup === undefined) return { text: decimalText(base), unitId: undefined, symbol: field.unit };
  const unitId = units[field.name] ?? field.defaultUnit;
  return { text: decimalText(fromBase(base, unitId)), unitId, symbol: getUnit(unitId)?.symbol ?? '' };
}

/**
 * The canonical query string of a valid calculation, built from the parsed values: every field
 * that applies, in declaration order, numbers in the user's unit with a decimal comma. It is
 * what the share link, the report link and a saved history item carry.
 */
export function canonicalQuery(calculator: Calculator, run: SuccessfulRun): string {
  const values = run.values as Readonly<Record<string, number | string>>;
  const params = new URLSearchParams();
  for (const field of calculator.inputs) {
    if (!fieldApplies(field, values)) continue;
    const value = values[field.name];
    if (field.kind === 'number' && typeof value === 'number') {
      const shown = shownNumber(field, value, run.units);
      params.set(field.name, shown.text);
      if (shown.unitId) params.set(unitParam(field.name), shown.unitId);
    } else {
      params.set(field.name, String(value));
    }
  }
  return params.toString();
}

export type InputSummaryRow = { name: string; label: string; value: string; unit: string };

/** The inputs that took part in a calculation, as the report lists them. */
export function inputSummary(calculator: Calculator, run: SuccessfulRun): InputSummaryRow[] {
  const values = run.values as Readonly<Record<string, number | string>>;
  return calculator.inputs.flatMap((field) => {
    if (!fieldApplies(field, values)) return [];
    const value = values[field.name];
    if (field.kind === 'number' && typeof value === 'number') {
      const shown = shownNumber(field, value, run.units);
      return [{ name: field.name, label: field.label, value: shown.text, unit: shown.symbol }];
    }
    if (field.kind === 'select') {
      const option = field.options.find((candidate) => candidate.value === value);
      return [{ name: field.name, label: field.label, value: option?.label ?? String(value), unit: '' }];
    }
    return [{ name: field.name, label: field.label, value: String(value), unit: '' }];
  });
}

export const calculatorPath = (slug: string, query = '') => `/calculators/${slug}${query ? `?${query}` : ''}`;
export const reportPath = (slug: string, query = '') => `/calculators/${slug}/report${query ? `?${query}` : ''}`;

/** What the calculator page and its report show above everything else. */
export function calculatorHeader(
  calculator: Pick<Calculator, 'title' | 'summary' | 'category' | 'version'>,
  level: Calculator['accessLevel'],
) {
  return { title: calculator.title, summary: calculator.summary, category: calculator.category, level, version: calculator.version };
}
