import type { AssessmentTotals } from '~/models/assessments/analytics.server';
import type { QuestionStats } from '~/models/assessments/item-analysis';
import { Cell, ListTable } from '~/components/ui/list-table';
import { ptBrNumber } from '~/utils/format';
import { formatScore } from '~/utils/score';
import { QUESTION_KIND_LABELS } from '~/utils/value-sets';

/** The admin's view of how a course teaches (issue 31, item 5): the totals and the item analysis. */

const count = (value: number) => ptBrNumber({ maximumFractionDigits: 0 }).format(value);

export function AnalyticsTotals({ totals }: { totals: AssessmentTotals }) {
  const figures: Array<[string, string]> = [
    ['Tentativas', count(totals.attempts)],
    ['Alunos', count(totals.learners)],
    ['Aprovações', count(totals.passed)],
    ['Taxa de aprovação', totals.passRate === null ? '—' : formatScore(totals.passRate)],
    ['Nota média', totals.averageScore === null ? '—' : formatScore(totals.averageScore)],
    ['Tempo esgotado', count(totals.expired)],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3" data-testid="analytics-totals">
      {figures.map(([label, value]) => (
        <div key={label} className="rounded-md border border-slate-200 p-3">
          <dt className="text-sm text-slate-600">{label}</dt>
          <dd className="mt-1 text-xl font-semibold">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const HEADERS = ['Questão', 'Apresentada', 'Acerto', 'Em branco', 'Erro mais escolhido'] as const;

export function ItemAnalysisTable({ questions, total }: { questions: QuestionStats[]; total: number }) {
  return (
    <ListTable label="Análise por questão" headers={HEADERS} empty="Nenhuma tentativa respondida encontrada" count={total}>
      {questions.map((question) => (
        <tr key={`${question.questionId}:${question.prompt}`} data-testid="item-row">
          <Cell>
            <div>
              <span className="block">{question.prompt}</span>
              <span className="block text-xs text-slate-500">
                {question.questionId > 0 ? `#${question.questionId} · ` : 'Excluída do banco · '}
                {QUESTION_KIND_LABELS[question.kind]}
              </span>
            </div>
          </Cell>
          <Cell>{count(question.shown)}</Cell>
          <Cell>
            {formatScore(question.rightShare * 100)} ({count(question.right)})
          </Cell>
          <Cell>{count(question.blank)}</Cell>
          <Cell>{question.topWrong ? `${question.topWrong.label} (${count(question.topWrong.count)}×)` : '—'}</Cell>
        </tr>
      ))}
    </ListTable>
  );
}
