import { onlyDigits } from './cpf';

/** Brazilian CNPJ helpers (the seller on receipts): the 00.000.000/0000-00 mask and the check digits. */

const FIRST_WEIGHTS = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const SECOND_WEIGHTS = [6, ...FIRST_WEIGHTS];

function checkDigit(digits: string, weights: number[]): number {
  const sum = weights.reduce((total, weight, i) => total + Number(digits[i]) * weight, 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** 14 digits (with or without the mask), not all the same, whose two last digits check. */
export function isValidCnpj(value: string): boolean {
  if (!/^[\d./\s-]+$/.test(value)) return false;
  const digits = onlyDigits(value);
  if (digits.length !== 14 || /^(\d)\1{13}$/.test(digits)) return false;
  return checkDigit(digits, FIRST_WEIGHTS) === Number(digits[12]) && checkDigit(digits, SECOND_WEIGHTS) === Number(digits[13]);
}

export function formatCnpj(value: string): string {
  const digits = onlyDigits(value);
  if (digits.length !== 14) return value;
  return `${digits.slice(0, 2)}.${digits.slice(2, 5)}.${digits.slice(5, 8)}/${digits.slice(8, 12)}-${digits.slice(12)}`;
}
