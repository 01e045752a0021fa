import { describe, expect, it } from 'vitest';
import { formatCpf, isValidCpf, onlyDigits, withCheckDigits } from './cpf';

describe('cpf', () => {
  it('accepts CPFs whose check digits match (Receita Federal algorithm)', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('52998224725')).toBe(true);
    expect(isValidCpf('111.444.777-35')).toBe(true);
  });

  it('rejects wrong check digits, wrong lengths and repeated digits', () => {
    expect(isValidCpf('529.982.247-24')).toBe(false);
    expect(isValidCpf('5299822472')).toBe(false);
    expect(isValidCpf('111.111.111-11')).toBe(false);
    expect(isValidCpf('000.000.000-00')).toBe(false);
  });

  it('masks as 000.000.000-00 while typing and strips to digits', () => {
    expect(formatCpf('529')).toBe('529');
    expect(formatCpf('5299')).toBe('529.9');
    expect(formatCpf('5299822')).toBe('529.982.2');
    expect(formatCpf('52998224725')).toBe('529.982.247-25');
    expect(onlyDigits('529.982.247-25')).toBe('52998224725');
  });

  it('cuts a stored CPF (eleven digits) by position into the same mask the typing path writes', () => {
    const masked = (digits: string) =>
      digits
        .replace(/^(\d{3})(\d)/, '$1.$2')
        .replace(/^(\d{3})\.(\d{3})(\d)/, '$1.$2.$3')
        .replace(/\.(\d{3})(\d{1,2})$/, '.$1-$2');
    for (const digits of ['52998224725', '00000000000', '12345678909', '99999999999']) expect(formatCpf(digits)).toBe(masked(digits));
    for (let n = 0; n < 200; n++) {
      const digits = String(Math.floor(Math.random() * 1e11)).padStart(11, '0');
      expect(formatCpf(digits)).toBe(masked(digits));
    }
    expect(formatCpf('529982247251')).toBe('529.982.247-25');
    expect(formatCpf('529.982.247-25')).toBe('529.982.247-25');
    expect(formatCpf(null)).toBe('');
  });

  it('completes check digits into a valid CPF', () => {
    expect(withCheckDigits('529982247')).toBe('52998224725');
    expect(isValidCpf(withCheckDigits('123456789'))).toBe(true);
  });
});
