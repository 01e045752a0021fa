import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { gradeAttempt, type ShownQuestion } from './grade';

/**
 * The numeric tolerance at its boundary, for any answer and tolerance (not only values typed with few
 * decimals, as in grade.test.ts): a hair inside is right, a hair outside is wrong, on both sides. A hair
 * is a billionth of the magnitude at play, far above the grader's slack of a few ulps and far below any
 * tolerance a question sets.
 */

const numeric = (answer: number, tolerance: number): ShownQuestion => ({
  id: 1,
  kind: 'numeric',
  prompt: 'n',
  options: [],
  correct: [],
  numericAnswer: answer,
  tolerance,
  unit: 'V',
  explanation: null,
});

describe('the grader at the tolerance boundary (issue 31)', () => {
  test('property: a hair inside the tolerance is right, a hair outside wrong, above and below', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e6, max: 1e6, noNaN: true, noDefaultInfinity: true }),
        fc.double({ min: 1e-3, max: 1e3, noNaN: true, noDefaultInfinity: true }),
        fc.constantFrom(1, -1),
        (answer, tolerance, sign) => {
          const hair = 1e-9 * Math.max(1, Math.abs(answer), tolerance);
          const question = numeric(answer, tolerance);
          const inside = answer + sign * Math.max(0, tolerance - hair);
          const outside = answer + sign * (tolerance + hair);
          const grade = gradeAttempt([question, question], [inside, outside], 50);
          expect(grade.right).toEqual([true, false]);
          expect(grade.scorePercent).toBe(50);
        },
      ),
      { numRuns: 2000 },
    );
  });

  test('property: a zero tolerance takes the exact answer only', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true, noDefaultInfinity: true }), (answer) => {
        const hair = 1e-9 * Math.max(1, Math.abs(answer));
        const question = numeric(answer, 0);
        expect(gradeAttempt([question, question, question], [answer, answer + hair, answer - hair], 100).right).toEqual([
          true,
          false,
          false,
        ]);
      }),
      { numRuns: 1000 },
    );
  });
});
