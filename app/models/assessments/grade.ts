import type { QuestionKind } from '../../utils/value-sets';

/**
 * The grader (issue 31): pure, so the property test can throw random banks and answers at it. A question
 * is graded as shown in its attempt (options in the order shown, right answers as indices of that
 * order); a bank edited later never changes a past grade.
 */

export type ShownQuestion = {
  /** The bank's question id (item analysis), or 0 when it was deleted since. */
  id: number;
  kind: QuestionKind;
  prompt: string;
  /** The options as shown; empty for numeric questions. */
  options: string[];
  /** Indices into `options` of the right ones (one for single and true/false). */
  correct: number[];
  numericAnswer: number | null;
  tolerance: number | null;
  unit: string | null;
  explanation: string | null;
};

/** An answer: the chosen option indices, a number, or nothing (left blank). */
export type Answer = number[] | number | null;

/**
 * A number is right when it lies within the tolerance of the answer, both ends included. The slack of a
 * few units in the last place keeps 10.1 within 0.1 of 10 although 10.1 − 10 is 0.09999999999999964 or
 * 0.10000000000000142 in binary.
 */
export function withinTolerance(value: number, answer: number, tolerance: number): boolean {
  const slack = 4 * Number.EPSILON * Math.max(1, Math.abs(value), Math.abs(answer), tolerance);
  return Math.abs(value - answer) <= tolerance + slack;
}

export function isRight(question: ShownQuestion, answer: Answer): boolean {
  if (answer === null) return false;
  if (question.kind === 'numeric') {
    return typeof answer === 'number' && withinTolerance(answer, question.numericAnswer ?? NaN, question.tolerance ?? 0);
  }
  if (typeof answer === 'number') return false;
  const chosen = [...new Set(answer)].sort((a, b) => a - b);
  const right = [...new Set(question.correct)].sort((a, b) => a - b);
  if (question.kind !== 'multiple' && chosen.length !== 1) return false;
  return chosen.length === right.length && chosen.every((value, index) => value === right[index]);
}

export type Grade = { correctCount: number; total: number; scorePercent: number; passed: boolean; right: boolean[] };

/** `passPercent` is compared in whole numbers (correct × 100 ≥ pass × total), so 7 of 10 passes 70 % exactly. */
export function gradeAttempt(questions: ShownQuestion[], answers: Answer[], passPercent: number): Grade {
  const right = questions.map((question, index) => isRight(question, answers[index] ?? null));
  const correctCount = right.filter(Boolean).length;
  const total = questions.length;
  return {
    correctCount,
    total,
    scorePercent: total === 0 ? 0 : (correctCount * 100) / total,
    passed: total > 0 && correctCount * 100 >= passPercent * total,
    right,
  };
}
