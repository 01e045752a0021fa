import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData, useLocation } from '@remix-run/react';
import { PromoBox } from '~/components/dashboard/promo-box';
import { QuickCards } from '~/components/dashboard/quick-cards';
import { RateDialog, RatingsDialog, TOOL_DIALOGS, ToolDialog } from '~/components/dashboard/tool-dialogs';
import { CategoryFilter, ToolSearch, useCatalogLoading } from '~/components/dashboard/tool-filters';
import { RoleBadge } from '~/components/role-badge';
import { ToolCard, ToolCardSkeleton } from '~/components/tool-card';
import { Alert } from '~/components/ui/alert';
import { Pagination } from '~/components/ui/pagination';
import { continueHref, lastCourseWorkedOn } from '~/models/courses/content.server';
import { requireUser } from '~/models/accounts/permissions.server';
import { activatePromoCode } from '~/models/courses/promo-code.server';
import { listToolRatings, rateTool, ratingsByUser } from '~/models/tools/rating.server';
import { dashboardQuerySchema, listToolsFor } from '~/models/tools/tool.server';
import { hasAtLeast } from '~/models/accounts/roles';
import { accountPromoSchema } from '~/schemas/account';
import { ratingFormSchema } from '~/schemas/rating';
import { handleForm, intent } from '~/utils/form.server';
import { pageOf, parseListQuery } from '~/utils/pagination.server';
import { useIntentResult } from '~/utils/intent-form';
import { redirectWithToast } from '~/utils/toast.server';
import { catalogView, parseCatalogFilter, parseCatalogQuery } from '~/utils/tool-catalog';
import { dialogLinks, readDialog, urlWithout } from '~/utils/url-state';
import { pageMeta } from '~/utils/meta';

export const meta: MetaFunction = () =>
  pageMeta('Início', 'Suas ferramentas e calculadoras de engenharia, por categoria e nível de acesso.');

const PAYMENT_SUCCESS = {
  title: 'Pagamento processado com sucesso!',
  description: 'Seu plano foi atualizado. Aproveite os novos recursos.',
  type: 'success',
} as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  if (url.searchParams.get('payment_success') === 'true') {
    throw await redirectWithToast(urlWithout(url, ['payment_success']), PAYMENT_SUCCESS);
  }

  const cards = listToolsFor(user);
  const filter = parseCatalogFilter(url.searchParams.get('category'));
  const query = parseCatalogQuery(url.searchParams.get('q'));
  const kind = readDialog(url.searchParams, TOOL_DIALOGS);
  const dialogTool = kind ? (cards.find((card) => String(card.id) === url.searchParams.get('tool')) ?? null) : null;
  const dialog = kind && dialogTool ? { kind, tool: dialogTool } : null;

  const { tools, ...view } = catalogView(cards, { filter, query, isAdmin: user.role === 'admin' });
  const page = pageOf(tools, parseListQuery(url.searchParams, dashboardQuerySchema));
  const shown = dialog ? [...page.items, dialog.tool] : page.items;
  // The Cursos card: where an E-MASTER (or admin) left off, in one prepared query.
  const recent = hasAtLeast(user.role, 'E-MASTER') ? lastCourseWorkedOn(user) : null;

  return json({
    // What the page shows of the user (the greeting, the role badge, the admin shortcut): not the whole public profile.
    user: {
      username: user.username,
      role: user.role,
      roleExpiryDate: user.roleExpiryDate?.toISOString() ?? null,
      isAdmin: user.role === 'admin',
    },
    filter,
    query,
    ...view,
    tools: page.items,
    page: page.page,
    pageCount: page.pageCount,
    myRatings: ratingsByUser(
      user.id,
      shown.map((card) => card.id),
    ),
    dialog,
    ratings: dialog?.kind === 'ratings' ? listToolRatings(user, dialog.tool.id) : null,
    recentCourse: recent && {
      title: recent.title,
      done: recent.progress.done,
      total: recent.progress.total,
      href: recent.nextLessonId !== null ? continueHref(recent.id, recent.nextLessonId) : `/courses/${recent.id}`,
      finished: recent.nextLessonId === null,
    },
  });
}

export async function action(args: ActionFunctionArgs) {
  const user = await requireUser(args.request);
  // Saving closes the dialog and keeps the filter and search.
  const back = urlWithout(args.request.url, ['dialog', 'tool']);
  return handleForm(args, {
    promo: intent({
      schema: accountPromoSchema,
      run: async ({ code }) => {
        const { message } = await activatePromoCode({ userId: user.id, code });
        return redirectWithToast(back, { title: 'Sucesso', description: message, type: 'success' });
      },
    }),
    rate: intent({
      schema: ratingFormSchema,
      run: ({ toolId, rating, comment }) => {
        rateTool(user, toolId, { rating, comment });
        return redirectWithToast(back, {
          title: 'Avaliação enviada',
          description: 'Sua avaliação foi salva com sucesso!',
          type: 'success',
        });
      },
    }),
  });
}

export default function Dashboard() {
  const { user, filter, query, tools, page, pageCount, categories, showBlocked, emptyMessage, myRatings, dialog, ratings, recentCourse } =
    useLoaderData<typeof loader>();
  const location = useLocation();
  const loadingCatalog = useCatalogLoading();
  const rateError = useIntentResult('rate')?.error?.['']?.[0];
  const dialogHref = dialogLinks(location.search, 'tool');

  // E-BASIC users come for the free tools: theirs come before the shortcuts and the promo box.
  const toolsFirst = user.role === 'E-BASIC';
  const toolsSection = (
    <section className="mt-8" aria-labelledby="tools-title">
      <h2 id="tools-title" className="text-xl font-bold">
        Ferramentas
      </h2>
      {!dialog && rateError ? (
        <div className="mt-4">
          <Alert title="Erro ao avaliar">{rateError}</Alert>
        </div>
      ) : null}
      <CategoryFilter className="mt-4" current={filter} categories={categories} showBlocked={showBlocked} />
      <div className="mt-6 grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3" aria-busy={loadingCatalog || undefined}>
        {loadingCatalog
          ? Array.from({ length: 4 }, (_, index) => <ToolCardSkeleton key={index} />)
          : tools.map((tool) => <ToolCard key={tool.id} tool={tool} rated={Boolean(myRatings[tool.id])} dialogHref={dialogHref} />)}
      </div>
      {loadingCatalog ? null : <Pagination page={page} pageCount={pageCount} />}
      {!loadingCatalog && emptyMessage ? (
        <p data-testid="tools-empty" className="mt-6 rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600">
          {emptyMessage}
        </p>
      ) : null}
    </section>
  );

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">Bem-vindo, {user.username}!</h1>
        <RoleBadge role={user.role} expiresAt={user.roleExpiryDate} />
      </div>
      {toolsFirst ? (
        <>
          <div className="mt-6">
            <ToolSearch key={`${filter}-${query}`} query={query} filter={filter} />
          </div>
          {toolsSection}
          <QuickCards isAdmin={user.isAdmin} recentCourse={recentCourse} />
          <div className="mt-6">
            <PromoBox key={location.key} />
          </div>
        </>
      ) : (
        <>
          <QuickCards isAdmin={user.isAdmin} recentCourse={recentCourse} />
          <div className="mt-6 grid gap-4 lg:grid-cols-2">
            <PromoBox key={location.key} />
            <ToolSearch key={`${filter}-${query}`} query={query} filter={filter} />
          </div>
          {toolsSection}
        </>
      )}

      {dialog?.kind === 'tool' ? <ToolDialog tool={dialog.tool} /> : null}
      {dialog?.kind === 'rate' ? <RateDialog key={dialog.tool.id} tool={dialog.tool} own={myRatings[dialog.tool.id]} /> : null}
      {dialog?.kind === 'ratings' && ratings ? <RatingsDialog tool={dialog.tool} ratings={ratings} /> : null}
    </div>
  );
}
