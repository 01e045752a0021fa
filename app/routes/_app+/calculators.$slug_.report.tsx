import { LightLink } from '~/components/ui/light-link';
import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import type { ReactNode } from 'react';
import { FORM_ERROR, runCalculator } from '~/calculators';
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
import { LockedNotice } from '~/components/tool-frame';
import { Alert } from '~/components/ui/alert';
import { findCalculatorFor } from '~/models/tools/calculator-access.server';
import { calculatorHeader, calculatorPath, canonicalQuery, inputSummary } from '~/calculators/view';
import { requireUser } from '~/models/accounts/permissions.server';
import { orResponse } from '~/utils/form.server';
import { formatDateTime } from '~/utils/format';
import { pageMeta } from '~/utils/meta';

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(`Memorial de cálculo — ${data?.header.title ?? 'Calculadora'}`, data?.header.summary);


/**
 * /calculators/{slug}/report?{same query as the calculator}: the calculation report
 * ('memorial de cálculo'), print-ready. Same access rule as the calculator page (locked: 403,
 * nothing computed); invalid inputs answer 400 with the field messages and a way back.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const { calculator, access, level } = orResponse(() => findCalculatorFor(user, params.slug));
  const header = calculatorHeader(calculator, level);
  if (access === 'locked') return json({ state: 'locked' as const, header }, { status: 403 });

  const url = new URL(request.url);
  const run = runCalculator(calculator, url.searchParams);
  if (!run.ok) {
    const labels = new Map(calculator.inputs.map((field) => [field.name, field.label]));
    const errors = Object.entries(run.fieldErrors).map(([name, message]) => ({
      name,
      label: name === FORM_ERROR ? 'Dados' : (labels.get(name) ?? name),
      message,
    }));
    return json({ state: 'invalid' as const, header, errors, formHref: calculatorPath(calculator.slug, url.searchParams.toString()) }, { status: 400 });
  }
  const query = canonicalQuery(calculator, run);
  return json({
    state: 'ok' as const,
    header,
    inputs: inputSummary(calculator, run),
    formula: calculator.formula,
    references: calculator.references,
    disclaimer: calculator.disclaimer ?? null,
    result: run.result,
    generatedAt: formatDateTime(new Date()),
    username: user.username,
    formHref: calculatorPath(calculator.slug, query),
  });
}

function ReportSection({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  return (
    <section className="break-inside-avoid-page">
      <h2 className="border-b border-slate-200 pb-1 text-base font-semibold">
        {number}. {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
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

  const { header, inputs, formula, references, disclaimer, result, generatedAt, username, formHref } = data;
  return (
    <article className="mx-auto max-w-4xl px-4 py-8 print:max-w-none print:p-0 print:text-[11pt]" data-testid="calculation-report">
      <div className="mb-6 flex flex-wrap items-center gap-3 print:hidden">
        <LightLink to={formHref} className="btn-secondary">
          ← Voltar à calculadora
        </LightLink>
        <CalculatorPrintButton />
      </div>

      <div className="card space-y-6 print:border-0 print:p-0 print:shadow-none">
        <header>
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">E-Engenharia · Memorial de cálculo</p>
          <h1 className="mt-1 text-2xl font-bold">{header.title}</h1>
          <dl className="mt-4 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2 print:grid-cols-2">
            <div className="flex gap-2">
              <dt className="text-slate-500">Data:</dt>
              <dd data-testid="report-date">{generatedAt}</dd>
            </div>
            <div className="flex gap-2">
              <dt className="text-slate-500">Responsável:</dt>
              <dd data-testid="report-user">{username}</dd>
            </div>
            <div className="flex gap-2">
              <dt className="text-slate-500">Versão da calculadora:</dt>
              <dd data-testid="report-version">{header.version}</dd>
            </div>
            <div className="flex gap-2">
              <dt className="text-slate-500">Nível de acesso:</dt>
              <dd>{header.level}</dd>
            </div>
          </dl>
        </header>

        <ReportSection number={1} title="Objetivo e método">
          <p className="text-sm text-slate-700">{header.summary}</p>
        </ReportSection>

        <ReportSection number={2} title="Dados de entrada">
          <table className="w-full text-left text-sm" data-testid="report-inputs">
            <thead>
              <tr className="border-b border-slate-200 text-slate-500">
                <th scope="col" className="py-1 pr-4 font-medium">
                  Grandeza
                </th>
                <th scope="col" className="py-1 pr-4 text-right font-medium">
                  Valor
                </th>
                <th scope="col" className="py-1 font-medium">
                  Unidade
                </th>
              </tr>
            </thead>
            <tbody>
              {inputs.map((input) => (
                <tr key={input.name} className="border-b border-slate-100">
                  <th scope="row" className="py-1 pr-4 font-normal">
                    {input.label}
                  </th>
                  <td className="py-1 pr-4 text-right font-mono">{input.value}</td>
                  <td className="py-1">{input.unit}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ReportSection>

        <ReportSection number={3} title="Formulação">
          <CalculatorFormula formula={formula} />
        </ReportSection>

        <ReportSection number={4} title="Desenvolvimento">
          <CalculatorSteps steps={result.steps} />
        </ReportSection>

        <ReportSection number={5} title="Resultados">
          <CalculatorResults results={result.results} />
          {result.warnings.length > 0 ? (
            <div className="mt-4">
              <CalculatorWarnings warnings={result.warnings} />
            </div>
          ) : null}
        </ReportSection>

        <ReportSection number={6} title="Referências">
          <CalculatorReferences references={references} />
        </ReportSection>

        <footer className="border-t border-slate-200 pt-3">
          <CalculatorDisclaimer disclaimer={disclaimer ?? undefined} />
        </footer>
      </div>
    </article>
  );
}
