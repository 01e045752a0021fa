// Shared by the calculator tests only.
import { defaultParams } from './parse';
import { runCalculator } from './run';
import { type Calculator, type CalculatorResult } from './types';

/** Runs with the example inputs overridden by `overrides`; fails the test on field errors. */
export function computeWith(calculator: Calculator, overrides: Record<string, string> = {}): CalculatorResult {
  const outcome = runCalculator(calculator, { ...defaultParams(calculator), ...overrides }, { figures: true });
  if (!outcome.ok) throw new Error(`Erros inesperados: ${JSON.stringify(outcome.fieldErrors)}`);
  return outcome.result;
}

/** Result values keyed by output key. */
export function resultsWith(calculator: Calculator, overrides: Record<string, string> = {}): Record<string, number | string> {
  return Object.fromEntries(computeWith(calculator, overrides).results.map((item) => [item.key, item.value]));
}

/** Field errors of a run that must fail. */
export function errorsWith(calculator: Calculator, overrides: Record<string, string>): Readonly<Record<string, string>> {
  const outcome = runCalculator(calculator, { ...defaultParams(calculator), ...overrides });
  if (outcome.ok) throw new Error('Esperava erros de validação, mas o cálculo foi feito.');
  return outcome.fieldErrors;
}

export function numberOf(results: Record<string, number | string>, key: string): number {
  const value = results[key];
  if (typeof value !== 'number') throw new Error(`Resultado ${key} não é numérico: ${String(value)}`);
  return value;
}
