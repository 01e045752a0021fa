import { describe, expect, test } from 'vitest';
import { formatCnpj, isValidCnpj } from './cnpj';

describe('CNPJ', () => {
  test('check digits: valid ones pass with or without the mask; a wrong digit, a wrong length or repeated digits fail', () => {
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCnpj('11222333000181')).toBe(true);
    // Receita Federal's own CNPJ, a real one whose first check digit is 0 after the rest < 2 rule.
    expect(isValidCnpj('00.394.460/0058-87')).toBe(true);
    expect(isValidCnpj('11.222.333/0001-82')).toBe(false);
    expect(isValidCnpj('11.222.333/0001-91')).toBe(false);
    expect(isValidCnpj('1122233300018')).toBe(false);
    expect(isValidCnpj('00000000000000')).toBe(false);
    expect(isValidCnpj('11.222.333/0001-81 ou outro')).toBe(false);
  });

  test('the mask', () => {
    expect(formatCnpj('11222333000181')).toBe('11.222.333/0001-81');
    expect(formatCnpj('11.222.333/0001-81')).toBe('11.222.333/0001-81');
  });
});
