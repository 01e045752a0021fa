import { LightLink } from '~/components/ui/light-link';
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { FORM_ERROR, runCalculator } from '~/calculators';
import { CalculatorFigures } from '~/components/calculator-figures';
import { placeFigures } from '~/calculators/figure-markup';
import { CalculatorHeader } from '~/components/calculator-header';
import {
  CalculatorDisclaimer,
  CalculatorFormula,
  CalculatorReferences,
  CalculatorResults,
  CalculatorSteps,
  CalculatorWarnings,
} from '~/components/calculator-output';
import { CalculatorPrintButton } from '~/components/calculator-print-button';
import {
  MemorialIdentification,
  MemorialInputsTable,
  MemorialPrintStyle,
  MemorialSection,
  MemorialSignature,
  MemorialStandards,
} from '~/components/memorial/memorial-parts';
import { MemorialProjectForm, PROJECT_INTENT } from '~/components/memorial/project-form';
import { LockedNotice } from '~/components/tool-frame';
import { Alert } from '~/components/ui/alert';
import { findCalculatorFor, requireUsableCalculator } from '~/models/tools/calculator-access.server';
import { getMemorialProfile, saveMemorialProfile } from '~/models/tools/memorial-profile.server';
import { calculatorHeader, calculatorPath, canonicalQuery, inputSummary } from '~/calculators/view';
import { requireUser } from '~/models/accounts/permissions.server';
import { memorialProfileSchema } from '~/schemas/memorial-profile';
import { handleForm, intent, orResponse } from '~/utils/form.server';
import { formatDateTime } from '~/utils/format';
import { pageMeta } from '~/utils/meta';
import { redirectWithToast } from '~/utils/toast.server';
import { personName } from '~/utils/person-name';

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(`Memorial de cálculo — ${data?.header.title ?? 'Calculadora'}`, data?.header.summary);

/**
 * /calculators/{slug}/report?{same query as the calculator}: the calculation report
 * ('memorial de cálculo'), printed on A4. Same access rule as the calculator page (locked: 403,
 * nothing computed); invalid inputs answer 400 with the field messages and a way back. The
 * project's data ('Dados do projeto') are the signed-in user's own, saved by this page's form.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const { calculator, access, level } = orResponse(() => findCalculatorFor(user, params.slug));
  const header = calculatorHeader(calculator, level);
  if (access === 'locked') return json({ state: 'locked' as const, header }, { status: 403 });

  const url = new URL(request.url);
  const run = runCalculator(calculator, url.searchParams, { figures: true });
  if (!run.ok) {
    const labels = new Map(calculator.inputs.map((field) => [field.name, field.label]));
    const errors = Object.entries(run.fieldErrors).map(([name, message]) => ({
      name,
      label: name === FORM_ERROR ? 'Dados' : (labels.get(name) ?? name),
      message,
    }));
    return json(
      { state: 'invalid' as const, header, errors, formHref: calculatorPath(calculator.slug, url.searchParams.toString()) },
      { status: 400 },
    );
  }
  const query = canonicalQuery(calculator, run);
  return json({
    state: 'ok' as const,
    header,
    inputs: inputSummary(calculator, run),
    formula: calculator.formula,
    references: calculator.references,
    standards: calculator.standards ?? [],
    disclaimer: calculator.disclaimer ?? null,
    result: { ...run.result, figures: run.result.figures ? placeFigures(run.result.figures, context.documentMarkup) : undefined },
    generatedAt: formatDateTime(new Date()),
    generatedBy: personName(user),
    profile: getMemorialProfile(user.id),
    formHref: calculatorPath(calculator.slug, query),
  });
}

/** 'Dados do projeto': saved for the user, then back to this memorial with its query (post, redirect, get). */
export async function action(args: ActionFunctionArgs) {
  const user = await requireUser(args.request);
  orResponse(() => requireUsableCalculator(user, args.params.slug));
  return handleForm(args, {
    [PROJECT_INTENT]: intent({
      schema: memorialProfileSchema,
      run: (value) => {
        saveMemorialProfile(user.id, value);
        const url = new URL(args.request.url);
        return redirectWithToast(`${url.pathname}${url.search}`, {
          title: 'Dados do projeto salvos',
          description: 'Eles estão neste memorial e voltam preenchidos no próximo.',
          type: 'success',
        });
      },
    }),
  });
}

export default function CalculationReport() {
  const data = useLoaderData<typeof loader>();
  if (data.state === 'locked') {
    return (
      <div className="mx-auto max-w-4xl px-4 py-8">
        <CalculatorHeader {...data.header} />
        <div className="mt-6" data-testid="calculator-locked">
          <LockedNotice level={data.header.level} />
        </div>
      </div>
    );
  }
  if (data.state === 'invalid') {
    return (
      <div className="mx-auto max-w-4xl px-4 py-8">
        <CalculatorHeader {...data.header} />
        <div className="mt-6 space-y-4">
          <Alert title="Não é possível gerar o memorial com estes dados">
            <ul className="list-disc pl-5" data-testid="report-errors">
              {data.errors.map((error) => (
                <li key={error.name}>
                  <strong>{error.label}:</strong> {error.message}
                </li>
              ))}
            </ul>
          </Alert>
          <LightLink to={data.formHref} className="btn-primary">
            Voltar à calculadora
          </LightLink>
        </div>
      </div>
    );
  }

  const { header, inputs, formula, references, standards, disclaimer, result, generatedAt, generatedBy, profile, formHref } = data;
  let section = 0;
  const next = () => ++section;
  return (
    <article
      className="mx-auto max-w-4xl space-y-6 px-4 py-8 print:max-w-none print:p-0 print:text-[11pt]"
      data-testid="calculation-report"
    >
      <MemorialPrintStyle />
      <div className="flex flex-wrap items-center gap-3 print:hidden">
        <LightLink to={formHref} className="btn-secondary">
          ← Voltar à calculadora
        </LightLink>
        <CalculatorPrintButton />
      </div>

      <MemorialProjectForm key={JSON.stringify(profile)} profile={profile} />

      <div className="memorial-document card space-y-6 print:border-0 print:p-0 print:shadow-none">
        <header>
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">E-Engenharia · Memorial de cálculo</p>
          <h1 className="mt-1 break-words text-2xl font-bold">{header.title}</h1>
          <MemorialIdentification profile={profile} generatedAt={generatedAt} generatedBy={generatedBy} />
        </header>

        <MemorialSection number={next()} title="Objetivo e método">
          <p className="text-sm text-slate-700">{header.summary}</p>
        </MemorialSection>

        <MemorialSection number={next()} title="Dados de entrada" keepTogether={inputs.length <= 12}>
          <div className="overflow-x-auto">
            <MemorialInputsTable inputs={inputs} testId="report-inputs" />
          </div>
        </MemorialSection>

        <MemorialSection number={next()} title="Resultados" keepTogether={result.results.length <= 12}>
          <CalculatorResults results={result.results} />
          {result.warnings.length > 0 ? (
            <div className="mt-4">
              <CalculatorWarnings warnings={result.warnings} />
            </div>
          ) : null}
        </MemorialSection>

        {result.figures?.length ? (
          <MemorialSection number={next()} title="Diagramas" keepTogether={false} testId="memorial-figures">
            <div className="memorial-figures">
              <CalculatorFigures figures={result.figures} />
            </div>
          </MemorialSection>
        ) : null}

        <MemorialSection number={next()} title="Desenvolvimento" keepTogether={false}>
          <CalculatorSteps steps={result.steps} />
        </MemorialSection>

        <MemorialSection number={next()} title="Formulação">
          <CalculatorFormula formula={formula} />
        </MemorialSection>

        <MemorialSection number={next()} title="Referências">
          <CalculatorReferences references={references} />
        </MemorialSection>

        {/* One block on paper: the signature never starts a page of its own, it goes with the last section. */}
        <div className="memorial-keep space-y-6">
          <MemorialSection number={next()} title="Normas e versão" testId="memorial-norms">
            <MemorialStandards version={header.version} standards={standards} />
          </MemorialSection>

          <MemorialSignature profile={profile} />

          <footer className="border-t border-slate-200 pt-3">
            <CalculatorDisclaimer disclaimer={disclaimer ?? undefined} />
          </footer>
        </div>
      </div>
    </article>
  );
}
