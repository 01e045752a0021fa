import { Form } from '@remix-run/react';
import { FormError } from '~/components/ui/form-error';
import { LightLink } from '~/components/ui/light-link';
import type { LessonQuizResult, LessonQuizView } from '~/models/assessments/lesson-quiz.server';
import { useIntentResult, useIntentSubmitting } from '~/utils/intent-form';
import { QuestionFields } from './attempt-form';
import { GradedQuestionList } from './attempt-result';

/** A lesson's exercise: the questions as a plain POST form, then the corrected answers with their explanations. */

export function LessonQuizForm({ quiz }: { quiz: LessonQuizView }) {
  const result = useIntentResult('quiz');
  const submitting = useIntentSubmitting('quiz');
  const fieldErrors = result?.error ?? {};
  return (
    <Form method="post" className="card space-y-6 p-4" aria-labelledby="quiz-form-title">
      <input type="hidden" name="intent" value="quiz" />
      <input type="hidden" name="version" value={quiz.version} />
      <h2 id="quiz-form-title" className="text-lg font-semibold">
        {quiz.questions.length === 1 ? 'Responda à questão' : `Responda às ${quiz.questions.length} questões`}
      </h2>
      <FormError title="Erro ao corrigir o exercício" errors={fieldErrors[''] ?? null} />
      <ol className="space-y-6">
        {quiz.questions.map((question, index) => (
          <li key={index}>
            <QuestionFields question={question} index={index} error={fieldErrors[`q${index}`]?.[0]} />
          </li>
        ))}
      </ol>
      <button type="submit" className="btn-primary" disabled={submitting}>
        {submitting ? 'Corrigindo...' : 'Corrigir'}
      </button>
    </Form>
  );
}

export function LessonQuizResultView({ result, retryTo }: { result: LessonQuizResult; retryTo: string }) {
  return (
    <section aria-labelledby="quiz-result-title" className="card space-y-4 p-4">
      <div>
        <h2 id="quiz-result-title" className="text-lg font-semibold">
          Você acertou {result.correctCount} de {result.total}
        </h2>
        <p className="text-sm text-slate-600">Exercício de prática: não conta para o certificado e não fica registrado.</p>
      </div>
      <GradedQuestionList questions={result.questions} />
      <LightLink to={retryTo} className="btn-secondary">
        Refazer o exercício
      </LightLink>
    </section>
  );
}
