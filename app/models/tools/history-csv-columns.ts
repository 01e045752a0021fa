import { convert, getUnit, parseDecimal, type Calculator, type InputField } from '../../calculators';
import { ptBrNumber } from '../../utils/format';

/**
 * The history's CSV when it is filtered to one calculator: one column per input and per result,
 * named with their unit ('Potência transmitida P (kW)'), each cell a bare number a pt-BR
 * spreadsheet computes with ('7,5', '2,432E-4'). Inputs typed in another unit are converted to
 * the field's default unit, so a column holds one unit. The mixed export keeps two text cells.
 */

const JOIN = ' | ';
const withUnit = (label: string, unit: string) => (unit ? `${label} (${unit})` : label);

/** Up to 15 significant digits, decimal comma, no thousands separator: the number as typed, not rounded for show. */
const exact = ptBrNumber({ maximumSignificantDigits: 15, useGrouping: false });

function inputUnit(field: InputField): string {
  if (field.kind !== 'number') return '';
  return field.unitGroup === undefined ? field.unit : (getUnit(field.defaultUnit)?.symbol ?? '');
}

/** The headers of the inputs and of the results, in the calculator's order. */
export function calculatorColumns(calculator: Calculator): { inputs: string[]; results: string[] } {
  return {
    inputs: calculator.inputs.map((field) => withUnit(field.label, inputUnit(field))),
    results: calculator.outputs.map((output) => withUnit(output.label, output.unit)),
  };
}

/** One cell per input from the stored canonical query; a field that does not apply (absent) is empty. */
export function inputCells(calculator: Calculator, query: string): string[] {
  const params = new URLSearchParams(query);
  return calculator.inputs.map((field) => {
    const value = params.get(field.name);
    if (value === null) return '';
    if (field.kind === 'select') return field.options.find((option) => option.value === value)?.label ?? value;
    if (field.kind === 'text') return value;
    const parsed = parseDecimal(value);
    if (!parsed.ok) return value;
    if (field.unitGroup === undefined) return exact.format(parsed.value);
    const unit = params.get(`${field.name}_unit`) ?? field.defaultUnit;
    return exact.format(unit === field.defaultUnit || !getUnit(unit) ? parsed.value : convert(parsed.value, unit, field.defaultUnit));
  });
}

const SUPERSCRIPT_DIGITS: Readonly<Record<string, string>> = {
  '⁰': '0',
  '¹': '1',
  '²': '2',
  '³': '3',
  '⁴': '4',
  '⁵': '5',
  '⁶': '6',
  '⁷': '7',
  '⁸': '8',
  '⁹': '9',
  '⁻': '-',
};

/** A result value as stored ('40,93', '2,432·10⁻⁴', 'Sim') as a spreadsheet reads it ('40,93', '2,432E-4', 'Sim'). */
export function spreadsheetValue(text: string): string {
  const scientific = /^(-?\d+(?:,\d+)?)·10([⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+)$/.exec(text);
  if (!scientific) return text;
  return `${scientific[1]}E${[...scientific[2]!].map((char) => SUPERSCRIPT_DIGITS[char]).join('')}`;
}

/**
 * One cell per declared output from the results text stored with the row
 * ('Torque transmitido T = 40,93 N·m | …'): the value without its unit; an output the row lacks is empty.
 * Results are stored in the order of the outputs, and some outputs share a label in two units
 * ('Torque de aperto T' in N·m and in kgf·m), so each output takes the next part with its label and unit.
 */
export function resultCells(calculator: Calculator, resultsText: string): string[] {
  const parts = resultsText.split(JOIN);
  let next = 0;
  return calculator.outputs.map((output) => {
    const prefix = `${output.label} = `;
    const suffix = output.unit ? ` ${output.unit}` : '';
    const found = parts.findIndex((part, index) => index >= next && part.startsWith(prefix) && part.endsWith(suffix));
    if (found < 0) return '';
    next = found + 1;
    const value = parts[found]!.slice(prefix.length);
    return spreadsheetValue(suffix ? value.slice(0, -suffix.length) : value);
  });
}
