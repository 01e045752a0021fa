import { useContext, type ReactNode } from 'react';
import type { PlacedFigure } from '~/calculators/figure-markup';
import type { CalculationStep, ResultItem } from '~/calculators/types';
import { CalculatorFigures } from '~/components/calculator-figures';
import { INPUTS_ANCHOR, RESULT_ANCHOR } from '~/components/calculator-form';
import { CalculatorResults, CalculatorSteps, CalculatorWarnings } from '~/components/calculator-output';
import { DocumentMarkupContext } from '~/components/document-markup';
import { StaticMarkup } from '~/components/static-markup';

/**
 * The key of a result's markup: the calculator (slug and version) and the page's query, the same
 * things the outcome cache keys the result on (app/calculators/result-page.server.ts), so the
 * markup is as deterministic as the result it shows (decision 083).
 */
export const resultMarkupKey = (slug: string, version: string, search: string) => `calculator-result:${slug}@${version}${search}`;

export type ResultSectionsProps = {
  /** `resultMarkupKey` of the page. */
  markupKey: string;
  result: {
    readonly results: readonly ResultItem[];
    readonly steps: readonly CalculationStep[];
    readonly warnings: readonly string[];
    readonly figures?: readonly PlacedFigure[];
  };
};

/** A card with a heading whose body is rendered once per `markupKey` on the server (decision 079). */
function KeptSection(props: { title: string; testId?: string; id?: string; markupKey: string; content: () => ReactNode }) {
  return (
    <section className="card" data-testid={props.testId} id={props.id}>
      <h2 className="text-lg font-semibold">{props.title}</h2>
      <StaticMarkup as="div" className="mt-3" markupKey={props.markupKey} content={props.content} />
    </section>
  );
}

function resultsBody(results: readonly ResultItem[]) {
  return (
    <>
      <CalculatorResults results={results} />
      <p className="mt-4 print:hidden">
        <a href={`#${INPUTS_ANCHOR}`} className="text-sm font-medium text-brand-700 hover:underline">
          Editar dados
        </a>
      </p>
    </>
  );
}

/**
 * A calculator result's own sections (the results, the step-by-step, the diagrams): they depend on
 * the result alone, so the server renders each once per calculator version and query and keeps it
 * (decision 083); the browser renders them from the loader data and hydrates against that markup.
 * The figures' SVG comes from the request's markup slot (decision 073) when they are first rendered.
 */
export function CalculatorResultSections({ markupKey, result }: ResultSectionsProps) {
  const slot = useContext(DocumentMarkupContext);
  const { results, steps, warnings, figures } = result;
  return (
    <>
      <div className={warnings.length > 0 ? 'grid gap-4 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]' : undefined}>
        <KeptSection
          title="Resultado"
          testId="calculator-result"
          id={RESULT_ANCHOR}
          markupKey={`${markupKey}#results`}
          content={() => resultsBody(results)}
        />
        {warnings.length > 0 ? (
          <div className="self-start">
            <CalculatorWarnings warnings={warnings} />
          </div>
        ) : null}
      </div>
      <KeptSection title="Passo a passo" markupKey={`${markupKey}#steps`} content={() => <CalculatorSteps steps={steps} />} />
      {figures && figures.length > 0 ? (
        <KeptSection
          title="Diagramas"
          testId="calculator-diagrams"
          markupKey={`${markupKey}#figures`}
          // The markup is rendered apart from the page: it gets the page's slot, where the SVG is.
          content={() => (
            <DocumentMarkupContext.Provider value={slot}>
              <CalculatorFigures figures={figures} />
            </DocumentMarkupContext.Provider>
          )}
        />
      ) : null}
    </>
  );
}
