import { describe, expect, test, vi } from 'vitest';
import { allowConsole, takeUnexpected } from '../setup/console';

describe('a test that writes to console.error or console.warn fails unless it expects to', () => {
  test('an unexpected message is recorded for the check after the test', () => {
    console.error('falha inesperada', { id: 7 });
    console.warn('aviso inesperado');
    // Taken here so that this test itself passes; left in place, they fail it.
    expect(takeUnexpected()).toEqual(['console.error: falha inesperada { id: 7 }', 'console.warn: aviso inesperado']);
  });

  test('a message the test allows is neither recorded nor printed; another one still is', () => {
    allowConsole('error', /^falha esperada/);
    console.error('falha esperada: o teste a provoca');
    expect(takeUnexpected()).toEqual([]);
    console.warn('falha esperada: mas em outro nível');
    expect(takeUnexpected()).toEqual(['console.warn: falha esperada: mas em outro nível']);
  });

  test('an allowance ends with its test', () => {
    console.error('falha esperada: o teste a provoca');
    expect(takeUnexpected()).toEqual(['console.error: falha esperada: o teste a provoca']);
  });

  test("a test's own spy takes the call, and a restore leaves the guard in place", () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    console.error('engolida pelo espião do teste');
    expect(spy).toHaveBeenCalledOnce();
    expect(takeUnexpected()).toEqual([]);
    vi.restoreAllMocks();
    console.error('depois do restore');
    expect(takeUnexpected()).toEqual(['console.error: depois do restore']);
  });
});
