/** Decimal places that show `value` with `significant` significant figures (0 to 6). */
export function decimalsFor(value: number, significant = 4): number {
  if (!Number.isFinite(value) || value === 0) return 0;
  const integerDigits = Math.floor(Math.log10(Math.abs(value))) + 1;
  return Math.min(6, Math.max(0, significant - integerDigits));
}
