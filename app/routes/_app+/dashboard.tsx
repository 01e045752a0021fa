import { getFormProps, getInputProps, getTextareaProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData, useLocation, useNavigation } from '@remix-run/react';
import { RatingInput } from '~/components/rating-stars';
import { RoleBadge } from '~/components/role-badge';
import { ToolCard, ToolCardSkeleton, withParams } from '~/components/tool-card';
import { ExternalToolLink, LockedNotice, ToolFrame } from '~/components/tool-frame';
import { ToolRatingsList } from '~/components/tool-ratings-list';
import { Alert } from '~/components/ui/alert';
import { UrlDialog } from '~/components/ui/url-dialog';
import { activatePromoCode } from '~/models/promo-code.server';
import { listToolRatings, rateTool, ratingsByUser, type OwnRating } from '~/models/rating.server';
import { CATEGORY_LABELS, catalogView, parseCatalogFilter, parseCatalogQuery, type CatalogFilter } from '~/utils/tool-catalog';
import { listToolsFor, type ToolCard as ToolCardData } from '~/models/tool.server';
import { toPublicUser } from '~/models/user.server';
import { accountPromoSchema as promoBoxSchema } from '~/schemas/account';
import { PROMO_CODE_EMPTY as EMPTY_CODE } from '~/schemas/promo-code';
import { MAX_COMMENT, RATING_MESSAGES, ratingFormSchema } from '~/schemas/rating';
import { requireUser } from '~/models/permissions.server';
import { useIntentResult, useIntentSubmitting } from '~/utils/intent-form';
import { readForm, replyWithAppError } from '~/utils/form.server';
import { redirectWithToast } from '~/utils/toast.server';

export const meta: MetaFunction = () => [{ title: 'Início — E-Engenharia' }];

/** Query parameters that describe an open dialog; closing or saving drops them. */
const DIALOG_PARAMS = ['dialog', 'tool'] as const;

/** This URL without the given parameters (where a form goes back to after saving). */
function sameUrlWithout(request: Request, names: readonly string[]): string {
  const url = new URL(request.url);
  for (const name of names) url.searchParams.delete(name);
  return `${url.pathname}${url.search}`;
}

type DialogKind = 'tool' | 'rate' | 'ratings';
const isDialogKind = (value: string | null): value is DialogKind => value === 'tool' || value === 'rate' || value === 'ratings';

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  if (url.searchParams.get('payment_success') === 'true') {
    throw await redirectWithToast(sameUrlWithout(request, ['payment_success']), {
      title: 'Pagamento processado com sucesso!',
      description: 'Seu plano foi atualizado. Aproveite os novos recursos.',
      type: 'success',
    });
  }

  const cards = listToolsFor(user);
  const filter = parseCatalogFilter(url.searchParams.get('category'));
  const query = parseCatalogQuery(url.searchParams.get('q'));
  const view = catalogView(cards, { filter, query, isAdmin: user.role === 'admin' });

  const kind = url.searchParams.get('dialog');
  const dialogTool = isDialogKind(kind) ? (cards.find((card) => String(card.id) === url.searchParams.get('tool')) ?? null) : null;
  const dialog = dialogTool && isDialogKind(kind) ? { kind, tool: dialogTool } : null;

  return json({
    user: toPublicUser(user),
    filter,
    query,
    ...view,
    myRatings: ratingsByUser(
      user.id,
      cards.map((card) => card.id),
    ),
    dialog,
    ratings: dialog?.kind === 'ratings' ? listToolRatings(user, dialog.tool.id) : null,
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await readForm(request);
  switch (formData.get('intent')) {
    case 'promo':
      return redeemPromo(request, user.id, formData);
    case 'rate':
      return rate(request, user, formData);
    default:
      return json({ intent: null, result: null }, { status: 400 });
  }
}

async function redeemPromo(request: Request, userId: number, formData: FormData) {
  const submission = parseWithZod(formData, { schema: promoBoxSchema });
  if (submission.status !== 'success') {
    return json({ intent: 'promo' as const, result: submission.reply() }, { status: 400 });
  }
  try {
    const { message } = await activatePromoCode({ userId, code: submission.value.code });
    return redirectWithToast(sameUrlWithout(request, DIALOG_PARAMS), { title: 'Sucesso', description: message, type: 'success' });
  } catch (error) {
    return replyWithAppError(submission, error, { intent: 'promo' as const });
  }
}

async function rate(request: Request, user: Awaited<ReturnType<typeof requireUser>>, formData: FormData) {
  const submission = parseWithZod(formData, { schema: ratingFormSchema });
  if (submission.status !== 'success') {
    return json({ intent: 'rate' as const, result: submission.reply() }, { status: 400 });
  }
  const { toolId, rating, comment } = submission.value;
  try {
    rateTool(user, toolId, { rating, comment });
  } catch (error) {
    return replyWithAppError(submission, error, { intent: 'rate' as const });
  }
  return redirectWithToast(sameUrlWithout(request, DIALOG_PARAMS), {
    title: 'Avaliação enviada',
    description: 'Sua avaliação foi salva com sucesso!',
    type: 'success',
  });
}

function QuickCards({ isAdmin }: { isAdmin: boolean }) {
  return (
    <div className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      <Link to="/courses" className="card hover:border-brand-500">
        <p className="font-semibold">Cursos</p>
        <p className="mt-1 text-sm text-slate-600">Cursos especializados com aulas e materiais.</p>
      </Link>
      {isAdmin ? (
        <Link to="/admin" className="card hover:border-brand-500">
          <p className="font-semibold">Admin</p>
          <p className="mt-1 text-sm text-slate-600">Gerencie usuários, ferramentas e cursos.</p>
        </Link>
      ) : null}
      <Link to="/account" className="card hover:border-brand-500">
        <p className="font-semibold">Conta</p>
        <p className="mt-1 text-sm text-slate-600">Seu perfil, senha e plano.</p>
      </Link>
    </div>
  );
}

function PromoBox() {
  const lastResult = useIntentResult('promo');
  const submitting = useIntentSubmitting('promo');
  const [form, fields] = useForm({
    id: 'promo',
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: promoBoxSchema }),
    shouldValidate: 'onSubmit',
  });
  const error = fields.code.errors?.[0] ?? form.errors?.[0];
  return (
    <section className="card" aria-labelledby="promo-title">
      <h2 id="promo-title" className="font-semibold">
        Código Promocional
      </h2>
      <p className="mt-1 text-sm text-slate-600">Tem um código? Ative-o para ganhar dias de acesso.</p>
      <Form method="post" className="mt-3 space-y-3" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="promo" />
        {error ? (
          <div id={`${fields.code.id}-error`}>
            <Alert title={error === EMPTY_CODE ? 'Código Promocional' : 'Erro'}>{error}</Alert>
          </div>
        ) : null}
        <div className="flex gap-2">
          <label htmlFor={fields.code.id} className="sr-only">
            Código promocional
          </label>
          <input
            {...getInputProps(fields.code, { type: 'text' })}
            className="input"
            placeholder="Digite seu código"
            autoComplete="off"
            maxLength={50}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${fields.code.id}-error` : undefined}
          />
          <button type="submit" className="btn-primary shrink-0" disabled={submitting}>
            {submitting ? 'Ativando...' : 'Ativar'}
          </button>
        </div>
      </Form>
    </section>
  );
}

function SearchBox({ query, filter }: { query: string; filter: CatalogFilter }) {
  return (
    <details className="card self-start py-4" open={Boolean(query)}>
      <summary className="cursor-pointer font-semibold">Buscar ferramentas</summary>
      <Form method="get" className="mt-3 flex flex-wrap gap-2" role="search">
        {filter !== 'all' ? <input type="hidden" name="category" value={filter} /> : null}
        <label htmlFor="tool-search" className="sr-only">
          Buscar por nome ou descrição
        </label>
        <input id="tool-search" name="q" type="search" defaultValue={query} maxLength={100} placeholder="Nome ou descrição da ferramenta" className="input flex-1" />
        <button type="submit" className="btn-primary">
          Buscar
        </button>
        {query ? (
          <Link to={filter !== 'all' ? `?category=${filter}` : '/dashboard'} className="btn-ghost">
            Limpar
          </Link>
        ) : null}
      </Form>
    </details>
  );
}

function CategoryFilter({ current, categories, showBlocked, search }: { current: CatalogFilter; categories: string[]; showBlocked: boolean; search: string }) {
  const options: Array<{ value: CatalogFilter; label: string }> = [
    { value: 'all', label: 'Todas' },
    ...categories.map((category) => ({ value: category as CatalogFilter, label: CATEGORY_LABELS[category as keyof typeof CATEGORY_LABELS] })),
    ...(showBlocked ? [{ value: 'blocked' as const, label: 'Bloqueadas' }] : []),
  ];
  return (
    <nav aria-label="Categorias" className="flex flex-wrap gap-2">
      {options.map((option) => {
        const active = option.value === current;
        return (
          <Link
            key={option.value}
            to={withParams(search, { category: option.value, dialog: null, tool: null })}
            aria-current={active ? 'page' : undefined}
            className={`rounded-full border px-4 py-1.5 text-sm font-medium ${
              active ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'
            }`}
            preventScrollReset
          >
            {option.label}
          </Link>
        );
      })}
    </nav>
  );
}

/** True while a client-side navigation changes this page's filter or search (the grid is being replaced). */
function useCatalogLoading(): boolean {
  const navigation = useNavigation();
  const location = useLocation();
  if (navigation.state !== 'loading' || navigation.formData || navigation.location.pathname !== location.pathname) return false;
  const next = new URLSearchParams(navigation.location.search);
  const current = new URLSearchParams(location.search);
  return next.get('category') !== current.get('category') || next.get('q') !== current.get('q');
}

function RateDialog({ tool, own, closeTo }: { tool: ToolCardData; own: OwnRating | undefined; closeTo: string }) {
  const lastResult = useIntentResult('rate');
  const submitting = useIntentSubmitting('rate');
  const [form, fields] = useForm({
    id: `rate-${tool.id}`,
    lastResult,
    defaultValue: { toolId: String(tool.id), rating: own ? String(own.rating) : '', comment: own?.comment ?? '' },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ratingFormSchema }),
    shouldValidate: 'onSubmit',
  });
  const ratingError = fields.rating.errors?.[0];
  const initialRating = Number(fields.rating.initialValue) || null;
  return (
    <UrlDialog title={`Avaliar ${tool.name}`} closeTo={closeTo}>
      {tool.locked ? (
        <LockedNotice level={tool.requiredLevel} />
      ) : (
        <Form method="post" className="space-y-4" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="rate" />
          <input {...getInputProps(fields.toolId, { type: 'hidden' })} />
          {form.errors?.length ? <Alert title="Erro ao avaliar">{form.errors[0]}</Alert> : null}
          {ratingError ? (
            <div id={`${fields.rating.id}-error`}>
              <Alert title={ratingError === RATING_MESSAGES.required ? RATING_MESSAGES.requiredTitle : 'Erro ao avaliar'}>{ratingError}</Alert>
            </div>
          ) : null}
          <RatingInput name={fields.rating.name} defaultValue={initialRating} invalid={Boolean(ratingError)} errorId={ratingError ? `${fields.rating.id}-error` : undefined} />
          <div>
            <label htmlFor={fields.comment.id} className="label">
              Comentário (opcional)
            </label>
            <textarea
              {...getTextareaProps(fields.comment)}
              rows={4}
              maxLength={MAX_COMMENT}
              className="input"
              placeholder="Conte como a ferramenta ajudou no seu trabalho"
              aria-invalid={fields.comment.errors ? true : undefined}
              aria-describedby={fields.comment.errors ? `${fields.comment.id}-error` : undefined}
            />
            {fields.comment.errors ? (
              <p id={`${fields.comment.id}-error`} className="field-error">
                {fields.comment.errors[0]}
              </p>
            ) : null}
          </div>
          <div className="flex justify-end gap-2">
            <Link to={closeTo} className="btn-secondary" preventScrollReset>
              Cancelar
            </Link>
            <button type="submit" className="btn-primary" disabled={submitting}>
              {submitting ? 'Enviando...' : own ? 'Editar' : 'Avaliar'}
            </button>
          </div>
        </Form>
      )}
    </UrlDialog>
  );
}

function ToolDialog({ tool, closeTo }: { tool: ToolCardData; closeTo: string }) {
  return (
    <UrlDialog title={tool.name} closeTo={closeTo} size="xl">
      {tool.locked ? (
        <LockedNotice level={tool.requiredLevel} />
      ) : tool.frameUrl ? (
        <ToolFrame src={tool.frameUrl} title={tool.name} sandboxed={tool.linkType === 'custom'} />
      ) : tool.linkType === 'external' ? (
        <ExternalToolLink href={tool.link} />
      ) : (
        <Link to={tool.link} className="btn-primary">
          Abrir ferramenta
        </Link>
      )}
      <div className="mt-4 flex justify-end">
        <Link to={closeTo} className="btn-secondary" preventScrollReset>
          Fechar
        </Link>
      </div>
    </UrlDialog>
  );
}

export default function Dashboard() {
  const data = useLoaderData<typeof loader>();
  const { user, filter, query, tools, categories, showBlocked, emptyMessage, myRatings, dialog, ratings } = data;
  const location = useLocation();
  const loadingCatalog = useCatalogLoading();
  const rateResult = useIntentResult('rate');
  const closeTo = `${location.pathname}${withParams(location.search, { dialog: null, tool: null })}`.replace(/\?$/, '');

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">Bem-vindo, {user.username}!</h1>
        <RoleBadge role={user.role} expiresAt={user.roleExpiryDate} />
      </div>
      <QuickCards isAdmin={user.isAdmin} />

      <div className="mt-6 grid gap-4 lg:grid-cols-2">
        <PromoBox key={location.key} />
        <SearchBox key={`${filter}-${query}`} query={query} filter={filter} />
      </div>

      <section className="mt-8" aria-labelledby="tools-title">
        <h2 id="tools-title" className="text-xl font-bold">
          Ferramentas
        </h2>
        {!dialog && rateResult?.error?.[''] ? (
          <div className="mt-4">
            <Alert title="Erro ao avaliar">{rateResult.error[''][0]}</Alert>
          </div>
        ) : null}
        <div className="mt-4">
          <CategoryFilter current={filter} categories={categories} showBlocked={showBlocked} search={location.search} />
        </div>
        <div className="mt-6 grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3" aria-busy={loadingCatalog || undefined}>
          {loadingCatalog
            ? Array.from({ length: 4 }, (_, index) => <ToolCardSkeleton key={index} />)
            : tools.map((tool) => <ToolCard key={tool.id} tool={tool} rated={Boolean(myRatings[tool.id])} search={location.search} />)}
        </div>
        {!loadingCatalog && emptyMessage ? (
          <p data-testid="tools-empty" className="mt-6 rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600">
            {emptyMessage}
          </p>
        ) : null}
      </section>

      {dialog?.kind === 'tool' ? <ToolDialog tool={dialog.tool} closeTo={closeTo} /> : null}
      {dialog?.kind === 'rate' ? <RateDialog key={dialog.tool.id} tool={dialog.tool} own={myRatings[dialog.tool.id]} closeTo={closeTo} /> : null}
      {dialog?.kind === 'ratings' && ratings ? (
        <UrlDialog title={`Avaliações de ${dialog.tool.name}`} closeTo={closeTo} size="lg">
          <ToolRatingsList ratings={ratings} />
          <div className="mt-4 flex justify-end">
            <Link to={closeTo} className="btn-secondary" preventScrollReset>
              Fechar
            </Link>
          </div>
        </UrlDialog>
      ) : null}
    </div>
  );
}
