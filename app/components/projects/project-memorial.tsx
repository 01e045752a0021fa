import { CalculatorFigures } from '~/components/calculator-figures';
import {
  CalculatorDisclaimer,
  CalculatorFormula,
  CalculatorReferences,
  CalculatorResults,
  CalculatorSteps,
  CalculatorWarnings,
} from '~/components/calculator-output';
import { MemorialInputsTable, MemorialPrintStyle, MemorialStandards, MemorialSignature } from '~/components/memorial/memorial-parts';
import type { ProjectMemorialData } from '~/models/projects/memorial.server';

/**
 * The project memorial (issue 32): cover, contents, each calculation (inputs, results, warnings,
 * diagrams, steps, formula, standards), the revision table and the signature block. Printed by the
 * browser on A4 with page numbers (the single memorial's print style, decision 030); each
 * calculation starts a new printed page.
 */
export function ProjectMemorial({ data }: { data: ProjectMemorialData }) {
  const { project, revision, issuedAt, calculations, revisions } = data;
  const profile = {
    projectName: project.name,
    client: project.client,
    place: project.place,
    engineerName: project.engineerName,
    crea: project.crea,
    art: project.art,
  };
  return (
    <div className="memorial-document card space-y-8 print:border-0 print:p-0 print:shadow-none" data-testid="project-memorial">
      <MemorialPrintStyle />
      <header className="space-y-3 print:flex print:min-h-[240mm] print:flex-col print:justify-center" data-testid="memorial-cover">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">E-Engenharia · Memorial de cálculo do projeto</p>
        <h1 className="break-words text-3xl font-bold">{project.name}</h1>
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 print:grid-cols-2">
          <Line label="Cliente" value={project.client} />
          <Line label="Local" value={project.place} />
          <Line label="ART" value={project.art} />
          <Line label="Responsável técnico" value={project.engineerName} />
          <Line label="CREA" value={project.crea} />
          <Line
            label="Revisão"
            value={revision ? `${revision}${issuedAt ? ` · emitida em ${issuedAt}` : ''}` : 'Prévia (não emitida)'}
            testId="memorial-revision"
          />
        </dl>
        {project.description ? <p className="whitespace-pre-line text-sm text-slate-700">{project.description}</p> : null}
      </header>

      <nav aria-labelledby="memorial-contents-title" className="print:break-before-page" data-testid="memorial-contents">
        <h2 id="memorial-contents-title" className="border-b border-slate-200 pb-1 text-base font-semibold">
          Sumário
        </h2>
        <ol className="mt-3 list-decimal space-y-1 pl-6 text-sm">
          {calculations.map((calculation, index) => (
            <li key={`${calculation.sourceId}-${index}`}>
              <a href={`#calculo-${index + 1}`} className="text-brand-700 underline print:text-slate-900 print:no-underline">
                {calculation.title}
              </a>{' '}
              <span className="text-slate-500">— {calculation.calculatorTitle}</span>
            </li>
          ))}
          <li>
            <a href="#tabela-de-revisoes" className="text-brand-700 underline print:text-slate-900 print:no-underline">
              Tabela de revisões
            </a>
          </li>
        </ol>
      </nav>

      {calculations.map((calculation, index) => (
        <section
          key={`${calculation.sourceId}-${index}`}
          id={`calculo-${index + 1}`}
          aria-labelledby={`calculo-${index + 1}-title`}
          className="space-y-4 print:break-before-page"
          data-testid="memorial-calculation"
        >
          <h2 id={`calculo-${index + 1}-title`} className="break-words border-b border-slate-300 pb-1 text-lg font-semibold">
            {index + 1}. {calculation.title}
          </h2>
          <p className="text-sm text-slate-600">
            {calculation.calculatorTitle} — {calculation.summary}
          </p>
          {calculation.problem ? (
            <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">{calculation.problem}</p>
          ) : null}
          {calculation.inputs.length > 0 ? (
            <div>
              <h3 className="break-after-avoid text-sm font-semibold">Dados de entrada</h3>
              <div className="mt-2">
                <MemorialInputsTable inputs={calculation.inputs} />
              </div>
            </div>
          ) : null}
          {calculation.results.length > 0 ? (
            <div>
              <h3 className="break-after-avoid text-sm font-semibold">Resultados</h3>
              <div className="mt-2">
                <CalculatorResults results={calculation.results} />
              </div>
            </div>
          ) : null}
          {calculation.warnings.length > 0 ? <CalculatorWarnings warnings={calculation.warnings} /> : null}
          {calculation.figures.length > 0 ? (
            <div className="memorial-figures">
              <h3 className="break-after-avoid text-sm font-semibold">Diagramas</h3>
              <CalculatorFigures figures={calculation.figures} />
            </div>
          ) : null}
          {calculation.steps.length > 0 ? (
            <div>
              <h3 className="break-after-avoid text-sm font-semibold">Desenvolvimento</h3>
              <div className="mt-2">
                <CalculatorSteps steps={calculation.steps} />
              </div>
            </div>
          ) : null}
          {calculation.formula ? (
            <div className="memorial-keep">
              <h3 className="break-after-avoid text-sm font-semibold">Formulação</h3>
              <CalculatorFormula formula={calculation.formula} />
            </div>
          ) : null}
          {calculation.references.length > 0 ? (
            <div className="memorial-keep">
              <h3 className="break-after-avoid text-sm font-semibold">Referências</h3>
              <CalculatorReferences references={calculation.references} />
            </div>
          ) : null}
          <div className="memorial-keep">
            <h3 className="break-after-avoid text-sm font-semibold">Normas e versão</h3>
            <MemorialStandards version={calculation.version} standards={calculation.standards} />
          </div>
          {calculation.disclaimer ? <CalculatorDisclaimer disclaimer={calculation.disclaimer} /> : null}
        </section>
      ))}

      <div className="memorial-keep space-y-6 print:break-before-page">
        <section id="tabela-de-revisoes" aria-labelledby="memorial-revisions-title" data-testid="memorial-revisions">
          <h2 id="memorial-revisions-title" className="border-b border-slate-200 pb-1 text-base font-semibold">
            Tabela de revisões
          </h2>
          {revisions.length === 0 ? (
            <p className="mt-3 text-sm text-slate-600">Nenhuma revisão emitida ainda.</p>
          ) : (
            <table className="mt-3 w-full text-left text-sm">
              <thead>
                <tr className="border-b border-slate-200 text-slate-500">
                  <th scope="col" className="py-1 pr-4 font-medium">
                    Revisão
                  </th>
                  {/* On a phone the date goes under the revision, so the changes keep the width. */}
                  <th scope="col" className="hidden py-1 pr-4 font-medium sm:table-cell">
                    Data
                  </th>
                  <th scope="col" className="py-1 font-medium">
                    Alterações
                  </th>
                </tr>
              </thead>
              <tbody>
                {revisions.map((entry) => (
                  <tr key={entry.label} className="border-b border-slate-100 align-top">
                    <th scope="row" className="py-1 pr-4 font-normal">
                      <span className="whitespace-nowrap">{entry.label}</span>
                      <span className="block text-xs text-slate-500 sm:hidden">{entry.issuedAt}</span>
                    </th>
                    <td className="hidden whitespace-nowrap py-1 pr-4 sm:table-cell">{entry.issuedAt}</td>
                    <td className="py-1">
                      <ul className="space-y-1">
                        {entry.lines.map((line, index) => (
                          <li key={index} className="break-words">
                            {line}
                          </li>
                        ))}
                      </ul>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
        <MemorialSignature profile={profile} />
      </div>
    </div>
  );
}

function Line({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="flex min-w-0 flex-wrap gap-x-2">
      <dt className="text-slate-500">{label}:</dt>
      <dd className="min-w-0 break-words" data-testid={testId}>
        {value || '—'}
      </dd>
    </div>
  );
}
