import type { AttemptResult, AttemptSummary, GradedQuestion } from './attempts.server';

/**
 * A graded question as the correction shows it: the answer given and, when it was wrong, the right one, as
 * the texts the page prints. The assessment page's loader sends these (made once per kept page,
 * app/models/assessments/assessment-page-kept.server.ts) instead of each question's options, right
 * indices, tolerance and unit, which only these texts used.
 */
export type ReviewQuestion = { prompt: string; right: boolean; given: string; expected: string | null; explanation: string | null };

/** A line of 'Suas tentativas'. */
export type HistoryLine = Pick<AttemptSummary, 'id' | 'submittedAt' | 'scorePercent' | 'passed' | 'expired'>;

/** A graded attempt as its correction shows it. */
export type AttemptReview = HistoryLine & Pick<AttemptSummary, 'correctCount' | 'total' | 'passPercent'> & { questions: ReviewQuestion[] };

const decimal = (value: number | null) => String(value).replace('.', ',');
const withUnit = (text: string, unit: string | null) => (unit ? `${text} ${unit}` : text);

function givenText(question: GradedQuestion): string {
  if (question.answer === null) return 'Em branco';
  if (typeof question.answer === 'number') return withUnit(decimal(question.answer), question.unit);
  return question.answer.map((index) => question.options[index]).join('; ');
}

function expectedText(question: GradedQuestion): string {
  if (question.kind === 'numeric')
    return `${withUnit(decimal(question.numericAnswer), question.unit)} (tolerância ± ${decimal(question.tolerance)})`;
  return question.correct.map((index) => question.options[index]).join('; ');
}

export const reviewQuestionOf = (question: GradedQuestion): ReviewQuestion => ({
  prompt: question.prompt,
  right: question.right,
  given: givenText(question),
  expected: question.right ? null : expectedText(question),
  explanation: question.explanation,
});

export const attemptReviewOf = (result: AttemptResult): AttemptReview => ({
  ...historyLineOf(result),
  correctCount: result.correctCount,
  total: result.total,
  passPercent: result.passPercent,
  questions: result.questions.map(reviewQuestionOf),
});

export const historyLineOf = ({ id, submittedAt, scorePercent, passed, expired }: AttemptSummary): HistoryLine => ({
  id,
  submittedAt,
  scorePercent,
  passed,
  expired,
});
