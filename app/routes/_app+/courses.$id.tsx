import { LightLink } from '~/components/ui/light-link';
import { routeErrorBoundary } from '~/components/ui/route-error';
import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { PremiumAccessCard, PromoAccessCard } from '~/components/course/access-cards';
import { AdminPanel } from '~/components/course/admin-panel';
import {
  CourseConfirmPage,
  LessonDialog,
  MaterialDialog,
  type ContentConfirm,
  type ContentDialog,
} from '~/components/course/content-dialogs';
import { CourseHeader, CourseOverview, CourseTabs } from '~/components/course/detail-header';
import { CertificateOfferBox } from '~/components/certificate/certificate-offer';
import { FinalAssessmentSettings, QuestionBankList } from '~/components/admin/question-bank';
import { QuestionDeletePage, QuestionDialog } from '~/components/admin/question-bank-dialog';
import { CourseContentView } from '~/components/course/lesson-accordion';
import { ProgressSummary } from '~/components/course/progress-summary';
import { COURSE_ACCESS_MESSAGES, requireCourseReader } from '~/models/courses/access.server';
import { courseCertificateOffer } from '~/models/assessments/certificate.server';
import { continueHref, getCoursePage, type CourseContent } from '~/models/courses/content.server';
import { idParam } from '~/utils/api.server';
import { orResponse } from '~/utils/form.server';
import { pageMeta, sharedPageMeta, siteOriginOf } from '~/utils/meta';
import { readDialog } from '~/utils/url-state';

import { lessonQuizCounts } from '~/models/assessments/lesson-quiz.server';
import { questionBankData } from './courses.$id.question-bank.server';

export { action } from './courses.$id.server';

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) =>
  data
    ? sharedPageMeta({
        title: data.course.title,
        description: data.course.description.slice(0, 160),
        url: location.pathname,
        origin: siteOriginOf(matches),
        type: 'article',
      })
    : pageMeta(COURSE_ACCESS_MESSAGES.notFound);

/**
 * /courses/{id} (the specification's 'Course detail' screen). The course, and what the viewer may do with it:
 * the 'Acesso Restrito' card (a course code), the 'Curso Premium' card (a purchase), or the full
 * view with its tabs (`?tab=overview|content|admin`), the lessons accordion (`?lesson=` opens
 * one), the viewer's progress, and for admins the lesson and material dialogs (`?dialog=`) and
 * deletions (`?confirm=`, the confirmation on a page of its own without JavaScript).
 * Lessons, materials and video links are only in the data when the viewer may open the course.
 */

type Tab = 'overview' | 'content' | 'admin';
const DIALOGS = ['lesson', 'material'] as const;
const CONFIRMS = ['delete-lesson', 'delete-material'] as const;

/** `?lesson=` / `?material=` as an id, or null. */
const idFrom = (params: URLSearchParams, name: string) => {
  const value = params.get(name);
  return value && /^\d{1,12}$/.test(value) ? Number(value) : null;
};

function readTab(params: URLSearchParams, isAdmin: boolean): Tab {
  const value = params.get('tab');
  if (value === 'content') return 'content';
  if (value === 'admin' && isAdmin) return 'admin';
  return 'overview';
}

/** The admin's dialog from the URL: `?dialog=lesson[&lesson=ID]`, `?dialog=material[&lesson=ID | &material=ID]`. */
function readContentDialog(params: URLSearchParams, content: CourseContent): ContentDialog | null {
  const kind = readDialog(params, DIALOGS);
  const lessonId = idFrom(params, 'lesson');
  if (kind === 'lesson') {
    if (lessonId === null) return { kind, lesson: null };
    const lesson = content.lessons.find((item) => item.id === lessonId);
    if (!lesson) return null;
    const { materials: _materials, done: _done, ...view } = lesson;
    return { kind, lesson: view };
  }
  if (kind === 'material') {
    const materialId = idFrom(params, 'material');
    if (materialId !== null) {
      const material = [...content.courseMaterials, ...content.lessons.flatMap((item) => item.materials)].find(
        (item) => item.id === materialId,
      );
      return material ? { kind, material, lessonId: material.lessonId } : null;
    }
    const known = lessonId !== null && content.lessons.some((item) => item.id === lessonId);
    return { kind, material: null, lessonId: known ? lessonId : null };
  }
  return null;
}

/** The admin's deletion waiting for confirmation: `?confirm=delete-lesson&lesson=ID` or `?confirm=delete-material&material=ID`. */
function readConfirm(params: URLSearchParams, content: CourseContent): ContentConfirm | null {
  const value = params.get('confirm');
  const kind = (CONFIRMS as readonly string[]).includes(value ?? '') ? (value as (typeof CONFIRMS)[number]) : null;
  if (kind === 'delete-lesson') {
    const lesson = content.lessons.find((item) => item.id === idFrom(params, 'lesson'));
    return lesson ? { kind, id: lesson.id, title: lesson.title } : null;
  }
  if (kind === 'delete-material') {
    const materialId = idFrom(params, 'material');
    const material = [...content.courseMaterials, ...content.lessons.flatMap((item) => item.materials)].find(
      (item) => item.id === materialId,
    );
    return material ? { kind, id: material.id, title: material.title } : null;
  }
  return null;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireCourseReader(request);
  const { course, access, content } = orResponse(() => getCoursePage(user, idParam(params.id, COURSE_ACCESS_MESSAGES.notFound)));
  if (!content) {
    return json({
      course,
      access,
      content: null,
      tab: 'overview' as Tab,
      openLessonId: null,
      continueTo: null,
      nextOrder: 1,
      dialog: null,
      confirm: null,
      certificate: null,
      questionBank: null,
      quizSizes: {},
    });
  }
  const search = new URL(request.url).searchParams;
  const { nextLessonId } = content.progress;
  const isAdmin = access.isAdmin;
  const tab = readTab(search, isAdmin);
  return json({
    course,
    access,
    content,
    tab,
    openLessonId: idFrom(search, 'lesson'),
    continueTo: nextLessonId !== null && content.progress.done > 0 ? continueHref(course.id, nextLessonId) : null,
    // The specification's Business constants: a new lesson goes after the last one.
    nextOrder: content.lessons.reduce((highest, lesson) => Math.max(highest, lesson.order), 0) + 1,
    dialog: isAdmin ? readContentDialog(search, content) : null,
    confirm: isAdmin ? readConfirm(search, content) : null,
    certificate: courseCertificateOffer(user, course.id),
    questionBank: isAdmin && tab === 'admin' ? questionBankData(search, course.id) : null,
    quizSizes: tab === 'content' ? lessonQuizCounts(course.id) : {},
  });
}

export default function CoursePage() {
  const data = useLoaderData<typeof loader>();
  const { course, access, content } = data;

  if (!content) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-8">
        <BackLink />
        <div className="mt-4">
          {access.state === 'premium' ? <PremiumAccessCard course={course} /> : <PromoAccessCard course={course} />}
        </div>
      </div>
    );
  }

  if (data.confirm) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-8">
        <CourseConfirmPage confirm={data.confirm} />
      </div>
    );
  }

  if (data.questionBank?.deleting) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-8">
        <QuestionDeletePage question={data.questionBank.deleting} />
      </div>
    );
  }

  const isAdmin = access.isAdmin;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <BackLink />
      <CourseHeader course={course} />
      <ProgressSummary progress={content.progress} continueTo={data.continueTo} />
      {data.certificate ? <CertificateOfferBox offer={data.certificate} courseId={data.course.id} /> : null}
      <CourseTabs current={data.tab} isAdmin={isAdmin} />
      <div role="tabpanel" id="course-tabpanel" aria-labelledby={`course-tab-${data.tab}`} className="mt-6">
        {data.tab === 'content' ? (
          <CourseContentView content={content} isAdmin={isAdmin} openLessonId={data.openLessonId} quizSizes={data.quizSizes} />
        ) : data.tab === 'admin' && isAdmin ? (
          <div className="space-y-6">
            <AdminPanel course={course} content={content} />
            {data.questionBank ? <FinalAssessmentSettings final={data.questionBank.final} /> : null}
            {data.questionBank ? <QuestionBankList bank={data.questionBank.bank} /> : null}
          </div>
        ) : (
          <CourseOverview course={course} />
        )}
      </div>
      {data.dialog?.kind === 'lesson' ? (
        <LessonDialog key={data.dialog.lesson?.id ?? 'new'} lesson={data.dialog.lesson} nextOrder={data.nextOrder} />
      ) : null}
      {data.dialog?.kind === 'material' ? (
        <MaterialDialog
          key={data.dialog.material?.id ?? `new-${data.dialog.lessonId}`}
          material={data.dialog.material}
          lessonId={data.dialog.lessonId}
          lessons={content.lessons}
        />
      ) : null}
      {data.questionBank?.dialog ? (
        <QuestionDialog
          key={data.questionBank.dialog.question?.id ?? 'new'}
          question={data.questionBank.dialog.question}
          lessons={content.lessons}
        />
      ) : null}
    </div>
  );
}

function BackLink() {
  return (
    <LightLink to="/courses" className="text-sm text-brand-700 hover:underline">
      ← Voltar para cursos
    </LightLink>
  );
}

export const ErrorBoundary = routeErrorBoundary({
  back: { to: '/courses', label: 'Voltar para cursos' },
  notFound: { title: 'Curso não encontrado', text: 'Este curso não existe ou foi removido.' },
});
