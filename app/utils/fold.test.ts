import { describe, expect, it } from 'vitest';
import { foldKey } from './fold';

describe('foldKey', () => {
  it('folds case beyond ASCII, so accented names and codes compare equal in any case', () => {
    expect(foldKey('Ñandu_x')).toBe(foldKey('ñANDU_X'));
    expect(foldKey('Ørsted')).toBe('ørsted');
    expect(foldKey('ÇÃO10')).toBe(foldKey('ção10'));
  });

  it('trims and normalizes compatibility forms and composed/decomposed accents', () => {
    expect(foldKey('  Ana  ')).toBe('ana');
    expect(foldKey('\ufb01nn')).toBe('finn');
    expect(foldKey('ＡＢＣ')).toBe('abc');
    expect(foldKey('Jose\u0301')).toBe(foldKey('José'));
  });

  it('keeps different names apart', () => {
    expect(foldKey('joao')).not.toBe(foldKey('joão'));
  });
});
