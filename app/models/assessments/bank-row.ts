import type { AssessmentQuestionRow } from '../../../db/schema';
import type { ShownQuestion } from './grade';

/** A bank row as the grader reads it: options and right answers parsed from their JSON columns, in the bank's order. */
export const parseBankRow = (row: AssessmentQuestionRow): ShownQuestion => ({
  id: row.id,
  kind: row.kind,
  prompt: row.prompt,
  options: JSON.parse(row.options) as string[],
  correct: JSON.parse(row.correct) as number[],
  numericAnswer: row.numericAnswer,
  tolerance: row.tolerance,
  unit: row.unit,
  explanation: row.explanation,
});
