import { type UnitGroupId } from './units';

/**
 * A calculator is a plain description (serialisable: everything but `compute`) plus a pure
 * `compute` function. Conventions:
 *
 * - Inputs travel in the query string: each field by its `name`, its unit as `${name}_unit`
 *   (absent unit = the field's `defaultUnit`).
 * - `parseCalculatorInput` validates every field and converts numbers to the BASE unit of
 *   their group (SI: m, Pa, W, K, kg/m³, bit/s, tex…; see units.ts). Fields without a
 *   unit group arrive exactly as typed (e.g. a percentage stays 0–100).
 * - `compute(values)` therefore receives base-unit numbers, select values and trimmed
 *   texts. It never throws and never returns NaN or ±Infinity. When a combination of
 *   individually valid inputs makes no sense (crossed temperatures, C₂ > C₁, Swamee–Jain
 *   outside its range) it returns `errors` keyed by the input name the user should fix,
 *   with empty `results` and `steps`; `runCalculator` turns those into field errors.
 *   Doubtful but computable situations (transitional flow, a limit exceeded) are `warnings`.
 * - Result values are numbers in the output's fixed unit, or already-formatted text for
 *   non-numeric outputs (an IP address, a yes/no flag, a duration). `digits` is the number
 *   of decimal places the view should show.
 */

import type { Category, ToolLevel as AccessLevel } from '../utils/value-sets';

export { CATEGORIES, CATEGORY_LABELS } from '../utils/value-sets';
export type { AccessLevel, Category };

/** The field is shown and validated only while the select `field` has one of `oneOf`. */
export interface FieldCondition {
  readonly field: string;
  readonly oneOf: readonly string[];
}

interface FieldBase {
  readonly name: string;
  readonly label: string;
  readonly help?: string;
  /** When absent the field always applies; when not met, parse uses the default value. */
  readonly when?: FieldCondition;
}

interface NumberFieldBase extends FieldBase {
  readonly kind: 'number';
  /** Example value, in `defaultUnit` (or as typed when there is no unit group). */
  readonly default: number;
  /** Valid range, inclusive, in `defaultUnit`. */
  readonly min: number;
  readonly max: number;
  /** Use with `min: 0` only: the value must be strictly positive ('O valor deve ser maior que zero.'). */
  readonly exclusiveMin?: boolean;
  readonly integer?: boolean;
}

export interface NumberFieldWithUnits extends NumberFieldBase {
  readonly unitGroup: UnitGroupId;
  readonly defaultUnit: string;
  /** Units offered in the selector (must include `defaultUnit`); absent = the whole group. */
  readonly units?: readonly string[];
}

export interface PlainNumberField extends NumberFieldBase {
  readonly unitGroup?: undefined;
  /** Fixed display unit ('%', 'rpm', '' for counts). */
  readonly unit: string;
}

export type NumberField = NumberFieldWithUnits | PlainNumberField;

export interface SelectOption {
  readonly value: string;
  readonly label: string;
}

export interface SelectField extends FieldBase {
  readonly kind: 'select';
  readonly options: readonly SelectOption[];
  readonly default: string;
}

/**
 * Known text formats; each has a validator in text-formats.ts. 'note' is free text printed in
 * the memorial (the source of a catalogue or table value, for example).
 */
export type TextFormat = 'ipv4' | 'note';

export interface TextField extends FieldBase {
  readonly kind: 'text';
  readonly format: TextFormat;
  readonly default: string;
  readonly maxLength: number;
  readonly placeholder?: string;
  /** An empty field is accepted (as ''); otherwise 'Preencha este campo.'. */
  readonly optional?: boolean;
}

export type InputField = NumberField | SelectField | TextField;

type FieldValue<F> = F extends { readonly kind: 'number' }
  ? number
  : F extends { readonly kind: 'select'; readonly options: readonly { readonly value: infer V }[] }
    ? V
    : string;

/** The parsed values of a calculator's inputs, keyed by field name. */
export type ValuesOf<F extends readonly InputField[]> = {
  readonly [K in F[number] as K['name']]: FieldValue<K>;
};

export interface OutputSpec {
  readonly key: string;
  readonly label: string;
  readonly unit: string;
  readonly digits?: number;
}

export interface ResultItem {
  readonly key: string;
  readonly label: string;
  /** A number in `unit`, or ready-to-show text (IP addresses, 'Sim'/'Não', durations). */
  readonly value: number | string;
  readonly unit: string;
  /** Decimal places to show. */
  readonly digits?: number;
}

export interface CalculationStep {
  readonly label: string;
  /** The formula with the numbers substituted, e.g. 'T = 9549,3 · 7,5 / 1750'. */
  readonly expression: string;
  readonly value: number | string;
  readonly unit: string;
  readonly digits?: number;
}

/** A table that goes with a figure (the standard sections of a voltage-drop chart, for example). */
export interface FigureTable {
  readonly caption: string;
  readonly columns: readonly string[];
  readonly rows: readonly (readonly string[])[];
}

/**
 * A diagram of the result, drawn on the server by the chart kit (app/charts) as one SVG string:
 * the page inlines it (works without JavaScript), the memorial prints it. `svg` is a whole
 * `<svg role="img">` element with its own `<title>` and `<desc>`, every text in it escaped by
 * the kit. `summary` repeats the key numbers in a sentence for screen readers and print.
 */
export interface Figure {
  /** kebab-case, unique within one result. */
  readonly id: string;
  readonly title: string;
  readonly summary: string;
  readonly svg: string;
  readonly table?: FigureTable;
}

export interface CalculatorResult {
  readonly results: readonly ResultItem[];
  readonly steps: readonly CalculationStep[];
  /**
   * Diagrams of this result, in reading order: present only when the caller asked runCalculator
   * for them (the result page and the memorial), absent when the calculator draws none.
   */
  readonly figures?: readonly Figure[];
  /** Portuguese; the calculation is still shown. */
  readonly warnings: readonly string[];
  /** Portuguese, keyed by input name; when present there are no results. */
  readonly errors?: Readonly<Record<string, string>>;
}

/**
 * What `compute` returns: the result, with its diagrams still to draw. Drawing costs more than
 * the arithmetic (1–7 ms against 0,1 ms), and only the result page and the memorial show them;
 * saving, the history's export, link previews and the property tests never pay for it.
 */
export type ComputedResult = Omit<CalculatorResult, 'figures'> & { readonly figures?: () => readonly Figure[] };

export interface StandardEdition {
  /** 'ABNT NBR 5410', 'ISO 281'. */
  readonly code: string;
  /** '2004 (versão corrigida 2008)', '2007'. */
  readonly edition: string;
}

export interface CalculatorDefinition<F extends readonly InputField[] = readonly InputField[]> {
  /** kebab-case ASCII, unique; the tool's URL segment. */
  readonly slug: string;
  /** Semver; store it with saved results (formulas and norm editions change). */
  readonly version: string;
  readonly title: string;
  readonly summary: string;
  readonly category: Category;
  /** Suggested level; the tools table has the final say. */
  readonly accessLevel: AccessLevel;
  readonly inputs: F;
  readonly outputs: readonly OutputSpec[];
  /** Plain Unicode math. */
  readonly formula: string;
  readonly references: readonly string[];
  /** The standards the calculation follows, with the edition used (printed in the memorial). */
  readonly standards?: readonly StandardEdition[];
  readonly disclaimer?: string;
  // Method syntax on purpose: it makes the parameter bivariant, so each definition with its
  // own precise `values` type still fits in one `Calculator[]`.
  compute(values: ValuesOf<F>): ComputedResult;
}

export type Calculator = CalculatorDefinition;

/** The serialisable part of a calculator (what a loader can send to the browser). */
export type CalculatorDescription = Omit<Calculator, 'compute'>;

/** Infers literal field names and select values, so `compute` is fully typed. */
export function defineCalculator<const F extends readonly InputField[]>(definition: CalculatorDefinition<F>): CalculatorDefinition<F> {
  return definition;
}
