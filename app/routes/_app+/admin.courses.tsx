import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData, useLocation } from '@remix-run/react';
import { COURSE_DELETE_CONFIRM, CourseCreateForm, CourseEditDialog, CourseTable } from '~/components/admin/courses';
import { ListCount } from '~/components/ui/list-table';
import { ConfirmActionPanel } from '~/components/ui/confirm-action';
import { ListSearch } from '~/components/ui/list-search';
import { Pagination } from '~/components/ui/pagination';
import { createCourse, deleteCourse, getCourse, listCourses, setCourseVisibility, updateCourse } from '~/models/courses/course.server';
import { requireAdmin } from '~/models/accounts/permissions.server';
import { adminCourseQuerySchema, courseIdFormSchema, courseUpdateFormSchema, courseVisibilityFormSchema } from '~/schemas/admin-course';
import { courseInputSchema } from '~/schemas/course';
import { handleForm, intent } from '~/utils/form.server';
import { isAppError } from '~/utils/errors';
import { pageMeta } from '~/utils/meta';
import { parseListQuery } from '~/utils/pagination.server';
import { redirectWithToast, type Toast } from '~/utils/toast.server';
import { readDialog, urlWithout, withParams } from '~/utils/url-state';

export const meta: MetaFunction = () => pageMeta('Cursos — Administração', 'Adicionar, editar, mostrar, ocultar e excluir cursos.');

/** `?dialog=edit-course&course={id}` (the edit dialog) and `?confirm=delete-course&course={id}` (the no-JavaScript delete confirmation). */
const URL_STATE_PARAMS = ['dialog', 'confirm', 'course'] as const;

const refusal =
  (title: string) =>
  (message: string): Toast => ({ title, description: message, type: 'error' });

/** /admin/courses?q=&page=: every course (hidden ones too), newest first, searched by title, 20 a page. */
export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const url = new URL(request.url);
  const query = parseListQuery(url.searchParams, adminCourseQuerySchema);
  const page = listCourses(admin, query);
  const courseParam = url.searchParams.get('course');
  const courseId = courseParam && /^\d{1,12}$/.test(courseParam) ? Number(courseParam) : null;
  const findCourse = () => {
    if (courseId === null) return null;
    try {
      return getCourse(admin, courseId);
    } catch (error) {
      // A course deleted meanwhile: the dialog simply does not open.
      if (isAppError(error)) return null;
      throw error;
    }
  };
  const editing = readDialog(url.searchParams, ['edit-course'] as const) ? findCourse() : null;
  const deleting = url.searchParams.get('confirm') === 'delete-course' ? findCourse() : null;
  return json({ ...page, q: query.q, editing, deleting: deleting ? { id: deleting.id, title: deleting.title } : null });
}

export async function action(args: ActionFunctionArgs) {
  const admin = await requireAdmin(args.request);
  const back = urlWithout(args.request.url, URL_STATE_PARAMS);
  return handleForm(args, {
    create: intent({
      schema: courseInputSchema,
      refusalToast: refusal('Erro ao criar curso'),
      run: (input) => {
        const course = createCourse(admin, input);
        return redirectWithToast(back, { title: 'Curso criado', description: `O curso ${course.title} foi criado.`, type: 'success' });
      },
    }),
    update: intent({
      schema: courseUpdateFormSchema,
      refusalToast: refusal('Erro ao atualizar curso'),
      run: ({ id, ...input }) => {
        const course = updateCourse(admin, id, input);
        return redirectWithToast(back, {
          title: 'Curso atualizado',
          description: `As alterações de ${course.title} foram salvas.`,
          type: 'success',
        });
      },
    }),
    visibility: intent({
      schema: courseVisibilityFormSchema,
      refusalToast: refusal('Erro ao atualizar visibilidade'),
      run: ({ id, isHidden }) => {
        const course = setCourseVisibility(admin, id, isHidden);
        return redirectWithToast(back, {
          title: 'Visibilidade atualizada',
          description: course.isHidden ? `${course.title} agora está oculto.` : `${course.title} agora está visível.`,
          type: 'success',
        });
      },
    }),
    delete: intent({
      schema: courseIdFormSchema,
      refusalToast: refusal('Erro ao excluir curso'),
      run: ({ id }) => {
        deleteCourse(admin, id);
        return redirectWithToast(back, {
          title: 'Curso excluído',
          description: 'O curso, suas aulas e seus materiais foram removidos.',
          type: 'success',
        });
      },
    }),
  });
}

export default function AdminCourses() {
  const { items, total, page, pageCount, q, editing, deleting } = useLoaderData<typeof loader>();
  const location = useLocation();
  if (deleting) {
    return (
      <ConfirmActionPanel
        title={`Excluir o curso ${deleting.title}`}
        message={COURSE_DELETE_CONFIRM}
        intent="delete"
        fields={{ id: String(deleting.id) }}
        cancelTo={`${location.pathname}${withParams(location.search, { confirm: null, course: null })}`}
      />
    );
  }
  return (
    <div className="space-y-6">
      <CourseCreateForm key={location.key} />
      <section className="card" aria-labelledby="course-list-heading">
        <h2 id="course-list-heading" className="text-lg font-semibold">
          Cursos
        </h2>
        <div className="mt-4">
          <ListSearch label="Buscar por título" placeholder="Buscar por título..." defaultValue={q} />
        </div>
        <ListCount total={total} one="curso encontrado" many="cursos encontrados" />
        <CourseTable items={items} />
        <Pagination page={page} pageCount={pageCount} />
      </section>
      {editing ? <CourseEditDialog key={editing.id} course={editing} /> : null}
    </div>
  );
}
