import { parseWithZod } from '@conform-to/zod';
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { Alert } from '~/components/ui/alert';
import { deleteCalculation, listCalculations, parsePage } from '~/models/calculation-history.server';
import { deleteCalculationSchema } from '~/schemas/calculation-history';
import { requireUser } from '~/models/permissions.server';
import { isAppError } from '~/utils/errors';
import { readForm } from '~/utils/form.server';
import { redirectWithToast } from '~/utils/toast.server';

export const meta: MetaFunction = () => [{ title: 'Histórico de cálculos — E-Engenharia' }];

const historyPath = (page: number) => (page > 1 ? `/calculators/history?page=${page}` : '/calculators/history');

/** /calculators/history?page=N: the user's saved calculations, newest first, 10 per page. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const page = parsePage(new URL(request.url).searchParams.get('page'));
  return json(listCalculations(user.id, page));
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await readForm(request);
  if (formData.get('intent') !== 'delete') return json({ message: 'Ação inválida' }, { status: 400 });
  const submission = parseWithZod(formData, { schema: deleteCalculationSchema });
  if (submission.status !== 'success') {
    return json({ message: submission.error?.id?.[0] ?? 'Cálculo inválido' }, { status: 400 });
  }
  try {
    deleteCalculation(user.id, submission.value.id);
  } catch (error) {
    // Someone else's item looks exactly like a missing one.
    if (isAppError(error) && error.status === 404) throw new Response(error.message, { status: 404 });
    throw error;
  }
  return redirectWithToast(historyPath(parsePage(new URL(request.url).searchParams.get('page'))), {
    title: 'Cálculo excluído',
    description: 'O cálculo foi removido do seu histórico.',
    type: 'success',
  });
}

export default function CalculationHistory() {
  const { items, page, pageCount, total } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const deletingId = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'delete' ? navigation.formData.get('id') : null;

  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <Link to="/calculators" className="text-sm text-brand-700 hover:underline">
        ← Calculadoras
      </Link>
      <h1 className="mt-3 text-2xl font-bold">Histórico de cálculos</h1>
      <p className="mt-1 text-slate-600">
        {total === 0 ? 'Nenhum cálculo salvo.' : total === 1 ? '1 cálculo salvo, do mais recente ao mais antigo.' : `${total} cálculos salvos, do mais recente ao mais antigo.`}
      </p>

      {actionData?.message ? (
        <div className="mt-4">
          <Alert title="Erro">{actionData.message}</Alert>
        </div>
      ) : null}

      {items.length === 0 ? (
        <div className="mt-6 rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600">
          <p>Abra uma calculadora, calcule e clique em “Salvar no histórico” para guardar o resultado aqui.</p>
          <Link to="/calculators" className="btn-primary mt-4">
            Ver calculadoras
          </Link>
        </div>
      ) : (
        <ul className="mt-6 space-y-3" data-testid="history-list">
          {items.map((item) => (
            <li key={item.id} data-testid="history-item" className="card p-4">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0 flex-1">
                  <h2 className="font-semibold">{item.href ? <Link to={item.href} className="text-brand-700 hover:underline">{item.title}</Link> : item.title}</h2>
                  <p className="mt-0.5 text-sm text-slate-600">
                    {item.calculatorTitle ?? item.calculatorSlug} · salvo em {item.savedAt} · versão {item.savedVersion}
                  </p>
                  {item.versionNote ? (
                    <p data-testid="history-version-note" className="mt-2 rounded-md border border-amber-300 bg-amber-50 px-2 py-1 text-xs text-amber-900">
                      {item.versionNote}
                    </p>
                  ) : null}
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  {item.href ? (
                    <Link to={item.href} className="btn-secondary">
                      Abrir
                      <span className="sr-only"> {item.title}</span>
                    </Link>
                  ) : null}
                  {item.reportHref ? (
                    <Link to={item.reportHref} className="btn-ghost">
                      Memorial
                    </Link>
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
            </li>
          ))}
        </ul>
      )}

      {pageCount > 1 ? (
        <nav aria-label="Paginação" className="mt-6 flex items-center justify-between gap-3">
          {page > 1 ? (
            <Link to={historyPath(page - 1)} className="btn-secondary" rel="prev">
              ← Anterior
            </Link>
          ) : (
            <span />
          )}
          <span className="text-sm text-slate-600">
            Página {page} de {pageCount}
          </span>
          {page < pageCount ? (
            <Link to={historyPath(page + 1)} className="btn-secondary" rel="next">
              Próxima →
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}
