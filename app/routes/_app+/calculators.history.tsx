import { DateRangeFields } from '~/components/ui/date-range-fields';
import { LightLink } from '~/components/ui/light-link';
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useLoaderData, useLocation, useNavigation } from '@remix-run/react';
import { Pagination } from '~/components/ui/pagination';
import {
  deleteCalculation,
  historyCalculatorChoices,
  historyQuerySchema,
  isFiltered,
  listCalculations,
} from '~/models/tools/calculation-history.server';
import { requireUser } from '~/models/accounts/permissions.server';
import { deleteCalculationSchema } from '~/schemas/calculation-history';
import { handleForm, intent } from '~/utils/form.server';
import { parseListQuery } from '~/utils/pagination.server';
import { redirectWithToast } from '~/utils/toast.server';
import { pageMeta } from '~/utils/meta';
import { withParams } from '~/utils/url-state';
import { AddToProjectForm } from '~/components/projects/add-to-project';
import { addHistoryToProjectIntent } from '~/models/projects/add-to-project-intents.server';
import { projectChoices } from '~/models/projects/project.server';

export const meta: MetaFunction = () =>
  pageMeta('Histórico de cálculos', 'Seus cálculos de engenharia salvos, para reabrir, compartilhar e imprimir.');

/**
 * /calculators/history?q=&calculator=&from=&to=&page=N: the user's saved calculations that pass the
 * filters, newest first, 10 per page; 'Exportar CSV' downloads the same selection.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const query = parseListQuery(new URL(request.url).searchParams, historyQuerySchema);
  const filter = { q: query.q, calculator: query.calculator, from: query.from, to: query.to };
  return json({
    ...listCalculations(user.id, query),
    filter,
    filtered: isFiltered(filter),
    calculators: historyCalculatorChoices(user.id),
    projects: projectChoices(user),
  });
}

export async function action(args: ActionFunctionArgs) {
  const user = await requireUser(args.request);
  return handleForm(args, {
    delete: intent({
      schema: deleteCalculationSchema,
      run: ({ id }) => {
        // Someone else's item is a 404, exactly like a missing one.
        deleteCalculation(user.id, id);
        const url = new URL(args.request.url);
        return redirectWithToast(`${url.pathname}${url.search}`, {
          title: 'Cálculo excluído',
          description: 'O cálculo foi removido do seu histórico.',
          type: 'success',
        });
      },
    }),
    'add-to-project': addHistoryToProjectIntent(user),
  });
}

export default function CalculationHistory() {
  const { items, page, pageCount, total, filter, filtered, calculators, projects } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const exportHref = `${pathname}/export${withParams('', filter)}`;
  const deletingId =
    navigation.state === 'submitting' && navigation.formData?.get('intent') === 'delete' ? navigation.formData.get('id') : null;

  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <LightLink to="/calculators" className="text-sm text-brand-700 hover:underline">
        ← Calculadoras
      </LightLink>
      <h1 className="mt-3 text-2xl font-bold">Histórico de cálculos</h1>
      <p className="mt-1 text-slate-600">
        {filtered
          ? total === 0
            ? 'Nenhum cálculo encontrado com estes filtros.'
            : total === 1
              ? '1 cálculo encontrado, do mais recente ao mais antigo.'
              : `${total} cálculos encontrados, do mais recente ao mais antigo.`
          : total === 0
            ? 'Nenhum cálculo salvo.'
            : total === 1
              ? '1 cálculo salvo, do mais recente ao mais antigo.'
              : `${total} cálculos salvos, do mais recente ao mais antigo.`}
      </p>

      {calculators.length > 0 || filtered ? (
        <HistoryFilters
          filter={filter}
          filtered={filtered}
          calculators={calculators}
          action={pathname}
          exportHref={total > 0 ? exportHref : null}
        />
      ) : null}

      {items.length === 0 && filtered ? null : items.length === 0 ? (
        <div className="mt-6 rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600">
          <p>Abra uma calculadora, calcule e clique em “Salvar no histórico” para guardar o resultado aqui.</p>
          <LightLink to="/calculators" className="btn-primary mt-4">
            Ver calculadoras
          </LightLink>
        </div>
      ) : (
        <ul className="mt-6 space-y-3" data-testid="history-list">
          {items.map((item) => (
            <li key={item.id} data-testid="history-item" className="card p-4">
              {/* On a phone the title takes the card's width and the buttons go under it. */}
              <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
                <div className="min-w-0 sm:flex-1">
                  <h2 className="break-words font-semibold">
                    {item.href ? (
                      <LightLink to={item.href} className="text-brand-700 hover:underline">
                        {item.title}
                      </LightLink>
                    ) : (
                      item.title
                    )}
                  </h2>
                  <p className="mt-0.5 text-sm text-slate-600">
                    {item.calculatorTitle ?? item.calculatorSlug} · salvo em {item.savedAt} · versão {item.savedVersion}
                  </p>
                  {item.versionNote ? (
                    <p
                      data-testid="history-version-note"
                      className="mt-2 rounded-md border border-amber-300 bg-amber-50 px-2 py-1 text-xs text-amber-900"
                    >
                      {item.versionNote}
                    </p>
                  ) : null}
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  {item.href ? (
                    <LightLink to={item.href} className="btn-secondary">
                      Abrir
                      <span className="sr-only"> {item.title}</span>
                    </LightLink>
                  ) : null}
                  {item.reportHref ? (
                    <LightLink to={item.reportHref} className="btn-ghost">
                      Memorial
                    </LightLink>
                  ) : null}
                  <Form method="post">
                    <input type="hidden" name="intent" value="delete" />
                    <input type="hidden" name="id" value={item.id} />
                    <button type="submit" className="btn-ghost text-red-700 hover:bg-red-50" disabled={deletingId === String(item.id)}>
                      {deletingId === String(item.id) ? 'Excluindo...' : 'Excluir'}
                      <span className="sr-only"> {item.title}</span>
                    </button>
                  </Form>
                </div>
              </div>
              <div className="mt-3">
                <AddToProjectForm
                  projects={projects}
                  idPrefix={`history-${item.id}`}
                  hidden={{ historyId: String(item.id) }}
                  itemTitle={item.title}
                />
              </div>
            </li>
          ))}
        </ul>
      )}

      <Pagination page={page} pageCount={pageCount} />
    </div>
  );
}

type FilterProps = {
  filter: { q: string; calculator: string; from: string; to: string };
  filtered: boolean;
  calculators: { slug: string; title: string }[];
  action: string;
  exportHref: string | null;
};

/** The list's filters: a GET form (the filters live in the URL, without JavaScript too), and the export of what they select. */
function HistoryFilters({ filter, filtered, calculators, action, exportHref }: FilterProps) {
  return (
    <div className="mt-6 card p-4">
      <Form method="get" action={action} role="search" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <label htmlFor="history-q" className="label">
            Buscar no título
          </label>
          <input id="history-q" name="q" type="search" defaultValue={filter.q} maxLength={100} className="input w-full" />
        </div>
        <div>
          <label htmlFor="history-calculator" className="label">
            Calculadora
          </label>
          <select id="history-calculator" name="calculator" defaultValue={filter.calculator} className="input w-full">
            <option value="">Todas</option>
            {calculators.map((calculator) => (
              <option key={calculator.slug} value={calculator.slug}>
                {calculator.title}
              </option>
            ))}
          </select>
        </div>
        <DateRangeFields idPrefix="history" from={filter.from} to={filter.to} inputClassName="input w-full" />
        <div className="flex flex-wrap items-center gap-2 sm:col-span-2 lg:col-span-4">
          <button type="submit" className="btn-primary">
            Filtrar
          </button>
          {filtered ? (
            <LightLink to={action} className="btn-ghost">
              Limpar filtros
            </LightLink>
          ) : null}
          {exportHref ? (
            // A download, not a page: a plain link the router does not follow (no `download` attribute: past the fresh check's window the answer is its page).
            <a href={exportHref} className="btn-secondary sm:ml-auto" data-testid="history-export">
              Exportar CSV
            </a>
          ) : null}
        </div>
      </Form>
    </div>
  );
}
