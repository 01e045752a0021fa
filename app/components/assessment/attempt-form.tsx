import { Form } from '@remix-run/react';
import type { OpenAttemptView, OpenQuestion } from '~/models/assessments/attempts.server';
import { FormError } from '~/components/ui/form-error';
import { formatDateTime } from '~/utils/format';
import { useIntentResult, useIntentSubmitting } from '~/utils/intent-form';

/**
 * An open attempt as a plain POST form: radios for single and true/false questions, checkboxes for
 * multiple, a text field for numbers (comma or point). Nothing here knows the right answers: the
 * loader never sends them.
 */

export function QuestionFields({ question, index, error }: { question: OpenQuestion; index: number; error?: string }) {
  const name = `q${index}`;
  const errorId = `${name}-error`;
  const legend = (
    <legend className="font-medium">
      <span className="text-slate-500">{index + 1}.</span> {question.prompt}
    </legend>
  );
  if (question.kind === 'numeric') {
    return (
      <fieldset className="space-y-2" aria-describedby={error ? errorId : undefined}>
        {legend}
        <label className="flex flex-wrap items-center gap-2 text-sm">
          <span>Sua resposta{question.unit ? ` (${question.unit})` : ''}</span>
          <input
            name={name}
            inputMode="decimal"
            autoComplete="off"
            maxLength={32}
            className="input w-40"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
        </label>
        {error ? (
          <p id={errorId} className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </fieldset>
    );
  }
  const type = question.kind === 'multiple' ? 'checkbox' : 'radio';
  return (
    <fieldset className="space-y-2" aria-describedby={error ? errorId : undefined}>
      {legend}
      {question.kind === 'multiple' ? <p className="text-sm text-slate-600">Marque todas as corretas.</p> : null}
      <ul className="space-y-1">
        {question.options.map((option, optionIndex) => (
          <li key={optionIndex}>
            <label className="flex items-start gap-2 text-sm">
              <input type={type} name={name} value={optionIndex} className="mt-1" />
              <span>{option}</span>
            </label>
          </li>
        ))}
      </ul>
      {error ? (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

export function AttemptForm({ attempt }: { attempt: OpenAttemptView }) {
  const result = useIntentResult('submit');
  const submitting = useIntentSubmitting('submit');
  const fieldErrors = result?.error ?? {};
  return (
    <Form method="post" className="card space-y-6 p-4" aria-labelledby="attempt-title">
      <input type="hidden" name="intent" value="submit" />
      <input type="hidden" name="attemptId" value={attempt.id} />
      <div>
        <h2 id="attempt-title" className="text-lg font-semibold">
          Tentativa em andamento
        </h2>
        <p className="text-sm text-slate-600">
          Iniciada em {formatDateTime(attempt.startedAt)}
          {attempt.deadlineAt ? `. Envie até ${formatDateTime(attempt.deadlineAt)}: depois disso as respostas não são aceitas.` : '.'}
        </p>
      </div>
      <FormError title="Erro ao enviar respostas" errors={fieldErrors[''] ?? null} />
      <ol className="space-y-6">
        {attempt.questions.map((question, index) => (
          <li key={index}>
            <QuestionFields question={question} index={index} error={fieldErrors[`q${index}`]?.[0]} />
          </li>
        ))}
      </ol>
      <button type="submit" className="btn-primary" disabled={submitting}>
        {submitting ? 'Enviando...' : 'Enviar respostas'}
      </button>
    </Form>
  );
}
