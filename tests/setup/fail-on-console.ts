import { afterAll, afterEach, beforeEach } from 'vitest';
import { guard, record, takeUnexpected, type ConsoleLevel } from './console';

/**
 * A test that writes to console.error or console.warn fails, unless it said it would
 * (allowConsole in tests/setup/console.ts, or its own vi.spyOn(console, …).mockImplementation,
 * which takes the call before this wrapper sees it). An unexpected message is still printed, an
 * allowed one is not.
 *
 * The wrapper is a plain function, not a vi.spyOn, so a test's vi.restoreAllMocks() leaves it in
 * place; and it stays installed between tests, so a message written by work a test left running
 * (a background write, a late webhook) fails the next test or the file instead of vanishing.
 */
const levels: ConsoleLevel[] = ['error', 'warn'];
for (const level of levels) {
  const original = console[level];
  console[level] = (...args: unknown[]) => {
    if (!record(level, args)) original.apply(console, args);
  };
}

const fail = (when: string) => {
  const unexpected = takeUnexpected();
  if (unexpected.length === 0) return;
  throw new Error(
    `${unexpected.length} unexpected console message(s) ${when}; fix the cause, or call allowConsole(level, /pattern/) in the test that expects it:\n` +
      unexpected.join('\n'),
  );
};

beforeEach(() => {
  guard.allowed.length = 0;
  fail('before this test (written by an earlier hook or left-over work)');
});

afterEach(() => {
  guard.allowed.length = 0;
  fail('during this test');
});

afterAll(() => fail('after the last test of this file'));
