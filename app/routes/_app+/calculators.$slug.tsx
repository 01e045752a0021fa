import { LightLink } from '~/components/ui/light-link';
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useLoaderData, useLocation, useParams } from '@remix-run/react';
import { useEffect, useState, type ReactNode } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { describeCalculator } from '~/calculators';
import { calculatorPageFor } from '~/calculators/result-page.server';
import type { InputField } from '~/calculators/types';
import { CalculatorResultSections, resultMarkupKey } from '~/components/calculator-result-sections';
import { placeFigures } from '~/calculators/figure-markup';
import { CalculatorForm, INPUTS_ANCHOR, isLiveNavigation, RESULT_ANCHOR } from '~/components/calculator-form';
import { CalculatorHeader } from '~/components/calculator-header';
import { CalculatorDisclaimer, CalculatorFormula, CalculatorReferences } from '~/components/calculator-output';
import { LockedNotice } from '~/components/tool-frame';
import { Alert } from '~/components/ui/alert';
import { saveCalculation } from '~/models/tools/calculation-history.server';
import { findCalculatorFor } from '~/models/tools/calculator-access.server';
import { calculatorHeader, calculatorPath } from '~/calculators/view';
import { MAX_HISTORY_TITLE, saveCalculationSchema } from '~/schemas/calculation-history';
import { requireUser } from '~/models/accounts/permissions.server';
import { handleForm, intent, orResponse } from '~/utils/form.server';
import { useIntentResult, useIntentSubmitting } from '~/utils/intent-form';
import { siteUrl } from '~/utils/security.server';
import { redirectWithToast } from '~/utils/toast.server';
import { sharedPageMeta, siteOriginOf, SITE_DESCRIPTION } from '~/utils/meta';
import { routeErrorBoundary } from '~/components/ui/route-error';
import { AddToProjectForm } from '~/components/projects/add-to-project';
import { addResultToProjectIntent } from '~/models/projects/add-to-project-intents.server';
import { projectChoices } from '~/models/projects/project.server';
import { InputWithSubmit } from '~/components/ui/input-with-submit';

/** Title and preview tags; a result's description names its main results (a crawler never gets here: decision 031). */
export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => {
  const outcome = data && !data.locked && data.outcome?.ok ? data.outcome : null;
  return sharedPageMeta({
    title: data?.header.title ?? 'Calculadora',
    description: outcome ? `Resultado: ${outcome.summary}` : (data?.header.summary ?? SITE_DESCRIPTION),
    url: outcome?.shareUrl ?? location.pathname,
    origin: siteOriginOf(matches),
  });
};

/**
 * /calculators/{slug}: a GET form whose query string is the calculation. With inputs in the URL
 * the loader computes and answers 200 with the result, or 400 with a message per field; without
 * them it shows the example inputs. A locked calculator answers 403 and computes nothing.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const { calculator, access, level } = orResponse(() => findCalculatorFor(user, params.slug));
  const header = calculatorHeader(calculator, level);
  if (access === 'locked') return json({ locked: true as const, header }, { status: 403 });

  const { values, outcome: computed } = calculatorPageFor(calculator, new URL(request.url).search);
  const { inputs, formula, references, disclaimer } = describeCalculator(calculator);
  let outcome = null;
  if (computed?.ok) {
    const { figures, ...result } = computed.result;
    outcome = {
      ...computed,
      // Each figure's SVG once in the page: a document's render gets it apart from the data (decision 073).
      result: { ...result, figures: figures ? placeFigures(figures, context.documentMarkup) : undefined },
      shareUrl: siteUrl(calculatorPath(calculator.slug, computed.query)),
    };
  } else if (computed) {
    outcome = computed;
  }
  return json(
    {
      locked: false as const,
      header,
      calculator: { inputs, formula, references, disclaimer: disclaimer ?? null },
      values,
      outcome,
      projects: outcome?.ok ? projectChoices(user) : [],
    },
    { status: outcome && !outcome.ok ? 400 : 200 },
  );
}

export async function action(args: ActionFunctionArgs) {
  const user = await requireUser(args.request);
  return handleForm(args, {
    save: intent({
      schema: saveCalculationSchema,
      run: (value) => {
        const { href } = saveCalculation(user, { slug: args.params.slug ?? '', ...value });
        return redirectWithToast(href ?? '/calculators/history', {
          title: 'Cálculo salvo',
          description: 'Você encontra este resultado em Histórico de cálculos.',
          type: 'success',
        });
      },
    }),
    'add-to-project': addResultToProjectIntent(user, args.params.slug ?? ''),
  });
}

function ShareLink({ url }: { url: string }) {
  const hydrated = useHydrated();
  const [shown, setShown] = useState(url);
  const [copied, setCopied] = useState(false);
  // Behind a proxy the server may see another scheme or host than the browser: trust the browser.
  useEffect(() => {
    const parsed = new URL(url, window.location.href);
    setShown(`${window.location.origin}${parsed.pathname}${parsed.search}`);
    setCopied(false);
  }, [url]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(shown);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  return (
    <div className="print:hidden">
      <label htmlFor="share-link" className="label">
        Link deste resultado
      </label>
      <div className="flex gap-2">
        <input
          id="share-link"
          type="text"
          readOnly
          value={shown}
          className="input flex-1 font-mono text-xs"
          onFocus={(event) => event.currentTarget.select()}
        />
        {hydrated ? (
          <button type="button" className="btn-secondary shrink-0" onClick={copy}>
            {copied ? 'Link copiado' : 'Copiar link'}
          </button>
        ) : null}
      </div>
      <p className="mt-1 text-xs text-slate-500">Quem abrir este link (com acesso à calculadora) vê o mesmo cálculo.</p>
    </div>
  );
}

const SAVE_FORM_ID = 'save-calculation';

/**
 * 'Salvar no histórico': a plain form checked by the server alone (its reply's message shows under the
 * title), without Conform's client state, which cost the result page about 35 µs of every render (decision 087).
 */
function SaveForm({ query, defaultTitle, pageHref }: { query: string; defaultTitle: string; pageHref: string }) {
  const reply = useIntentResult('save');
  const saving = useIntentSubmitting('save');
  const titleError = reply?.error?.title?.[0];
  const formError = reply?.error?.['']?.[0];
  const sentTitle = reply?.initialValue?.title;
  return (
    // Posted to this page at the form itself, so the page that answers (its message) opens where the form is: without
    // JavaScript through the anchor, with it by keeping the scroll (the saved page is the same URL, redirected to).
    <Form method="post" action={`${pageHref}#${SAVE_FORM_ID}`} id={SAVE_FORM_ID} className="space-y-3 print:hidden" preventScrollReset>
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="query" value={query} />
      {formError ? <Alert title="Não foi possível salvar">{formError}</Alert> : null}
      <InputWithSubmit
        label="Título no histórico"
        inputProps={{
          id: `${SAVE_FORM_ID}-title`,
          name: 'title',
          type: 'text',
          defaultValue: typeof sentTitle === 'string' ? sentTitle : defaultTitle,
          maxLength: MAX_HISTORY_TITLE,
        }}
        error={titleError}
        buttonLabel="Salvar no histórico"
        submitting={saving}
        buttonClassName="btn-secondary"
      />
    </Form>
  );
}

function Section({ title, children, testId, id }: { title: string; children: ReactNode; testId?: string; id?: string }) {
  return (
    <section className="card" data-testid={testId} id={id}>
      <h2 className="text-lg font-semibold">{title}</h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** Remounts the form on every navigation except its own as-you-type ones, so links and 'Calcular' show the URL's values. */
function useFormKey(): string {
  const location = useLocation();
  const [key, setKey] = useState(location.key);
  useEffect(() => {
    if (!isLiveNavigation(location.state)) setKey(location.key);
  }, [location.key, location.state]);
  return key;
}

export default function CalculatorPage() {
  const data = useLoaderData<typeof loader>();
  const { pathname, search } = useLocation();
  const slug = useParams().slug ?? '';
  const formKey = useFormKey();
  if (data.locked) {
    return (
      <div className="mx-auto max-w-6xl px-4 py-8">
        <CalculatorHeader {...data.header} />
        <div className="mt-6" data-testid="calculator-locked">
          <LockedNotice level={data.header.level} />
        </div>
      </div>
    );
  }
  const { header, calculator, values, outcome, projects } = data;
  const inputs: readonly InputField[] = calculator.inputs;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <CalculatorHeader {...header} />
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <section className="card self-start" aria-labelledby="inputs-title" id={INPUTS_ANCHOR}>
          <h2 id="inputs-title" className="text-lg font-semibold">
            Dados de entrada
          </h2>
          <div className="mt-4">
            <CalculatorForm
              key={`${header.title}-${formKey}`}
              inputs={inputs}
              values={values}
              errors={outcome && !outcome.ok ? outcome.fieldErrors : null}
            />
          </div>
        </section>

        <div className="space-y-6">
          {outcome?.ok ? (
            <CalculatorResultSections markupKey={resultMarkupKey(slug, header.version, search)} result={outcome.result} />
          ) : outcome ? (
            <div id={RESULT_ANCHOR}>
              <Alert title="Revise os dados">
                Corrija os campos destacados para ver o resultado.{' '}
                <a href={`#${INPUTS_ANCHOR}`} className="font-medium underline">
                  Editar dados
                </a>
              </Alert>
            </div>
          ) : (
            <Alert variant="info" title="Exemplo preenchido">
              Ajuste os dados e clique em Calcular. O resultado fica no endereço da página: salve-o nos favoritos ou compartilhe o link.
            </Alert>
          )}

          <Section title="Fórmula">
            <CalculatorFormula formula={calculator.formula} />
          </Section>
          <Section title="Referências">
            <CalculatorReferences references={calculator.references} />
            <div className="mt-4">
              <CalculatorDisclaimer disclaimer={calculator.disclaimer ?? undefined} />
            </div>
          </Section>

          {outcome?.ok ? (
            <Section title="Compartilhar e salvar">
              <div className="space-y-4">
                <ShareLink url={outcome.shareUrl} />
                <div className="flex flex-wrap gap-3">
                  <LightLink to={outcome.reportHref} className="btn-secondary">
                    Memorial de cálculo
                  </LightLink>
                  <LightLink to="/calculators/history" className="btn-ghost">
                    Histórico de cálculos
                  </LightLink>
                </div>
                <SaveForm query={outcome.query} defaultTitle={header.title} pageHref={`${pathname}${search}`} />
                <AddToProjectForm projects={projects} idPrefix="result" hidden={{ query: outcome.query }} defaultTitle={header.title} />
              </div>
            </Section>
          ) : null}
        </div>
      </div>
    </div>
  );
}

/** A calculator that fails on its own (a 404, or a bug) keeps the signed-in layout; a failure leads back to the list. */
export const ErrorBoundary = routeErrorBoundary({ back: { to: '/calculators', label: 'Voltar às calculadoras' } });
