import { LightLink } from '~/components/ui/light-link';
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData, useLocation } from '@remix-run/react';
import { routeErrorBoundary } from '~/components/ui/route-error';
import { CatalogueFilters, useCatalogueLoading } from '~/components/course-catalogue/catalogue-filters';
import { CourseCard, CourseCardSkeleton } from '~/components/course-catalogue/course-card';
import { COURSE_CODE_DIALOG, COURSE_CODE_INTENT, CourseCodeDialog } from '~/components/course-catalogue/course-code-dialog';
import { Pagination } from '~/components/ui/pagination';
import { activateCourseCode } from '~/models/courses/course-code.server';
import { requireCourseReader } from '~/models/courses/access.server';
import { listCatalogue } from '~/models/courses/course.server';
import { catalogueCodeSchema, courseListQuerySchema } from '~/schemas/course-list';
import { handleForm, intent } from '~/utils/form.server';
import { pageMeta } from '~/utils/meta';
import { parseListQuery } from '~/utils/pagination.server';
import { redirectWithToast } from '~/utils/toast.server';
import { dialogLink, readDialog } from '~/utils/url-state';

export const meta: MetaFunction = () =>
  pageMeta('Cursos', 'Cursos especializados de engenharia, com aulas em vídeo e materiais, para assinantes E-MASTER.');

const DIALOGS = [COURSE_CODE_DIALOG] as const;

/** /courses?q=&sort=&level=&category=&filter=&page=&dialog=promo: E-MASTER and admins (others: /dashboard, 'Acesso Restrito'). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireCourseReader(request);
  const params = new URL(request.url).searchParams;
  const query = parseListQuery(params, courseListQuerySchema);
  const catalogue = listCatalogue(user, query);
  return json({
    isAdmin: user.role === 'admin',
    state: { q: query.q, sort: query.sort, level: query.level, category: query.category, filter: query.filter },
    courses: catalogue.items,
    total: catalogue.total,
    page: catalogue.page,
    pageCount: catalogue.pageCount,
    categories: catalogue.categories,
    dialog: readDialog(params, DIALOGS),
  });
}

const CODE_REFUSED = 'Erro ao aplicar código';

export async function action(args: ActionFunctionArgs) {
  const user = await requireCourseReader(args.request);
  return handleForm(args, {
    [COURSE_CODE_INTENT]: intent({
      schema: catalogueCodeSchema,
      refusalToast: (message) => ({ title: CODE_REFUSED, description: message, type: 'error' }),
      run: async ({ code }) => {
        const { course } = await activateCourseCode({ userId: user.id, code });
        return redirectWithToast(`/courses/${course.id}`, {
          title: 'Código promocional aplicado',
          description: 'Você agora tem acesso ao curso!',
          type: 'success',
        });
      },
    }),
  });
}

function emptyMessage(state: { q: string; level: string | null; category: string | null; filter: string }): string {
  if (state.q) return `Nenhum curso encontrado para "${state.q}".`;
  if (state.filter === 'unlocked') return 'Você ainda não desbloqueou nenhum curso com código promocional.';
  if (state.level || state.category) return 'Nenhum curso encontrado com os filtros selecionados.';
  return 'Nenhum curso disponível no momento.';
}

export default function CoursesCatalogue() {
  const { isAdmin, state, courses, total, page, pageCount, categories, dialog } = useLoaderData<typeof loader>();
  const location = useLocation();
  const loading = useCatalogueLoading();

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">Cursos</h1>
          <p className="mt-1 text-slate-600">Cursos especializados com aulas em vídeo e materiais para download.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <LightLink to={dialogLink(location.search, COURSE_CODE_DIALOG)} className="btn-secondary" preventScrollReset>
            Tenho um código promocional
          </LightLink>
          {isAdmin ? (
            <LightLink to="/admin" className="btn-primary">
              Gerenciar Cursos
            </LightLink>
          ) : null}
        </div>
      </div>

      <div className="mt-6">
        <CatalogueFilters state={state} categories={categories} />
      </div>

      <section aria-label="Lista de cursos" className="mt-6">
        {!loading && total > 0 ? (
          <p className="text-sm text-slate-600" data-testid="courses-total">
            {total === 1 ? '1 curso' : `${total} cursos`}
          </p>
        ) : null}
        <div className="mt-3 grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3" aria-busy={loading || undefined}>
          {loading
            ? Array.from({ length: 4 }, (_, index) => <CourseCardSkeleton key={index} />)
            : courses.map((course) => <CourseCard key={course.id} course={course} />)}
        </div>
        {!loading && total === 0 ? (
          <div data-testid="courses-empty" className="mt-6 rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600">
            <p>{emptyMessage(state)}</p>
            {state.filter === 'unlocked' ? (
              <LightLink to={dialogLink(location.search, COURSE_CODE_DIALOG)} className="btn-primary mt-4" preventScrollReset>
                Usar um código promocional
              </LightLink>
            ) : null}
          </div>
        ) : null}
        {loading ? null : <Pagination page={page} pageCount={pageCount} />}
      </section>

      {dialog === COURSE_CODE_DIALOG ? <CourseCodeDialog /> : null}
    </div>
  );
}

/**
 * 'Erro ao carregar cursos' (the specification's Error catalogue) when the catalogue cannot be read; 'Tentar novamente' is a
 * plain link to the same address, so it reloads with JavaScript or without. A refused request
 * (a form the server would not read) shows its own message instead.
 */
export const ErrorBoundary = routeErrorBoundary({
  back: { to: '/courses', label: 'Voltar aos cursos' },
  unexpected: {
    title: 'Erro ao carregar cursos',
    text: 'Não foi possível carregar a lista de cursos. Tente novamente em instantes.',
    testId: 'courses-error',
  },
  plainLinks: true,
});
