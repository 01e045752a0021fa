import { getCollectionProps, getInputProps, getSelectProps, getTextareaProps } from '@conform-to/react';
import { useLocation } from '@remix-run/react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { Alert } from '~/components/ui/alert';
import { ConfirmActionPanel } from '~/components/ui/confirm-action';
import { Field, FieldExtras, SelectField, TextareaField } from '~/components/ui/field';
import { FormError } from '~/components/ui/form-error';
import { IntentForm } from '~/components/ui/intent-form';
import { DialogCloseLink, UrlDialog } from '~/components/ui/url-dialog';
import type { BankQuestionView } from '~/models/assessments/question-bank.server';
import { OPTION_FIELDS, questionFormSchema } from '~/schemas/question-bank';
import { firstReplyError } from '~/utils/form-reply';
import { useIntentForm, useIntentResult } from '~/utils/intent-form';
import { withParams } from '~/utils/url-state';
import { QUESTION_KIND_LABELS, QUESTION_KINDS } from '~/utils/value-sets';

/**
 * 'Nova questão' / 'Editar questão' (`?dialog=question[&question=ID]`): one form for every kind. Without
 * JavaScript every group of fields shows and the server reads the ones the chosen kind uses; with it,
 * only the chosen kind's group shows.
 */

export const DELETE_QUESTION_MESSAGE =
  'Tem certeza que deseja excluir esta questão? As tentativas já feitas continuam como foram corrigidas.';

const KIND_OPTIONS = QUESTION_KINDS.map((value) => ({ value, label: QUESTION_KIND_LABELS[value] }));
const decimal = (value: number | null) => (value === null ? '' : String(value).replace('.', ','));

function defaultsOf(question: BankQuestionView | null) {
  if (!question) return { kind: 'single', lessonId: '' };
  const choice = question.kind === 'single' || question.kind === 'multiple';
  return {
    questionId: String(question.id),
    kind: question.kind,
    lessonId: question.lessonId === null ? '' : String(question.lessonId),
    prompt: question.prompt,
    ...Object.fromEntries(OPTION_FIELDS.map((field, index) => [field, choice ? (question.options[index] ?? '') : ''])),
    correct: choice ? question.correct.map((index) => String(index + 1)) : [],
    trueFalse: question.kind === 'true_false' ? (question.correct[0] === 1 ? 'false' : 'true') : undefined,
    numericAnswer: decimal(question.numericAnswer),
    tolerance: decimal(question.tolerance),
    unit: question.unit ?? '',
    explanation: question.explanation ?? '',
  };
}

type LessonOption = { id: number; title: string };

export function QuestionDialog({ question, lessons }: { question: BankQuestionView | null; lessons: LessonOption[] }) {
  const intent = question ? 'update-question' : 'create-question';
  const hydrated = useHydrated();
  const { form, fields, submitting } = useIntentForm(intent, questionFormSchema, {
    id: question ? `question-form-${question.id}` : 'question-form-new',
    defaultValue: defaultsOf(question),
  });
  const kind = fields.kind.value;
  // Without JavaScript every group shows; once hydrated, the chosen kind's only.
  const shows = (group: 'choice' | 'true_false' | 'numeric') =>
    !hydrated || (group === 'choice' ? kind === 'single' || kind === 'multiple' || !kind : kind === group);
  const correctBoxes = getCollectionProps(fields.correct, { type: 'checkbox', options: ['1', '2', '3', '4', '5'] });
  const trueFalse = getCollectionProps(fields.trueFalse, { type: 'radio', options: ['true', 'false'] });
  return (
    <UrlDialog title={question ? 'Editar questão' : 'Nova questão'} params={['question']} size="lg">
      <IntentForm intent={intent} form={form} className="space-y-4">
        {question ? <input {...getInputProps(fields.questionId, { type: 'hidden' })} /> : null}
        <FormError title={question ? 'Erro ao atualizar questão' : 'Erro ao criar questão'} errors={form.errors} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label="Tipo" errors={fields.kind.errors} options={KIND_OPTIONS} selectProps={getSelectProps(fields.kind)} />
          <SelectField
            label="Onde"
            errors={fields.lessonId.errors}
            placeholder="Avaliação final do curso"
            options={lessons.map((lesson) => ({ value: String(lesson.id), label: `Exercício da aula: ${lesson.title}` }))}
            selectProps={getSelectProps(fields.lessonId)}
          />
        </div>
        <TextareaField
          label="Enunciado"
          errors={fields.prompt.errors}
          textareaProps={{ ...getTextareaProps(fields.prompt), rows: 3, maxLength: 1000 }}
        />
        {shows('choice') ? (
          <fieldset className="space-y-2 rounded-md border border-slate-200 p-3" aria-describedby={`${fields.correct.id}-hint`}>
            <legend className="px-1 text-sm font-semibold">Alternativas (múltipla escolha)</legend>
            <p id={`${fields.correct.id}-hint`} className="text-xs text-slate-500">
              De 2 a 5 alternativas; marque a correta (ou as corretas, no tipo &apos;várias corretas&apos;). As alternativas são
              embaralhadas em cada tentativa.
            </p>
            {OPTION_FIELDS.map((name, index) => (
              <div key={name} className="flex items-start gap-2">
                <label className="mt-2 flex shrink-0 items-center gap-1 text-sm">
                  <input {...correctBoxes[index]} key={correctBoxes[index].key} className="h-4 w-4 rounded border-slate-300" />
                  <span>
                    Correta<span className="sr-only"> (alternativa {index + 1})</span>
                  </span>
                </label>
                <Field
                  className="min-w-0 flex-1"
                  label={<span className="sr-only">Alternativa {index + 1}</span>}
                  errors={fields[name].errors}
                  inputProps={{ ...getInputProps(fields[name], { type: 'text' }), maxLength: 300, placeholder: `Alternativa ${index + 1}` }}
                />
              </div>
            ))}
            <FieldExtras
              errors={fields.correct.errors}
              errorId={fields.correct.errors?.length ? `${fields.correct.id}-error` : undefined}
            />
          </fieldset>
        ) : null}
        {shows('true_false') ? (
          <fieldset className="space-y-2 rounded-md border border-slate-200 p-3">
            <legend className="px-1 text-sm font-semibold">Verdadeiro ou falso: a afirmação é…</legend>
            <div className="flex gap-4">
              {trueFalse.map((props) => (
                <label key={props.key} className="flex items-center gap-1 text-sm">
                  <input {...props} key={props.key} />
                  <span>{props.value === 'true' ? 'Verdadeira' : 'Falsa'}</span>
                </label>
              ))}
            </div>
            <FieldExtras
              errors={fields.trueFalse.errors}
              errorId={fields.trueFalse.errors?.length ? `${fields.trueFalse.id}-error` : undefined}
            />
          </fieldset>
        ) : null}
        {shows('numeric') ? (
          <fieldset className="grid gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-3">
            <legend className="px-1 text-sm font-semibold">Resposta numérica</legend>
            <Field
              label="Resposta"
              errors={fields.numericAnswer.errors}
              inputProps={{
                ...getInputProps(fields.numericAnswer, { type: 'text' }),
                inputMode: 'decimal',
                maxLength: 32,
                autoComplete: 'off',
              }}
            />
            <Field
              label="Tolerância (±)"
              errors={fields.tolerance.errors}
              hint="Na unidade da resposta; 0 exige o valor exato."
              inputProps={{
                ...getInputProps(fields.tolerance, { type: 'text' }),
                inputMode: 'decimal',
                maxLength: 32,
                autoComplete: 'off',
              }}
            />
            <Field
              label="Unidade (opcional)"
              errors={fields.unit.errors}
              inputProps={{ ...getInputProps(fields.unit, { type: 'text' }), maxLength: 20, placeholder: '%' }}
            />
          </fieldset>
        ) : null}
        <TextareaField
          label="Explicação (opcional)"
          hint="Mostrada depois da correção."
          errors={fields.explanation.errors}
          textareaProps={{ ...getTextareaProps(fields.explanation), rows: 3, maxLength: 2000 }}
        />
        <div className="flex justify-end gap-2 pt-2">
          <DialogCloseLink params={['question']}>Cancelar</DialogCloseLink>
          <button type="submit" className="btn-primary" disabled={submitting}>
            {submitting ? 'Salvando...' : 'Salvar'}
          </button>
        </div>
      </IntentForm>
    </UrlDialog>
  );
}

/** The deletion's confirmation on a page of its own (what 'Excluir' opens without JavaScript). */
export function QuestionDeletePage({ question }: { question: { id: number; prompt: string } }) {
  const location = useLocation();
  const error = firstReplyError(useIntentResult('delete-question'));
  return (
    <ConfirmActionPanel
      title={`Excluir questão: ${question.prompt.length > 80 ? `${question.prompt.slice(0, 79)}…` : question.prompt}`}
      message={DELETE_QUESTION_MESSAGE}
      intent="delete-question"
      fields={{ questionId: String(question.id) }}
      cancelTo={`${location.pathname}${withParams(location.search, { confirm: null, question: null })}`}
      error={error ? <Alert title="Erro ao excluir questão">{error}</Alert> : null}
    />
  );
}
