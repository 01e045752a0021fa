import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { LessonQuizForm, LessonQuizResultView } from '~/components/assessment/lesson-quiz';
import { LightLink } from '~/components/ui/light-link';
import { routeErrorBoundary } from '~/components/ui/route-error';
import { answersOf } from '~/schemas/assessment';
import { gradeLessonQuiz, lessonQuizFor, LESSON_QUIZ_MESSAGES, type LessonQuizResult } from '~/models/assessments/lesson-quiz.server';
import { COURSE_ACCESS_MESSAGES, requireCourseReader } from '~/models/courses/access.server';
import { lessonQuizSchema } from '~/schemas/lesson-quiz';
import { idParam } from '~/utils/api.server';
import { handleForm, intent, orResponse } from '~/utils/form.server';
import { pageMeta } from '~/utils/meta';

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(data ? `Exercício da aula — ${data.quiz.lesson.title}` : 'Exercício da aula');

/**
 * /courses/{id}/aulas/{lessonId}/exercicio (issue 31): a lesson's practice exercise for a learner who may
 * open the course. The questions without their answers; 'Corrigir' (a plain POST) grades them on the
 * server and answers this page with right and wrong and the explanations. Nothing is stored.
 */

const ids = (params: LoaderFunctionArgs['params']) => ({
  courseId: idParam(params.id, COURSE_ACCESS_MESSAGES.notFound),
  lessonId: idParam(params.lessonId, LESSON_QUIZ_MESSAGES.lessonNotFound),
});

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireCourseReader(request);
  const { courseId, lessonId } = orResponse(() => ids(params));
  const quiz = orResponse(() => lessonQuizFor(user, courseId, lessonId));
  return json({ courseId, quiz });
}

export async function action(args: ActionFunctionArgs) {
  const user = await requireCourseReader(args.request);
  const { courseId, lessonId } = orResponse(() => ids(args.params));
  orResponse(() => lessonQuizFor(user, courseId, lessonId));
  return handleForm(args, {
    quiz: intent({
      schema: lessonQuizSchema,
      run: (value) =>
        json({ intent: 'quiz', result: null, graded: gradeLessonQuiz(user, courseId, lessonId, value.version, answersOf(value)) }),
    }),
  });
}

export default function LessonQuizPage() {
  const { courseId, quiz } = useLoaderData<typeof loader>();
  const graded = (useActionData<{ graded?: LessonQuizResult }>() ?? {}).graded ?? null;
  const lessonTo = `/courses/${courseId}?tab=content&lesson=${quiz.lesson.id}#lesson-${quiz.lesson.id}`;
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <LightLink to={lessonTo} className="text-sm text-brand-700 hover:underline">
        ← Voltar para a aula
      </LightLink>
      <div>
        <h1 className="text-2xl font-bold">Exercício da aula</h1>
        <p className="mt-1 text-slate-700">{quiz.lesson.title}</p>
        <p className="mt-2 text-sm text-slate-600">
          Prática: veja o que acertou e as explicações depois de corrigir. Não conta para o certificado.
        </p>
      </div>
      {graded ? (
        <LessonQuizResultView result={graded} retryTo={`/courses/${courseId}/aulas/${quiz.lesson.id}/exercicio`} />
      ) : (
        <LessonQuizForm quiz={quiz} />
      )}
    </div>
  );
}

export const ErrorBoundary = routeErrorBoundary({
  back: { to: '/courses', label: 'Voltar para cursos' },
  notFound: { title: 'Exercício não encontrado', text: 'Esta aula não existe ou não tem exercício.' },
});
