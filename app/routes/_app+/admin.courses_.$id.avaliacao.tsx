import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { AnalyticsTotals, ItemAnalysisTable } from '~/components/assessment/course-analytics';
import { LightLink } from '~/components/ui/light-link';
import { ListCount } from '~/components/ui/list-table';
import { Pagination } from '~/components/ui/pagination';
import { routeErrorBoundary } from '~/components/ui/route-error';
import { requireAdmin } from '~/models/accounts/permissions.server';
import { courseAnalytics } from '~/models/assessments/analytics.server';
import { COURSE_ACCESS_MESSAGES } from '~/models/courses/access.server';
import { assessmentAnalyticsQuerySchema } from '~/schemas/assessment-analytics';
import { idParam } from '~/utils/api.server';
import { orResponse } from '~/utils/form.server';
import { ptBrNumber } from '~/utils/format';
import { pageMeta } from '~/utils/meta';
import { parseListQuery } from '~/utils/pagination.server';

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(data ? `Avaliação — ${data.course.title} — Administração` : 'Avaliação — Administração');

/**
 * /admin/courses/{id}/avaliacao?page= (issue 31, item 5): how a course teaches. Attempts, pass rate and
 * average grade, and per question the share of right answers and the wrong option chosen most (hardest
 * first, 20 a page); 'Exportar CSV' downloads the whole analysis (after the fresh check).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const courseId = orResponse(() => idParam(params.id, COURSE_ACCESS_MESSAGES.notFound));
  const query = parseListQuery(new URL(request.url).searchParams, assessmentAnalyticsQuerySchema);
  return json(orResponse(() => courseAnalytics(admin, courseId, query)));
}

const thousands = ptBrNumber({ maximumFractionDigits: 0 });

export default function AdminCourseAnalytics() {
  const { course, settings, totals, analysed, window: analysisWindow, questions } = useLoaderData<typeof loader>();
  return (
    <section className="space-y-4" aria-labelledby="analytics-title">
      <LightLink to="/admin/courses" className="text-sm text-brand-700 hover:underline">
        ← Voltar para cursos
      </LightLink>
      <div>
        <h2 id="analytics-title" className="text-xl font-bold">
          Avaliação final — {course.title}
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {settings
            ? `Nota mínima ${settings.passPercent} %, ${settings.questionsPerAttempt} questões por tentativa.`
            : 'Este curso não tem avaliação final.'}
        </p>
      </div>
      <div className="card space-y-4">
        <AnalyticsTotals totals={totals} />
      </div>
      <div className="card">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h3 className="text-lg font-semibold">Análise por questão</h3>
          {questions.total > 0 ? (
            <a href={`/admin/courses/${course.id}/avaliacao/export`} className="btn-secondary" download>
              Exportar CSV
            </a>
          ) : null}
        </div>
        <p className="mt-1 text-sm text-slate-600">
          Das {thousands.format(analysed)} tentativas respondidas mais recentes (até {thousands.format(analysisWindow)}); as questões com
          menos acertos primeiro. Tentativas encerradas pelo tempo não têm respostas e ficam fora.
        </p>
        {questions.total > 0 ? <ListCount total={questions.total} one="questão" many="questões" /> : null}
        <ItemAnalysisTable questions={questions.items} total={questions.total} />
        <Pagination page={questions.page} pageCount={questions.pageCount} />
      </div>
    </section>
  );
}

export const ErrorBoundary = routeErrorBoundary({ back: { to: '/admin/courses', label: 'Voltar para cursos' } });
