import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData, useLocation } from '@remix-run/react';
import { TOOL_DIALOGS, ToolCreateForm, ToolEditDialog, ToolFilters, ToolTable, toolDeleteMessage } from '~/components/admin/tools';
import { ConfirmActionPanel } from '~/components/ui/confirm-action';
import { Pagination } from '~/components/ui/pagination';
import { requireAdmin } from '~/models/accounts/permissions.server';
import {
  createTool,
  deleteTool,
  getAdminToolDetail,
  listAdminToolPage,
  updateTool,
  type AdminToolDetail,
} from '~/models/tools/tool.server';
import { adminToolPageQuerySchema, toolCreateFormSchema, toolEditFormSchema, toolIdSchema } from '~/schemas/tool';
import { isAppError } from '~/utils/errors';
import { handleForm, intent } from '~/utils/form.server';
import { pageMeta } from '~/utils/meta';
import { parseListQuery } from '~/utils/pagination.server';
import { redirectWithToast, type Toast } from '~/utils/toast.server';
import { readDialog, urlWithout, withParams } from '~/utils/url-state';

export const meta: MetaFunction = () =>
  pageMeta('Ferramentas — Painel de Administração', 'Cadastro das ferramentas, níveis de acesso e restrições por CPF.');

/** `?tool=` when it names an existing tool, with who its CPF list admits. */
function dialogTool(params: URLSearchParams): AdminToolDetail | null {
  const id = Number(params.get('tool'));
  if (!Number.isSafeInteger(id) || id < 1) return null;
  try {
    return getAdminToolDetail(id);
  } catch (error) {
    if (isAppError(error) && error.status === 404) return null;
    throw error;
  }
}

/** /admin/tools?q=&category=&access=&page=, `&dialog=edit&tool=ID` and `&confirm=delete-tool&tool=ID`. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const query = parseListQuery(url.searchParams, adminToolPageQuerySchema);
  const page = listAdminToolPage({
    q: query.q,
    category: query.category,
    accessLevel: query.access,
    page: query.page,
    perPage: query.perPage,
  });
  const kind = readDialog(url.searchParams, TOOL_DIALOGS);
  const wantsConfirm = url.searchParams.get('confirm') === 'delete-tool';
  const target = kind || wantsConfirm ? dialogTool(url.searchParams) : null;
  return json({
    tools: page.items,
    total: page.total,
    page: page.page,
    pageCount: page.pageCount,
    q: query.q,
    category: query.category ?? null,
    access: query.access ?? null,
    dialog: kind && target ? { kind, tool: target } : null,
    confirm: wantsConfirm && target ? { id: target.id, name: target.name } : null,
  });
}

const refusal =
  (title: string) =>
  (message: string): Toast => ({ title, description: message, type: 'error' });

export async function action(args: ActionFunctionArgs) {
  const admin = await requireAdmin(args.request);
  const back = urlWithout(args.request.url, ['dialog', 'tool', 'confirm']);
  return handleForm(args, {
    create: intent({
      schema: toolCreateFormSchema,
      refusalToast: refusal('Erro ao criar ferramenta'),
      run: (input) => {
        const tool = createTool(admin, input);
        return redirectWithToast(back, { title: 'Ferramenta criada', description: `${tool.name} foi adicionada.`, type: 'success' });
      },
    }),
    update: intent({
      schema: toolEditFormSchema,
      refusalToast: refusal('Erro ao atualizar ferramenta'),
      run: ({ id, ...input }) => {
        const tool = updateTool(admin, id, input);
        return redirectWithToast(back, { title: 'Ferramenta atualizada', description: `${tool.name} foi salva.`, type: 'success' });
      },
    }),
    delete: intent({
      schema: toolIdSchema,
      refusalToast: refusal('Erro ao excluir ferramenta'),
      run: ({ id }) => {
        deleteTool(admin, id);
        return redirectWithToast(back, {
          title: 'Ferramenta excluída',
          description: 'A ferramenta e as avaliações dela foram removidas.',
          type: 'success',
        });
      },
    }),
  });
}

export default function AdminToolsPage() {
  const { tools, total, page, pageCount, q, category, access, dialog, confirm } = useLoaderData<typeof loader>();
  const location = useLocation();

  if (confirm) {
    return (
      <ConfirmActionPanel
        title="Excluir ferramenta"
        message={toolDeleteMessage(confirm.name)}
        intent="delete"
        fields={{ id: String(confirm.id) }}
        cancelTo={`${location.pathname}${withParams(location.search, { confirm: null, tool: null })}`}
      />
    );
  }

  return (
    <div className="space-y-6">
      <h2 className="text-xl font-bold">Ferramentas</h2>
      <ToolCreateForm key={location.key} />
      <section aria-labelledby="tools-list-title" className="card">
        <h3 id="tools-list-title" className="sr-only">
          Lista de ferramentas
        </h3>
        <ToolFilters key={`${q}-${category}-${access}`} q={q} category={category} access={access} />
        <ToolTable tools={tools} total={total} />
        <Pagination page={page} pageCount={pageCount} />
      </section>
      {dialog ? <ToolEditDialog key={dialog.tool.id} tool={dialog.tool} /> : null}
    </div>
  );
}
