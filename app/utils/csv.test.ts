import { describe, expect, test } from 'vitest';
import { csvCell, csvRow, guardFormula } from './csv';

describe('CSV cells for Brazilian spreadsheets', () => {
  test('a cell a spreadsheet would run as a formula gets a leading apostrophe; plain numbers stay numbers', () => {
    for (const text of ['=1+1', '+55 11 9999', '-A1', '@SUM(A1)', '\t=1', '\r=1', '-', '+', '--1', '-1,5,5', '-1E5+1', '-2E'])
      expect(guardFormula(text), text).toBe(`'${text}`);
    for (const text of ['-12,5', '-3', '+7', '12,50', '0', '-2,432E-4', '4E7', 'Eixo', ' =1', ''])
      expect(guardFormula(text), text).toBe(text);
  });

  test('cells with ; quotes or line breaks are quoted, quotes doubled; rows end in CRLF', () => {
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('diz "olá"')).toBe('"diz ""olá"""');
    expect(csvCell('linha 1\nlinha 2')).toBe('"linha 1\nlinha 2"');
    expect(csvCell('=x;y')).toBe(`"'=x;y"`);
    expect(csvCell('7,5 kW')).toBe('7,5 kW');
    expect(csvRow(['a', 'b;c', '-1,5'])).toBe('a;"b;c";-1,5\r\n');
  });
});
