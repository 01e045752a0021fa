import { LightLink } from '~/components/ui/light-link';
import { useLocation } from '@remix-run/react';
import type { CourseContent } from '~/models/courses/content.server';
import type { CourseView } from '~/models/courses/course.server';
import { addLessonLink, addMaterialLink } from './content-links';
import { LessonEditDeleteActions } from './lesson-accordion';
import { MaterialList } from './material-list';

/** 'Administração' (admins only): the lessons, the materials, the certificate's data and the course's promo codes. */
export function AdminPanel({ course, content }: { course: CourseView; content: CourseContent }) {
  const { search } = useLocation();
  const lessonMaterials = content.lessons.filter((lesson) => lesson.materials.length > 0);
  const materialCount = content.courseMaterials.length + content.lessons.reduce((sum, lesson) => sum + lesson.materials.length, 0);
  return (
    <div className="space-y-6">
      <section className="card" aria-labelledby="admin-lessons-title">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="admin-lessons-title" className="text-lg font-semibold">
            Aulas
          </h2>
          <LightLink to={addLessonLink(search)} className="btn-primary" preventScrollReset>
            Adicionar Aula
          </LightLink>
        </div>
        {content.lessons.length === 0 ? (
          <p className="mt-3 text-sm text-slate-500">Nenhuma aula cadastrada.</p>
        ) : (
          <ol className="mt-3 divide-y divide-slate-100" data-testid="admin-lessons">
            {content.lessons.map((lesson) => (
              <li key={lesson.id} className="flex flex-wrap items-center gap-3 py-3">
                <span className="w-20 shrink-0 text-sm text-slate-500">Ordem {lesson.order}</span>
                <span className="min-w-[10rem] flex-1 font-medium">{lesson.title}</span>
                <span className="text-xs text-slate-500">
                  {lesson.materials.length} {lesson.materials.length === 1 ? 'material' : 'materiais'}
                </span>
                <LessonEditDeleteActions lesson={lesson} search={search} size="px-3 py-1.5" />
              </li>
            ))}
          </ol>
        )}
      </section>

      <section className="card" aria-labelledby="admin-materials-title">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="admin-materials-title" className="text-lg font-semibold">
            Materiais
          </h2>
          <LightLink to={addMaterialLink(search, null)} className="btn-primary" preventScrollReset>
            Adicionar Material ao Curso
          </LightLink>
        </div>
        {materialCount === 0 ? <p className="mt-3 text-sm text-slate-500">Nenhum material cadastrado.</p> : null}
        {content.courseMaterials.length > 0 ? (
          <div className="mt-4">
            <h3 className="text-sm font-semibold text-slate-600">Materiais do Curso</h3>
            <MaterialList materials={content.courseMaterials} isAdmin emptyText="" />
          </div>
        ) : null}
        {lessonMaterials.map((lesson) => (
          <div key={lesson.id} className="mt-4">
            <h3 className="text-sm font-semibold text-slate-600">{lesson.title}</h3>
            <MaterialList materials={lesson.materials} isAdmin emptyText="" />
          </div>
        ))}
      </section>

      <section className="card" aria-labelledby="admin-certificate-title">
        <h2 id="admin-certificate-title" className="text-lg font-semibold">
          Certificado
        </h2>
        <p className="mt-2 text-sm text-slate-600">
          Carga horária, conteúdo programático, instrutores e responsável técnico impressos nos certificados deste curso.
        </p>
        <LightLink to={`/courses/${course.id}/certificado`} className="btn-secondary mt-4">
          Editar dados do certificado
        </LightLink>
      </section>

      <section className="card" aria-labelledby="admin-codes-title">
        <h2 id="admin-codes-title" className="text-lg font-semibold">
          Códigos Promocionais
        </h2>
        <p className="mt-2 text-sm text-slate-600">
          {course.requiresPromoCode
            ? 'Este curso exige um código promocional para acesso. Crie e acompanhe os códigos que o desbloqueiam.'
            : 'Os códigos promocionais deste curso são criados e acompanhados no painel administrativo.'}
        </p>
        <LightLink to={`/admin?${new URLSearchParams({ tab: 'promocodes', courseId: String(course.id) })}`} className="btn-secondary mt-4">
          Gerenciar Códigos
        </LightLink>
      </section>
    </div>
  );
}
