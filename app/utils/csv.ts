/**
 * CSV as Brazilian spreadsheets read it (Excel and LibreOffice in pt-BR): a UTF-8 byte order mark
 * (without it Excel reads the file as Windows-1252), `;` between cells (the comma is the decimal
 * separator), CRLF between rows and RFC 4180 quoting.
 */
export const CSV_BOM = '\uFEFF';
export const CSV_SEPARATOR = ';';
export const CSV_NEWLINE = '\r\n';

/** A number as a spreadsheet may read it back, so the guard below leaves it alone: '-12,5', '+3', '-2,4E-5'. */
const PLAIN_NUMBER = /^[-+]?\d+(?:,\d+)?(?:E[-+]?\d+)?$/;

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, or a tab or carriage return before
 * one) gets a leading apostrophe, which shows it as text (OWASP's CSV injection advice); a
 * plain number such as '-12,5' stays a number.
 */
export function guardFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/** One cell: guarded, then quoted (doubling its quotes) when it holds the separator, a quote or a line break. */
export function csvCell(value: string): string {
  const text = guardFormula(value);
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One row, CRLF included. */
export const csvRow = (cells: readonly string[]) => `${cells.map(csvCell).join(CSV_SEPARATOR)}${CSV_NEWLINE}`;
