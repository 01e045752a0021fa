import { getInputProps } from '@conform-to/react';
import type { InputField } from '~/calculators/types';
import { CalculatorForm, RESULT_ANCHOR } from '~/components/calculator-form';
import { CalculatorHeader } from '~/components/calculator-header';
import { CalculatorResults, CalculatorWarnings } from '~/components/calculator-output';
import { Alert } from '~/components/ui/alert';
import { FormError } from '~/components/ui/form-error';
import { IntentForm } from '~/components/ui/intent-form';
import { LightLink } from '~/components/ui/light-link';
import type { projectCalculatorView } from '~/models/projects/project-calculator.server';
import { MAX_HISTORY_TITLE } from '~/schemas/calculation-history';
import { projectCalculationSchema } from '~/schemas/projects';
import { useIntentForm } from '~/utils/intent-form';
import { InputWithSubmit } from '~/components/ui/input-with-submit';

type View = ReturnType<typeof projectCalculatorView>;

/** A calculator inside a project: the inputs (a GET form), the result, and 'Salvar no projeto'. */
export function ProjectCalculator({ view, saveLabel }: { view: View; saveLabel: string }) {
  const { project, header, inputs, values, outcome, title } = view;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <LightLink to={`/projects/${project.id}`} className="text-sm text-brand-700 hover:underline">
        ← {project.name}
      </LightLink>
      <div className="mt-3">
        <CalculatorHeader {...header} />
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <section className="card self-start" aria-labelledby="inputs-title">
          <h2 id="inputs-title" className="text-lg font-semibold">
            Dados de entrada
          </h2>
          <div className="mt-4">
            <CalculatorForm
              inputs={inputs as readonly InputField[]}
              values={values}
              errors={outcome && !outcome.ok ? outcome.fieldErrors : null}
            />
          </div>
        </section>
        <div className="space-y-6">
          {outcome?.ok ? (
            <section className="card" id={RESULT_ANCHOR} data-testid="calculator-result">
              <h2 className="text-lg font-semibold">Resultado</h2>
              <div className="mt-3 space-y-4">
                <CalculatorResults results={outcome.result.results} />
                {outcome.result.warnings.length > 0 ? <CalculatorWarnings warnings={outcome.result.warnings} /> : null}
                <SaveToProject query={outcome.query} title={title} label={saveLabel} />
              </div>
            </section>
          ) : outcome ? (
            <div id={RESULT_ANCHOR}>
              <Alert title="Revise os dados">Corrija os campos destacados para ver o resultado.</Alert>
            </div>
          ) : (
            <Alert variant="info" title="Exemplo preenchido">
              Ajuste os dados e clique em Calcular; depois salve o resultado no projeto.
            </Alert>
          )}
        </div>
      </div>
    </div>
  );
}

function SaveToProject({ query, title, label }: { query: string; title: string; label: string }) {
  const { form, fields, submitting } = useIntentForm('save', projectCalculationSchema, {
    id: 'save-to-project',
    defaultValue: { title },
    shouldValidate: 'onSubmit',
  });
  const error = fields.title.errors?.[0];
  return (
    <IntentForm intent="save" form={form} className="space-y-2">
      <input type="hidden" name="query" value={query} />
      <FormError title="Não foi possível salvar no projeto" errors={form.errors} />
      <InputWithSubmit
        label="Título no projeto"
        inputProps={{ ...getInputProps(fields.title, { type: 'text' }), maxLength: MAX_HISTORY_TITLE }}
        error={error}
        buttonLabel={label}
        submitting={submitting}
      />
    </IntentForm>
  );
}
