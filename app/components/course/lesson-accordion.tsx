import { LightLink } from '~/components/ui/light-link';
import { Form, useLocation, useNavigation } from '@remix-run/react';
import { ConfirmActionLink } from '~/components/ui/confirm-action';
import type { CourseContent, LessonWithMaterials } from '~/models/courses/content.server';
import type { LessonVideo } from '~/utils/video';
import { addLessonLink, addMaterialLink, DELETE_LESSON_MESSAGE, deleteLessonLink, editLessonLink } from './content-links';
import { MaterialList } from './material-list';

/**
 * 'Conteúdo do Curso': the lessons by order as an accordion of native <details> (it opens and
 * closes without JavaScript; `?lesson=ID` opens one), each with its description, 16:9 video,
 * materials, its exercise when it has one (issue 31) and the viewer's 'Marcar como concluída'; then the
 * course's own materials.
 */

export function VideoPlayer({ video, title }: { video: LessonVideo; title: string }) {
  if (video.kind === 'unsupported') {
    return <p className="rounded-lg bg-slate-100 p-6 text-center text-sm text-slate-600">Formato de vídeo não suportado</p>;
  }
  return (
    <div className="aspect-video w-full overflow-hidden rounded-lg bg-slate-900">
      <iframe
        src={video.embedUrl}
        title={`Vídeo da aula: ${title}`}
        loading="lazy"
        allow="accelerometer; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
        className="h-full w-full border-0"
      />
    </div>
  );
}

/** A plain form post: marks the lesson done, or (when it is) takes the mark back. */
function ProgressButton({ lesson }: { lesson: LessonWithMaterials }) {
  const navigation = useNavigation();
  const pending =
    navigation.state === 'submitting' &&
    navigation.formData?.get('intent') === 'progress' &&
    navigation.formData.get('lessonId') === String(lesson.id);
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="progress" />
      <input type="hidden" name="lessonId" value={lesson.id} />
      <input type="hidden" name="done" value={lesson.done ? 'false' : 'true'} />
      <button
        type="submit"
        className={lesson.done ? 'btn-secondary border-green-300 text-green-800' : 'btn-primary'}
        title={lesson.done ? 'Clique para desmarcar a aula' : undefined}
        disabled={pending}
      >
        {lesson.done ? (
          <>
            <span aria-hidden="true">✓</span> Concluída
          </>
        ) : (
          'Marcar como concluída'
        )}
      </button>
    </Form>
  );
}

function LessonItem({
  lesson,
  position,
  isAdmin,
  open,
  quizSize,
}: {
  lesson: LessonWithMaterials;
  position: number;
  isAdmin: boolean;
  open: boolean;
  /** Questions of the lesson's exercise (issue 31); 0: none. */
  quizSize: number;
}) {
  const { search } = useLocation();
  return (
    <details
      id={`lesson-${lesson.id}`}
      open={open}
      className="group rounded-lg border border-slate-200 bg-white shadow-sm"
      data-testid="lesson"
    >
      <summary className="flex cursor-pointer list-none items-center gap-3 p-4 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
        <span
          className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-50 text-sm font-semibold text-brand-700"
          aria-hidden="true"
        >
          {position}
        </span>
        <span className="flex-1 font-semibold text-slate-900" data-testid="lesson-title">
          {lesson.title}
        </span>
        {lesson.done ? (
          <span className="text-sm font-medium text-green-700">
            <span aria-hidden="true">✓</span>
            <span className="sr-only">(concluída)</span>
          </span>
        ) : null}
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-5 w-5 text-slate-400 transition group-open:rotate-180"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="m6 9 6 6 6-6" />
        </svg>
      </summary>
      <div className="space-y-5 border-t border-slate-100 p-4">
        <p className="whitespace-pre-line text-slate-700">{lesson.description}</p>
        <VideoPlayer video={lesson.video} title={lesson.title} />
        <div>
          <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-500">Materiais</h3>
          <div className="mt-2">
            <MaterialList materials={lesson.materials} isAdmin={isAdmin} emptyText="Nenhum material disponível para esta aula." />
          </div>
        </div>
        {quizSize > 0 ? (
          <div className="rounded-md bg-brand-50 p-3 text-sm">
            <p className="font-semibold text-slate-800">Exercício da aula</p>
            <p className="text-slate-600">
              {quizSize === 1 ? '1 questão' : `${quizSize} questões`} de prática, corrigidas na hora com explicações. Não contam para o
              certificado.
            </p>
            <LightLink to={`/courses/${lesson.courseId}/aulas/${lesson.id}/exercicio`} className="btn-secondary mt-2">
              Fazer o exercício<span className="sr-only"> da aula {lesson.title}</span>
            </LightLink>
          </div>
        ) : null}
        <div className="flex flex-wrap items-center gap-2 border-t border-slate-100 pt-4">
          <ProgressButton lesson={lesson} />
          {isAdmin ? (
            <>
              <LightLink to={addMaterialLink(search, lesson.id)} className="btn-secondary" preventScrollReset>
                Adicionar Material<span className="sr-only"> à aula {lesson.title}</span>
              </LightLink>
              <LessonEditDeleteActions lesson={lesson} search={search} />
            </>
          ) : null}
        </div>
      </div>
    </details>
  );
}

export function CourseMaterialsCard({ materials, isAdmin }: { materials: CourseContent['courseMaterials']; isAdmin: boolean }) {
  const { search } = useLocation();
  return (
    <section className="card" aria-labelledby="course-materials-title" data-testid="course-materials">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="course-materials-title" className="text-lg font-semibold">
          Materiais do Curso
        </h2>
        {isAdmin ? (
          <LightLink to={addMaterialLink(search, null)} className="btn-secondary" preventScrollReset>
            Adicionar Material ao Curso
          </LightLink>
        ) : null}
      </div>
      <div className="mt-3">
        <MaterialList materials={materials} isAdmin={isAdmin} emptyText="Nenhum material geral neste curso." />
      </div>
    </section>
  );
}

export function CourseContentView({
  content,
  isAdmin,
  openLessonId,
  quizSizes = {},
}: {
  content: CourseContent;
  isAdmin: boolean;
  openLessonId: number | null;
  /** Lesson id → questions of its exercise (issue 31). */
  quizSizes?: Record<number, number>;
}) {
  const { search } = useLocation();
  const { lessons, courseMaterials } = content;
  const empty = lessons.length === 0 && courseMaterials.length === 0;
  return (
    <div className="space-y-6">
      {empty ? (
        <div className="rounded-lg border border-dashed border-slate-300 p-10 text-center" data-testid="course-empty">
          <h2 className="text-lg font-semibold">Nenhum conteúdo disponível</h2>
          <p className="mt-2 text-slate-600">Este curso ainda não possui aulas ou materiais disponíveis.</p>
          {isAdmin ? (
            <LightLink to={addLessonLink(search)} className="btn-primary mt-6" preventScrollReset>
              Adicionar Aula
            </LightLink>
          ) : null}
        </div>
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 className="text-xl font-semibold">Aulas</h2>
            {isAdmin ? (
              <LightLink to={addLessonLink(search)} className="btn-primary" preventScrollReset>
                Adicionar Aula
              </LightLink>
            ) : null}
          </div>
          {lessons.length > 0 ? (
            <div className="space-y-3" data-testid="lesson-list">
              {lessons.map((lesson, index) => (
                <LessonItem
                  key={lesson.id}
                  lesson={lesson}
                  position={index + 1}
                  isAdmin={isAdmin}
                  open={lesson.id === openLessonId}
                  quizSize={quizSizes[lesson.id] ?? 0}
                />
              ))}
            </div>
          ) : null}
        </>
      )}
      {courseMaterials.length > 0 || isAdmin ? <CourseMaterialsCard materials={courseMaterials} isAdmin={isAdmin} /> : null}
    </div>
  );
}

/** 'Editar Aula' and 'Excluir Aula' (confirmed) for one lesson: in its accordion item and in the admin tab. */
export function LessonEditDeleteActions({
  lesson,
  search,
  size = '',
}: {
  lesson: { id: number; title: string };
  search: string;
  size?: string;
}) {
  return (
    <>
      <LightLink to={editLessonLink(search, lesson.id)} className={`btn-secondary ${size}`} preventScrollReset>
        Editar Aula<span className="sr-only"> {lesson.title}</span>
      </LightLink>
      <ConfirmActionLink
        to={deleteLessonLink(search, lesson.id)}
        message={DELETE_LESSON_MESSAGE}
        intent="delete-lesson"
        fields={{ lessonId: String(lesson.id) }}
        className={`btn-ghost text-red-600 ${size}`}
      >
        Excluir Aula<span className="sr-only"> {lesson.title}</span>
      </ConfirmActionLink>
    </>
  );
}
