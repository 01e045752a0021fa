import { getInputProps } from '@conform-to/react';
import { Form, useLocation } from '@remix-run/react';
import { ConfirmActionLink } from '~/components/ui/confirm-action';
import { Field } from '~/components/ui/field';
import { FormError } from '~/components/ui/form-error';
import { IntentForm } from '~/components/ui/intent-form';
import { LightLink } from '~/components/ui/light-link';
import { ListCount } from '~/components/ui/list-table';
import { Pagination } from '~/components/ui/pagination';
import type { BankQuestionView, FinalAssessmentAdminView } from '~/models/assessments/question-bank.server';
import { assessmentSettingsSchema } from '~/schemas/question-bank';
import { useIntentForm, useIntentSubmitting } from '~/utils/intent-form';
import type { Page } from '~/utils/pagination.server';
import { dialogLink, withParams } from '~/utils/url-state';
import { QUESTION_KIND_LABELS } from '~/utils/value-sets';
import { DELETE_QUESTION_MESSAGE } from './question-bank-dialog';

/**
 * The course page's 'Administração' tab, issue 31: 'Avaliação final' (its settings, or none) and
 * 'Questões' (the bank of the final assessment and of the lessons' exercises, a page at a time).
 */

const decimal = (value: number | null) => (value === null ? '' : String(value).replace('.', ','));
const blankIfNull = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

export function FinalAssessmentSettings({ final }: { final: FinalAssessmentAdminView }) {
  const { settings, finalBankSize } = final;
  const { form, fields, submitting } = useIntentForm('assessment-settings', assessmentSettingsSchema, {
    defaultValue: {
      passPercent: String(settings?.passPercent ?? 70),
      questionsPerAttempt: String(settings?.questionsPerAttempt ?? 10),
      timeLimitMinutes: blankIfNull(settings?.timeLimitMinutes),
      maxAttempts: blankIfNull(settings?.maxAttempts),
      waitHours: blankIfNull(settings?.waitHours),
    },
  });
  const removing = useIntentSubmitting('remove-assessment');
  const number = (field: typeof fields.passPercent) => ({
    ...getInputProps(field, { type: 'text' }),
    inputMode: 'numeric' as const,
    maxLength: 5,
  });
  return (
    <section className="card" aria-labelledby="final-assessment-title">
      <h2 id="final-assessment-title" className="text-lg font-semibold">
        Avaliação final
      </h2>
      <p className="mt-2 text-sm text-slate-600">
        {settings
          ? `O certificado exige aprovação. Banco da avaliação final: ${finalBankSize} ${finalBankSize === 1 ? 'questão' : 'questões'}.`
          : 'Este curso não tem avaliação final: o certificado exige só as aulas concluídas. Salve as regras abaixo para criá-la.'}
      </p>
      {settings && finalBankSize < settings.questionsPerAttempt ? (
        <p className="mt-1 text-sm text-amber-800">
          O banco tem menos questões que as {settings.questionsPerAttempt} por tentativa: cada tentativa traz as {finalBankSize} que houver.
        </p>
      ) : null}
      <IntentForm intent="assessment-settings" form={form} className="mt-4 space-y-4">
        <FormError title="Erro ao salvar a avaliação final" errors={form.errors} />
        <div className="grid gap-4 sm:grid-cols-3">
          <Field label="Nota mínima (%)" errors={fields.passPercent.errors} inputProps={number(fields.passPercent)} />
          <Field
            label="Questões por tentativa"
            errors={fields.questionsPerAttempt.errors}
            inputProps={number(fields.questionsPerAttempt)}
          />
          <Field
            label="Tempo limite (minutos)"
            hint="Em branco: sem limite."
            errors={fields.timeLimitMinutes.errors}
            inputProps={number(fields.timeLimitMinutes)}
          />
          <Field
            label="Tentativas"
            hint="Em branco: sem limite."
            errors={fields.maxAttempts.errors}
            inputProps={number(fields.maxAttempts)}
          />
          <Field
            label="Espera depois das tentativas (horas)"
            hint="Em branco: sem nova rodada."
            errors={fields.waitHours.errors}
            inputProps={number(fields.waitHours)}
          />
        </div>
        <button type="submit" className="btn-primary" disabled={submitting}>
          {submitting ? 'Salvando...' : settings ? 'Salvar avaliação final' : 'Criar avaliação final'}
        </button>
      </IntentForm>
      {settings ? (
        <Form method="post" className="mt-3" preventScrollReset>
          <input type="hidden" name="intent" value="remove-assessment" />
          <button type="submit" className="btn-secondary" disabled={removing}>
            Remover avaliação final
          </button>
        </Form>
      ) : null}
    </section>
  );
}

function rightAnswer(question: BankQuestionView): string {
  if (question.kind === 'numeric') {
    return `${decimal(question.numericAnswer)}${question.unit ? ` ${question.unit}` : ''} (± ${decimal(question.tolerance)})`;
  }
  return question.correct.map((index) => question.options[index]).join('; ');
}

function QuestionItem({ question, search }: { question: BankQuestionView; search: string }) {
  const deleteTo = withParams(search, { confirm: 'delete-question', question: question.id, dialog: null }) || '?';
  return (
    <li className="space-y-1 py-3 text-sm" data-testid="bank-question">
      <p className="flex flex-wrap gap-2 text-xs text-slate-500">
        <span>{QUESTION_KIND_LABELS[question.kind]}</span>
        <span aria-hidden="true">·</span>
        <span>{question.lessonId === null ? 'Avaliação final' : `Exercício da aula: ${question.lessonTitle ?? ''}`}</span>
      </p>
      <p className="font-medium [overflow-wrap:anywhere]">{question.prompt}</p>
      {question.kind === 'numeric' ? null : (
        <p className="text-slate-600 [overflow-wrap:anywhere]">Alternativas: {question.options.join(' · ')}</p>
      )}
      <p className="text-green-800 [overflow-wrap:anywhere]">Correta: {rightAnswer(question)}</p>
      {question.explanation ? <p className="text-slate-600 [overflow-wrap:anywhere]">Explicação: {question.explanation}</p> : null}
      <div className="flex flex-wrap gap-2 pt-1">
        <LightLink
          to={dialogLink(search, 'question', { question: question.id, confirm: null })}
          className="btn-secondary px-3 py-1.5"
          preventScrollReset
        >
          Editar<span className="sr-only"> questão {question.id}</span>
        </LightLink>
        <ConfirmActionLink
          to={deleteTo}
          message={DELETE_QUESTION_MESSAGE}
          intent="delete-question"
          fields={{ questionId: String(question.id) }}
          className="btn-danger px-3 py-1.5"
        >
          Excluir<span className="sr-only"> questão {question.id}</span>
        </ConfirmActionLink>
      </div>
    </li>
  );
}

export function QuestionBankList({ bank }: { bank: Page<BankQuestionView> }) {
  const { search } = useLocation();
  return (
    <section className="card" aria-labelledby="question-bank-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="question-bank-title" className="text-lg font-semibold">
          Questões
        </h2>
        <LightLink to={dialogLink(search, 'question', { question: null, confirm: null })} className="btn-primary" preventScrollReset>
          Adicionar questão
        </LightLink>
      </div>
      <p className="mt-2 text-sm text-slate-600">
        As da avaliação final são sorteadas a cada tentativa; as de uma aula formam o exercício no fim dela (prática, sem nota para o
        certificado). Editar ou excluir uma questão não muda as tentativas já feitas.
      </p>
      {bank.total === 0 ? (
        <p className="mt-3 text-sm text-slate-500">Nenhuma questão cadastrada.</p>
      ) : (
        <>
          <ListCount total={bank.total} one="questão" many="questões" />
          <ol className="divide-y divide-slate-100" data-testid="question-bank">
            {bank.items.map((question) => (
              <QuestionItem key={question.id} question={question} search={search} />
            ))}
          </ol>
          <Pagination page={bank.page} pageCount={bank.pageCount} />
        </>
      )}
    </section>
  );
}
