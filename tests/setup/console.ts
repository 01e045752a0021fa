import { format } from 'node:util';

export type ConsoleLevel = 'error' | 'warn';

type Allowance = { level: ConsoleLevel; pattern: RegExp };

/**
 * What tests/setup/fail-on-console.ts counts. Kept on globalThis so the setup file and a test
 * that imports this module share one state, whichever copy of the module each got.
 */
type Guard = { allowed: Allowance[]; unexpected: string[] };
const key = Symbol.for('e-engenharia.console-guard');
const store = globalThis as typeof globalThis & { [key]?: Guard };
export const guard: Guard = (store[key] ??= { allowed: [], unexpected: [] });

/**
 * Declares, in the test that causes it, a console message that is part of what the test checks
 * (a failure the app logs on purpose). Holds until the end of the current test. It permits the
 * message rather than requiring it: the app's own logging is free to move to another sink.
 */
export function allowConsole(level: ConsoleLevel, pattern: RegExp) {
  guard.allowed.push({ level, pattern });
}

/** Records one console call; true when the test allowed it. */
export function record(level: ConsoleLevel, args: unknown[]): boolean {
  const text = format(...args);
  if (guard.allowed.some((allowance) => allowance.level === level && allowance.pattern.test(text))) return true;
  guard.unexpected.push(`console.${level}: ${text}`);
  return false;
}

/** Empties the record and returns what was unexpected since the last call. */
export function takeUnexpected(): string[] {
  return guard.unexpected.splice(0);
}
