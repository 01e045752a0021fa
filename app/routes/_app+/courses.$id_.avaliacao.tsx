import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { isRouteErrorResponse, useLoaderData, useRouteError } from '@remix-run/react';
import { AssessmentIntro, AttemptHistory, StartAttemptForm } from '~/components/assessment/assessment-panels';
import { AttemptForm } from '~/components/assessment/attempt-form';
import { AttemptResultView } from '~/components/assessment/attempt-result';
import { LightLink } from '~/components/ui/light-link';
import { keptAssessmentPage } from '~/models/assessments/assessment-page-kept.server';
import { startAttempt, submitAttempt } from '~/models/assessments/attempts.server';
import { COURSE_ACCESS_MESSAGES, loadOpenCourseFor, requireCourseReader } from '~/models/courses/access.server';
import { answersOf, attemptStartSchema, attemptSubmitSchema } from '~/schemas/assessment';
import { idParam } from '~/utils/api.server';
import { handleForm, intent, orResponse } from '~/utils/form.server';
import { pageMeta } from '~/utils/meta';
import { formatScore } from '~/utils/score';
import { redirectWithToast, type Toast } from '~/utils/toast.server';

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(data ? `Avaliação final — ${data.course.title}` : 'Avaliação final');

/**
 * /courses/{id}/avaliacao (issue 31): the course's final assessment for a learner who may open the course.
 * The open attempt as a plain form (its right answers never in the HTML or the loader data), the
 * start button or the reason it is refused (attempt limit, wait, already passed), the past attempts,
 * and `?tentativa=ID` one graded attempt with the right answers and explanations.
 */

const attemptParam = (search: URLSearchParams) => {
  const value = search.get('tentativa');
  return value && /^\d{1,12}$/.test(value) ? Number(value) : null;
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireCourseReader(request);
  const courseId = orResponse(() => idParam(params.id, COURSE_ACCESS_MESSAGES.notFound));
  const attemptId = attemptParam(new URL(request.url).searchParams);
  return json(orResponse(() => keptAssessmentPage(user, courseId, attemptId)));
}

const refusal =
  (title: string) =>
  (message: string): Toast => ({ title, description: message, type: 'error' });

export async function action(args: ActionFunctionArgs) {
  const { request, params } = args;
  const user = await requireCourseReader(request);
  const courseId = orResponse(() => idParam(params.id, COURSE_ACCESS_MESSAGES.notFound));
  orResponse(() => loadOpenCourseFor(user, courseId));
  const page = `/courses/${courseId}/avaliacao`;
  return handleForm(args, {
    start: intent({
      schema: attemptStartSchema,
      refusalToast: refusal('Erro ao iniciar avaliação'),
      run: () => {
        startAttempt(user, courseId);
        return redirectWithToast(`${page}#attempt-title`, { title: 'Avaliação iniciada', description: 'Boa prova!', type: 'success' });
      },
    }),
    submit: intent({
      schema: attemptSubmitSchema,
      refusalToast: refusal('Erro ao enviar respostas'),
      run: (value) => {
        const result = submitAttempt(user, value.attemptId, answersOf(value));
        const toast: Toast = result.expired
          ? { title: 'Tempo esgotado', description: 'As respostas chegaram depois do prazo e não foram aceitas.', type: 'error' }
          : {
              title: result.passed ? 'Aprovado' : 'Não aprovado',
              description: `Sua nota: ${formatScore(result.scorePercent)} (mínimo ${result.passPercent} %).`,
              type: result.passed ? 'success' : 'error',
            };
        return redirectWithToast(`${page}?tentativa=${result.id}#result-title`, toast);
      },
    }),
  });
}

export default function AssessmentPage() {
  const { course, state, result } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <LightLink to={`/courses/${course.id}`} className="text-sm text-brand-700 hover:underline">
        ← Voltar para o curso
      </LightLink>
      <AssessmentIntro courseTitle={course.title} settings={state.settings} bankSize={state.bankSize} />
      {result ? <AttemptResultView result={result} /> : null}
      {state.open ? (
        <AttemptForm attempt={state.open} />
      ) : (
        <StartAttemptForm verdict={state.verdict} hasQuestions={state.bankSize > 0} courseId={course.id} />
      )}
      <AttemptHistory courseId={course.id} attempts={state.history} />
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = isRouteErrorResponse(error) && typeof error.data?.message === 'string' ? error.data.message : null;
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <p className="text-sm font-semibold text-brand-600">Erro {status}</p>
      <h1 className="mt-2 text-3xl font-bold">
        {status === 404 ? 'Não encontrado' : status === 403 ? 'Acesso negado' : 'Algo deu errado'}
      </h1>
      <p className="mt-4 text-slate-600">{message ?? 'Ocorreu um erro inesperado. Tente novamente em instantes.'}</p>
      <LightLink to="/courses" className="btn-primary mt-8">
        Voltar para cursos
      </LightLink>
    </div>
  );
}
