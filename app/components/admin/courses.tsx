import { RowDeleteLink, RowDialogLink, useRowLinks } from '~/components/admin/row-actions';
import { LightLink } from '~/components/ui/light-link';
import { getInputProps, getSelectProps, getTextareaProps } from '@conform-to/react';
import { Form, useNavigation } from '@remix-run/react';
import { Cell, ListTable } from '~/components/ui/list-table';
import { Field, SelectField, TextareaField, type Option } from '~/components/ui/field';
import { FormError } from '~/components/ui/form-error';
import { IntentForm } from '~/components/ui/intent-form';
import { DialogCloseLink, UrlDialog } from '~/components/ui/url-dialog';
import type { CourseView } from '~/models/courses/course.server';
import { courseFormSchema } from '~/schemas/admin-course';
import { useIntentForm } from '~/utils/intent-form';
import { COURSE_CATEGORIES, COURSE_CATEGORY_LABELS, COURSE_LEVELS, COURSE_LEVEL_LABELS } from '~/utils/value-sets';

const CATEGORY_OPTIONS: Option[] = COURSE_CATEGORIES.map((value) => ({ value, label: COURSE_CATEGORY_LABELS[value] }));
const LEVEL_OPTIONS: Option[] = COURSE_LEVELS.map((value) => ({ value, label: COURSE_LEVEL_LABELS[value] }));

export const COURSE_DELETE_CONFIRM =
  'Tem certeza que deseja excluir este curso? Todas as aulas e materiais do curso também serão removidos. Esta ação não pode ser desfeita.';

/** The edit dialog's URL state: `?dialog=edit-course&course={id}`. */
export const COURSE_DIALOG_PARAMS = ['course'] as const;

type CourseFormProps = {
  intent: 'create' | 'update';
  course?: CourseView;
  submitLabel: string;
  pendingLabel: string;
  errorTitle: string;
  cancel?: boolean;
};

/** The add and edit forms of the validation rules' course fields (the price in reais, blank: not for sale). */
function CourseFields({ intent, course, submitLabel, pendingLabel, errorTitle, cancel }: CourseFormProps) {
  const { form, fields, submitting } = useIntentForm(intent, courseFormSchema, {
    id: course ? `course-${course.id}` : 'course-create',
    defaultValue: course
      ? {
          id: String(course.id),
          title: course.title,
          description: course.description,
          category: course.category,
          instructor: course.instructor,
          duration: course.duration,
          level: course.level,
          imageUrl: course.imageUrl ?? '',
          price: course.price ?? '',
          requiresPromoCode: course.requiresPromoCode ? 'on' : '',
          isHidden: course.isHidden ? 'on' : '',
        }
      : { category: 'mechanical', level: 'beginner' },
  });
  return (
    <IntentForm intent={intent} form={form} className="grid gap-4 sm:grid-cols-2">
      {course ? <input {...getInputProps(fields.id, { type: 'hidden' })} /> : null}
      <div className="sm:col-span-2">
        <FormError title={errorTitle} errors={form.errors ?? fields.id.errors} />
      </div>
      <Field
        label="Título"
        errors={fields.title.errors}
        inputProps={{ ...getInputProps(fields.title, { type: 'text' }), maxLength: 200 }}
      />
      <Field
        label="Instrutor"
        errors={fields.instructor.errors}
        inputProps={{ ...getInputProps(fields.instructor, { type: 'text' }), maxLength: 120 }}
      />
      <TextareaField
        className="sm:col-span-2"
        label="Descrição"
        errors={fields.description.errors}
        textareaProps={{ ...getTextareaProps(fields.description), rows: 4, maxLength: 5000 }}
      />
      <SelectField
        label="Categoria"
        errors={fields.category.errors}
        options={CATEGORY_OPTIONS}
        selectProps={getSelectProps(fields.category)}
      />
      <SelectField label="Nível" errors={fields.level.errors} options={LEVEL_OPTIONS} selectProps={getSelectProps(fields.level)} />
      <Field
        label="Duração"
        hint="Ex.: 10 horas"
        errors={fields.duration.errors}
        inputProps={{ ...getInputProps(fields.duration, { type: 'text' }), maxLength: 60 }}
      />
      <Field
        label="Preço (R$, opcional)"
        hint="Em branco: o curso não está à venda."
        errors={fields.price.errors}
        inputProps={{ ...getInputProps(fields.price, { type: 'text' }), inputMode: 'decimal', maxLength: 20 }}
      />
      <Field
        className="sm:col-span-2"
        label="URL da imagem (opcional)"
        errors={fields.imageUrl.errors}
        inputProps={{ ...getInputProps(fields.imageUrl, { type: 'url' }), maxLength: 2000 }}
      />
      <label className="flex items-center gap-2 text-sm">
        <input {...getInputProps(fields.requiresPromoCode, { type: 'checkbox' })} className="h-4 w-4" />
        Requer código promocional
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input {...getInputProps(fields.isHidden, { type: 'checkbox' })} className="h-4 w-4" />
        Oculto
      </label>
      <div className="flex justify-end gap-2 sm:col-span-2">
        {cancel ? <DialogCloseLink params={COURSE_DIALOG_PARAMS}>Cancelar</DialogCloseLink> : null}
        <button type="submit" className="btn-primary" disabled={submitting}>
          {submitting ? pendingLabel : submitLabel}
        </button>
      </div>
    </IntentForm>
  );
}

export function CourseCreateForm() {
  return (
    <section className="card" aria-labelledby="course-create-heading">
      <h2 id="course-create-heading" className="mb-4 text-lg font-semibold">
        Adicionar curso
      </h2>
      <CourseFields intent="create" submitLabel="Adicionar curso" pendingLabel="Salvando..." errorTitle="Erro ao criar curso" />
    </section>
  );
}

export function CourseEditDialog({ course }: { course: CourseView }) {
  return (
    <UrlDialog title="Editar Curso" params={COURSE_DIALOG_PARAMS} size="lg">
      <CourseFields
        intent="update"
        course={course}
        submitLabel="Salvar"
        pendingLabel="Salvando..."
        errorTitle="Erro ao atualizar curso"
        cancel
      />
    </UrlDialog>
  );
}

/** Show/Hide: posts the state it asks for. */
function VisibilityButton({ course }: { course: CourseView }) {
  const navigation = useNavigation();
  const pending =
    navigation.state === 'submitting' &&
    navigation.formData?.get('intent') === 'visibility' &&
    navigation.formData.get('id') === String(course.id);
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="visibility" />
      <input type="hidden" name="id" value={course.id} />
      <input type="hidden" name="isHidden" value={course.isHidden ? 'false' : 'true'} />
      <button type="submit" className="btn-ghost" disabled={pending}>
        {course.isHidden ? 'Mostrar' : 'Ocultar'}
        <span className="sr-only"> o curso {course.title}</span>
      </button>
    </Form>
  );
}

export function CourseTable({ items }: { items: readonly CourseView[] }) {
  const links = useRowLinks('course');
  return (
    <ListTable
      label="Cursos"
      headers={['Título', 'Instrutor', 'Categoria', 'Nível', 'Duração', 'Visibilidade', 'Ações']}
      empty="Nenhum curso encontrado"
      count={items.length}
    >
      {items.map((course) => (
        <tr key={course.id} data-testid="course-row">
          <Cell className="font-semibold">{course.title}</Cell>
          <Cell>{course.instructor}</Cell>
          <Cell>{COURSE_CATEGORY_LABELS[course.category]}</Cell>
          <Cell>{COURSE_LEVEL_LABELS[course.level]}</Cell>
          <Cell>{course.duration}</Cell>
          <Cell>
            <span
              data-testid="course-visibility"
              className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ${course.isHidden ? 'bg-slate-200 text-slate-700' : 'bg-green-100 text-green-800'}`}
            >
              {course.isHidden ? 'Oculto' : 'Visível'}
            </span>
          </Cell>
          <Cell>
            <div className="flex flex-wrap items-center gap-1">
              <RowDialogLink to={links.dialog('edit-course', course.id)}>
                Editar<span className="sr-only"> o curso {course.title}</span>
              </RowDialogLink>
              <a href={`/courses/${course.id}`} target="_blank" rel="noopener noreferrer" className="btn-ghost">
                Ver<span className="sr-only"> o curso {course.title} (abre em nova aba)</span>
              </a>
              <LightLink to={`/admin/courses/${course.id}/avaliacao`} className="btn-ghost">
                Avaliação<span className="sr-only"> do curso {course.title}</span>
              </LightLink>
              <VisibilityButton course={course} />
              <RowDeleteLink to={links.confirm('delete-course', course.id)} message={COURSE_DELETE_CONFIRM} id={course.id}>
                Excluir<span className="sr-only"> o curso {course.title}</span>
              </RowDeleteLink>
            </div>
          </Cell>
        </tr>
      ))}
    </ListTable>
  );
}
