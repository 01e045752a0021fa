import type { UserRow } from '../../../db/schema';
import { CSV_BOM, csvRow } from '../../utils/csv';
import { formatBr, ptBrNumber } from '../../utils/format';
import { QUESTION_KIND_LABELS } from '../../utils/value-sets';
import { getCourse } from '../courses/course.server';
import { courseItemAnalysis } from './analytics.server';

/**
 * The item analysis as a CSV file in the Brazilian format of the history export (`utils/csv.ts`: BOM,
 * semicolons, CRLF; numbers with a decimal comma and no thousands separator, so a spreadsheet computes
 * with them): one row per question, hardest first.
 */

export const ANALYTICS_CSV_COLUMNS = [
  'Questão',
  'Tipo',
  'Enunciado',
  'Apresentada',
  'Acertos',
  'Em branco',
  'Acerto (%)',
  'Erro mais escolhido',
  'Vezes',
] as const;

const percent = (share: number) => ptBrNumber({ maximumFractionDigits: 1, useGrouping: false }).format(share * 100);

/** avaliacao-curso-12-2026-11-28.csv (the São Paulo day). */
export const analyticsCsvFileName = (courseId: number, now: Date) => `avaliacao-curso-${courseId}-${formatBr(now, 'yyyy-MM-dd')}.csv`;

export function analyticsCsv(viewer: Pick<UserRow, 'id' | 'role'>, courseId: number): string {
  getCourse(viewer, courseId);
  const { questions } = courseItemAnalysis(viewer, courseId);
  const lines = questions.map((question) =>
    csvRow([
      question.questionId > 0 ? String(question.questionId) : '',
      QUESTION_KIND_LABELS[question.kind],
      question.prompt,
      String(question.shown),
      String(question.right),
      String(question.blank),
      percent(question.rightShare),
      question.topWrong?.label ?? '',
      question.topWrong ? String(question.topWrong.count) : '',
    ]),
  );
  return `${CSV_BOM}${csvRow(ANALYTICS_CSV_COLUMNS)}${lines.join('')}`;
}
