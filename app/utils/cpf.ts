/** Brazilian CPF helpers: digits-only storage, the 000.000.000-00 mask and the check digits. */

export const onlyDigits = (value: string) => value.replace(/\D/g, '');

const STORED_CPF = /^\d{11}$/;

export function formatCpf(value: string | null | undefined): string {
  // A stored CPF (eleven digits, every row of the admin list) is cut by position; typing goes through the masks.
  if (value && STORED_CPF.test(value)) return `${value.slice(0, 3)}.${value.slice(3, 6)}.${value.slice(6, 9)}-${value.slice(9)}`;
  const digits = onlyDigits(value ?? '').slice(0, 11);
  return digits
    .replace(/^(\d{3})(\d)/, '$1.$2')
    .replace(/^(\d{3})\.(\d{3})(\d)/, '$1.$2.$3')
    .replace(/\.(\d{3})(\d{1,2})$/, '.$1-$2');
}

function checkDigit(digits: string, length: number): number {
  let sum = 0;
  for (let i = 0; i < length; i++) sum += Number(digits[i]) * (length + 1 - i);
  const rest = (sum * 10) % 11;
  return rest === 10 ? 0 : rest;
}

export function isValidCpf(value: string): boolean {
  const digits = onlyDigits(value);
  if (digits.length !== 11 || /^(\d)\1{10}$/.test(digits)) return false;
  return checkDigit(digits, 9) === Number(digits[9]) && checkDigit(digits, 10) === Number(digits[10]);
}

/** Completes nine digits with their two check digits (used by the seed and tests). */
export function withCheckDigits(nine: string): string {
  const first = checkDigit(nine + '00', 9);
  const second = checkDigit(nine + String(first) + '0', 10);
  return `${nine}${first}${second}`;
}
