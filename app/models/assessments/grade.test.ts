import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { gradeAttempt, isRight, withinTolerance, type Answer, type ShownQuestion } from './grade';

/** A random bank question as shown, with an answer that is right or wrong by construction. */
const choiceQuestion = fc
  .record({
    kind: fc.constantFrom('single' as const, 'multiple' as const, 'true_false' as const),
    optionCount: fc.integer({ min: 2, max: 5 }),
    seed: fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }),
    pick: fc.nat(),
  })
  .map(({ kind, optionCount, seed, pick }): ShownQuestion => {
    const count = kind === 'true_false' ? 2 : optionCount;
    let correct = kind === 'multiple' ? seed.slice(0, count).flatMap((on, index) => (on ? [index] : [])) : [pick % count];
    if (correct.length === 0) correct = [pick % count];
    return {
      id: 1,
      kind,
      prompt: 'p',
      options: Array.from({ length: count }, (_, index) => `o${index}`),
      correct,
      numericAnswer: null,
      tolerance: null,
      unit: null,
      explanation: null,
    };
  });

const numericQuestion = fc
  .record({ answer: fc.double({ min: -1e6, max: 1e6, noNaN: true }), tolerance: fc.double({ min: 0, max: 1e3, noNaN: true }) })
  .map(
    ({ answer, tolerance }): ShownQuestion => ({
      id: 2,
      kind: 'numeric',
      prompt: 'n',
      options: [],
      correct: [],
      numericAnswer: answer,
      tolerance,
      unit: 'V',
      explanation: null,
    }),
  );

/** An answer meant right (`true`) or wrong; a wrong numeric answer misses by at least 1 % of the tolerance plus 1e-6. */
function answerFor(question: ShownQuestion, right: boolean, salt: number): Answer {
  if (question.kind === 'numeric') {
    const answer = question.numericAnswer!;
    const tolerance = question.tolerance!;
    const sign = salt % 2 === 0 ? 1 : -1;
    if (right) return answer + sign * tolerance * ((salt % 101) / 100);
    return answer + sign * (tolerance * 1.01 + 1e-6 * Math.max(1, Math.abs(answer)));
  }
  if (right) return [...question.correct].reverse();
  if (question.kind === 'multiple') {
    const flip = salt % question.options.length;
    const set = new Set(question.correct);
    if (set.has(flip)) set.delete(flip);
    else set.add(flip);
    return [...set];
  }
  const wrong = (question.correct[0] + 1 + (salt % (question.options.length - 1))) % question.options.length;
  return salt % 7 === 0 ? null : [wrong];
}

describe('the grader (issue 31)', () => {
  test('property: the score is the share of right answers, whatever the bank and the answers', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.oneof(choiceQuestion, numericQuestion), fc.boolean(), fc.nat()), { minLength: 1, maxLength: 20 }),
        fc.integer({ min: 1, max: 100 }),
        (items, passPercent) => {
          const questions = items.map(([question]) => question);
          const answers = items.map(([question, right, salt]) => answerFor(question, right, salt));
          const expectedRight = items.filter(([, right]) => right).length;
          const grade = gradeAttempt(questions, answers, passPercent);
          expect(grade.right).toEqual(items.map(([, right]) => right));
          expect(grade.correctCount).toBe(expectedRight);
          expect(grade.scorePercent).toBeCloseTo((expectedRight / items.length) * 100, 9);
          expect(grade.passed).toBe(expectedRight * 100 >= passPercent * items.length);
        },
      ),
      { numRuns: 500 },
    );
  });

  test('property: a numeric answer exactly at the tolerance is right, just past it wrong', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -100000, max: 100000 }),
        fc.integer({ min: 0, max: 1000 }),
        fc.constantFrom(1, 10, 100, 1000),
        fc.boolean(),
        (answerUnits, toleranceUnits, scale, above) => {
          // Values typed as decimals (10.1 within 0.1 of 10), the way people write them.
          const answer = answerUnits / scale;
          const tolerance = toleranceUnits / scale;
          const edge = Number(((above ? answerUnits + toleranceUnits : answerUnits - toleranceUnits) / scale).toFixed(6));
          const past = Number(((above ? answerUnits + toleranceUnits + 1 : answerUnits - toleranceUnits - 1) / scale).toFixed(6));
          expect(withinTolerance(edge, answer, tolerance)).toBe(true);
          expect(withinTolerance(past, answer, tolerance)).toBe(false);
        },
      ),
      { numRuns: 1000 },
    );
  });

  test('single and true/false need exactly the right option; multiple needs exactly the right set; blank is wrong', () => {
    const base = { id: 1, prompt: 'p', numericAnswer: null, tolerance: null, unit: null, explanation: null };
    const single: ShownQuestion = { ...base, kind: 'single', options: ['a', 'b', 'c'], correct: [1] };
    expect(isRight(single, [1])).toBe(true);
    expect(isRight(single, [1, 2])).toBe(false);
    expect(isRight(single, null)).toBe(false);
    expect(isRight(single, 1)).toBe(false);
    const multiple: ShownQuestion = { ...base, kind: 'multiple', options: ['a', 'b', 'c'], correct: [0, 2] };
    expect(isRight(multiple, [2, 0])).toBe(true);
    expect(isRight(multiple, [0])).toBe(false);
    expect(isRight(multiple, [0, 1, 2])).toBe(false);
    const numeric: ShownQuestion = { ...base, kind: 'numeric', options: [], correct: [], numericAnswer: 10, tolerance: 0.1 };
    expect(isRight(numeric, 10.1)).toBe(true);
    expect(isRight(numeric, 9.9)).toBe(true);
    expect(isRight(numeric, 10.100001)).toBe(false);
    expect(isRight(numeric, [10])).toBe(false);
    expect(gradeAttempt([single, multiple, numeric], [[1], [0, 2], 10.1], 70)).toMatchObject({ correctCount: 3, passed: true });
    expect(gradeAttempt([], [], 70)).toMatchObject({ total: 0, passed: false });
  });
});
