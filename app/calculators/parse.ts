import { formatNumber } from './format';
import { TEXT_FORMAT_VALIDATORS } from './text-formats';
import { type CalculatorDefinition, type InputField, type NumberField, type SelectField, type TextField, type ValuesOf } from './types';
import { fromBase, getUnit, toBase, unitsOfGroup, type Unit } from './units';

/** Key of an error that belongs to the whole form rather than one field. */
export const FORM_ERROR = '_form';

/** Longest text accepted in any field, before anything else is looked at. */
export const MAX_INPUT_LENGTH = 50;

export type CalculatorParams = URLSearchParams | Readonly<Record<string, unknown>>;

export type ParseResult<F extends readonly InputField[]> =
  | { readonly ok: true; readonly values: ValuesOf<F>; readonly units: Readonly<Record<string, string>> }
  | { readonly ok: false; readonly fieldErrors: Readonly<Record<string, string>> };

type Raw = { readonly kind: 'absent' } | { readonly kind: 'text'; readonly text: string } | { readonly kind: 'invalid' };

function readParam(params: CalculatorParams, name: string): Raw {
  if (params instanceof URLSearchParams) {
    const text = params.get(name);
    return text === null ? { kind: 'absent' } : { kind: 'text', text };
  }
  if (!Object.prototype.hasOwnProperty.call(params, name)) return { kind: 'absent' };
  const value: unknown = params[name];
  if (value === undefined || value === null) return { kind: 'absent' };
  if (typeof value === 'string') return { kind: 'text', text: value };
  if (typeof value === 'number' && Number.isFinite(value)) return { kind: 'text', text: String(value) };
  return { kind: 'invalid' };
}

const NUMBER = /^[+-]?(\d+([.,]\d*)?|[.,]\d+)([eE][+-]?\d+)?$/;
// '1.500' or '12.000,5' or '1 500': a thousands separator, which we refuse rather than guess.
const THOUSANDS = /^[+-]?[1-9]\d{0,2}([. ]\d{3})+(,\d*)?$/;

type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly message: string };

/** Text → number, accepting '2,5', '2.5' and '1,5e-3'. */
export function parseDecimal(text: string): Parsed<number> {
  if (text.length > MAX_INPUT_LENGTH) return { ok: false, message: `Use no máximo ${MAX_INPUT_LENGTH} caracteres.` };
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, message: 'Informe um número.' };
  if (THOUSANDS.test(trimmed) || /\d[.,]\d+[.,]/.test(trimmed)) {
    return { ok: false, message: 'Não use separador de milhar (ex.: 1500 ou 2,5).' };
  }
  if (!NUMBER.test(trimmed)) return { ok: false, message: 'Use apenas números (ex.: 2,5).' };
  const value = Number(trimmed.replace(',', '.'));
  if (!Number.isFinite(value)) return { ok: false, message: 'O número é grande demais.' };
  return { ok: true, value: value === 0 ? 0 : value }; // no -0
}

/** The valid range as shown to the user: exact in the field's own unit, 6 digits when converted. */
function rangeText(field: NumberField, unitId: string | undefined): { low: string; high: string; symbol: string } {
  const show = (value: number, converted: boolean) => formatNumber(value, converted ? 6 : 15);
  if (field.unitGroup === undefined) return { low: show(field.min, false), high: show(field.max, false), symbol: field.unit };
  const shown = unitId ?? field.defaultUnit;
  const converted = shown !== field.defaultUnit;
  const ends = [field.min, field.max].map((end) => fromBase(toBase(end, field.defaultUnit), shown));
  return {
    low: show(Math.min(...ends), converted),
    high: show(Math.max(...ends), converted),
    symbol: getUnit(shown)?.symbol ?? '',
  };
}

const withUnit = (value: string, symbol: string) => (symbol ? `${value} ${symbol}` : value);

function offeredUnits(field: NumberField): readonly string[] {
  if (field.unitGroup === undefined) return [];
  return field.units ?? unitsOfGroup(field.unitGroup).map((unit) => unit.id);
}

/** The units a number field's selector offers, in order ([] for fields with a fixed unit). */
export function fieldUnits(field: NumberField): Unit[] {
  return offeredUnits(field).flatMap((id) => getUnit(id) ?? []);
}

function parseUnit(field: NumberField, params: CalculatorParams): Parsed<string | undefined> {
  if (field.unitGroup === undefined) return { ok: true, value: undefined };
  const raw = readParam(params, `${field.name}_unit`);
  if (raw.kind === 'absent' || (raw.kind === 'text' && raw.text.trim() === '')) return { ok: true, value: field.defaultUnit };
  if (raw.kind === 'invalid' || raw.text.length > MAX_INPUT_LENGTH) return { ok: false, message: 'Unidade inválida.' };
  const unitId = raw.text.trim();
  if (!offeredUnits(field).includes(unitId)) return { ok: false, message: 'Unidade não reconhecida para este campo.' };
  return { ok: true, value: unitId };
}

function parseNumberField(field: NumberField, params: CalculatorParams): Parsed<{ value: number; unit?: string }> {
  const unit = parseUnit(field, params);
  if (!unit.ok) return unit;
  const raw = readParam(params, field.name);
  if (raw.kind === 'absent') return { ok: false, message: 'Informe um número.' };
  if (raw.kind === 'invalid') return { ok: false, message: 'Informe um único valor numérico.' };
  const parsed = parseDecimal(raw.text);
  if (!parsed.ok) return parsed;
  const typed = parsed.value;
  const unitId = unit.value;
  if (field.integer && !Number.isInteger(typed)) return { ok: false, message: 'Informe um número inteiro.' };
  // Sign checks make no sense on offset scales (−10 °C is a valid temperature).
  const signed = unitId === undefined || (getUnit(unitId)?.offset ?? 0) === 0;
  if (signed && field.min >= 0 && typed < 0) return { ok: false, message: 'O valor não pode ser negativo.' };

  const value = field.unitGroup === undefined || unitId === undefined ? typed : toBase(typed, unitId);
  // Also catches a tiny value that underflows to 0 in the base unit.
  if (field.exclusiveMin && value === 0) return { ok: false, message: 'O valor deve ser maior que zero.' };
  const baseEnds = [field.min, field.max].map((end) => (field.unitGroup === undefined ? end : toBase(end, field.defaultUnit)));
  const low = Math.min(...baseEnds);
  const high = Math.max(...baseEnds);
  // A bound shown rounded to 6 digits in another unit can be typed back; it is then clamped,
  // so compute only ever sees values inside the declared range.
  const converted = field.unitGroup !== undefined && unitId !== field.defaultUnit;
  const slack = (end: number) => (converted ? Math.abs(end) * 1e-6 : 0);
  const range = rangeText(field, unitId);
  if (!Number.isFinite(value) || value < low - slack(low) || value > high + slack(high)) {
    return {
      ok: false,
      message: `O valor deve estar entre ${range.low} e ${withUnit(range.high, range.symbol)}.`,
    };
  }
  return { ok: true, value: { value: Math.min(high, Math.max(low, value)), unit: unitId } };
}

function parseSelectField(field: SelectField, params: CalculatorParams): Parsed<string> {
  const raw = readParam(params, field.name);
  const chosen = raw.kind === 'text' ? field.options.find((option) => option.value === raw.text.trim()) : undefined;
  return chosen ? { ok: true, value: chosen.value } : { ok: false, message: 'Escolha uma das opções da lista.' };
}

function parseTextField(field: TextField, params: CalculatorParams): Parsed<string> {
  const raw = readParam(params, field.name);
  if (raw.kind === 'invalid') return { ok: false, message: 'Informe um único valor.' };
  const limit = Math.min(field.maxLength, MAX_INPUT_LENGTH);
  if (raw.kind === 'text' && raw.text.length > limit) return { ok: false, message: `Use no máximo ${limit} caracteres.` };
  const text = raw.kind === 'text' ? raw.text.trim() : '';
  if (text === '') return field.optional ? { ok: true, value: '' } : { ok: false, message: 'Preencha este campo.' };
  const problem = TEXT_FORMAT_VALIDATORS[field.format](text);
  return problem === null ? { ok: true, value: text } : { ok: false, message: problem };
}

function defaultValue(field: InputField): { value: number | string; unit?: string } {
  if (field.kind !== 'number') return { value: field.default };
  if (field.unitGroup === undefined) return { value: field.default };
  return { value: toBase(field.default, field.defaultUnit), unit: field.defaultUnit };
}

/**
 * Validates and converts a calculator's inputs. Never throws: every problem, whatever the
 * input (arrays, huge strings, prototype keys), becomes a Portuguese field message.
 */
export function parseCalculatorInput<F extends readonly InputField[]>(
  definition: Pick<CalculatorDefinition<F>, 'inputs'>,
  params: CalculatorParams,
): ParseResult<F> {
  try {
    const values: Record<string, number | string> = {};
    const units: Record<string, string> = {};
    const fieldErrors: Record<string, string> = {};
    const selects: Record<string, string> = {};
    // A select's own problem counts only when the select applies (a `when` select left out of the query is fine).
    const selectErrors: Record<string, string> = {};

    for (const field of definition.inputs) {
      if (field.kind !== 'select') continue;
      const result = parseSelectField(field, params);
      if (result.ok) selects[field.name] = result.value;
      else selectErrors[field.name] = result.message;
    }

    for (const field of definition.inputs) {
      const condition = field.when;
      const chosen = condition ? selects[condition.field] : undefined;
      if (condition && chosen !== undefined && !condition.oneOf.includes(chosen)) {
        const fallback = defaultValue(field);
        values[field.name] = fallback.value;
        if (fallback.unit) units[field.name] = fallback.unit;
        continue;
      }
      if (field.kind === 'select') {
        const chosenValue = selects[field.name];
        if (chosenValue !== undefined) values[field.name] = chosenValue;
        else fieldErrors[field.name] = selectErrors[field.name] ?? 'Escolha uma das opções da lista.';
      } else if (field.kind === 'text') {
        const result = parseTextField(field, params);
        if (result.ok) values[field.name] = result.value;
        else fieldErrors[field.name] = result.message;
      } else {
        const result = parseNumberField(field, params);
        if (!result.ok) fieldErrors[field.name] = result.message;
        else {
          values[field.name] = result.value.value;
          if (result.value.unit) units[field.name] = result.value.unit;
        }
      }
    }

    if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
    return { ok: true, values: values as ValuesOf<F>, units };
  } catch {
    return { ok: false, fieldErrors: { [FORM_ERROR]: 'Não foi possível ler os dados informados.' } };
  }
}

/** The example inputs as query-string values (decimal comma), for prefilling a form. */
export function defaultParams(definition: Pick<CalculatorDefinition, 'inputs'>): Record<string, string> {
  const params: Record<string, string> = {};
  for (const field of definition.inputs) {
    params[field.name] = typeof field.default === 'number' ? String(field.default).replace('.', ',') : field.default;
    if (field.kind === 'number' && field.unitGroup !== undefined) params[`${field.name}_unit`] = field.defaultUnit;
  }
  return params;
}
