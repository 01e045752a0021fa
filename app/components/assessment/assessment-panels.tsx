import { Form } from '@remix-run/react';
import { Cell, ListTable } from '~/components/ui/list-table';
import { LightLink } from '~/components/ui/light-link';
import type { AssessmentSettings, StartVerdict } from '~/models/assessments/attempts.server';
import type { HistoryLine } from '~/models/assessments/graded-review';
import { formatDateTime } from '~/utils/format';
import { useIntentSubmitting } from '~/utils/intent-form';
import { formatScore } from '~/utils/score';

/** The assessment page's parts around the attempt: the rules, the start button (or why not), the past attempts. */

function limitsText(settings: AssessmentSettings): string {
  if (settings.maxAttempts === null) return 'Tentativas: sem limite.';
  const attempts = settings.maxAttempts === 1 ? '1 tentativa' : `${settings.maxAttempts} tentativas`;
  return settings.waitHours === null ? `Tentativas: ${attempts}.` : `Tentativas: ${attempts}, depois ${settings.waitHours} h de espera.`;
}

export function AssessmentIntro({
  courseTitle,
  settings,
  bankSize,
}: {
  courseTitle: string;
  settings: AssessmentSettings;
  bankSize: number;
}) {
  return (
    <header>
      <p className="text-sm text-slate-600">{courseTitle}</p>
      <h1 className="text-2xl font-bold">Avaliação final</h1>
      <ul className="mt-2 list-disc pl-5 text-sm text-slate-700">
        <li>Nota mínima para aprovação: {settings.passPercent} %.</li>
        <li>Questões por tentativa: {Math.min(settings.questionsPerAttempt, bankSize)}, sorteadas do banco do curso.</li>
        <li>
          {settings.timeLimitMinutes === null ? 'Sem limite de tempo.' : `Tempo: ${settings.timeLimitMinutes} minutos a partir do início.`}
        </li>
        <li>{limitsText(settings)}</li>
      </ul>
    </header>
  );
}

export function StartAttemptForm({ verdict, hasQuestions, courseId }: { verdict: StartVerdict; hasQuestions: boolean; courseId: number }) {
  const submitting = useIntentSubmitting('start');
  if (!hasQuestions) return <p className="card p-4 text-slate-700">A avaliação ainda não tem questões. Tente mais tarde.</p>;
  if (!verdict.ok) {
    return (
      <div className="card space-y-2 p-4">
        <p className="text-slate-700">{verdict.message}</p>
        <LightLink to={`/courses/${courseId}`} className="text-sm text-brand-700 hover:underline">
          Voltar para o curso
        </LightLink>
      </div>
    );
  }
  return (
    <Form method="post" className="card p-4">
      <input type="hidden" name="intent" value="start" />
      <p className="mb-3 text-sm text-slate-700">Ao iniciar, as questões são sorteadas e o tempo (se houver) começa a contar.</p>
      <button type="submit" className="btn-primary" disabled={submitting}>
        {submitting ? 'Iniciando...' : 'Iniciar avaliação'}
      </button>
    </Form>
  );
}

const HEADERS = ['Enviada em', 'Nota', 'Situação', 'Detalhes'] as const;

export function AttemptHistory({ courseId, attempts }: { courseId: number; attempts: HistoryLine[] }) {
  return (
    <section aria-labelledby="history-title">
      <h2 id="history-title" className="text-lg font-semibold">
        Suas tentativas
      </h2>
      <ListTable label="Suas tentativas" headers={HEADERS} empty="Nenhuma tentativa ainda." count={attempts.length}>
        {attempts.map((attempt) => (
          <tr key={attempt.id}>
            <Cell>{formatDateTime(attempt.submittedAt)}</Cell>
            <Cell>{formatScore(attempt.scorePercent)}</Cell>
            <Cell>{attempt.passed ? 'Aprovado' : attempt.expired ? 'Tempo esgotado' : 'Não aprovado'}</Cell>
            <Cell>
              <LightLink
                to={`/courses/${courseId}/avaliacao?tentativa=${attempt.id}#result-title`}
                className="text-brand-700 hover:underline"
              >
                Ver correção
              </LightLink>
            </Cell>
          </tr>
        ))}
      </ListTable>
    </section>
  );
}
