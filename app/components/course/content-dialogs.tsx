import { getInputProps, getSelectProps, getTextareaProps } from '@conform-to/react';
import { useLocation } from '@remix-run/react';
import { Alert } from '~/components/ui/alert';
import { ConfirmActionPanel } from '~/components/ui/confirm-action';
import { Field, SelectField, TextareaField } from '~/components/ui/field';
import { FormError } from '~/components/ui/form-error';
import { IntentForm } from '~/components/ui/intent-form';
import { DialogCloseLink, UrlDialog } from '~/components/ui/url-dialog';
import type { LessonView, MaterialView } from '~/models/courses/content.server';
import { lessonFormSchema, materialFormSchema } from '~/schemas/course-page';
import { firstReplyError } from '~/utils/form-reply';
import { useIntentForm, useIntentResult } from '~/utils/intent-form';
import { withParams } from '~/utils/url-state';
import { ICON_TYPES, MATERIAL_FILE_TYPE_LABELS, MATERIAL_FILE_TYPES } from '~/utils/value-sets';
import { DELETE_LESSON_MESSAGE, DELETE_MATERIAL_MESSAGE } from './content-links';

/** The admin's lesson and material dialogs ('Nova Aula' / 'Editar Aula', 'Novo Material' / 'Editar Material') and deletions. */

export type ContentDialog =
  | { kind: 'lesson'; lesson: LessonView | null }
  | { kind: 'material'; material: MaterialView | null; lessonId: number | null };
export type ContentConfirm = { kind: 'delete-lesson' | 'delete-material'; id: number; title: string };

const VIDEO_SOURCE_LABELS = { youtube: 'YouTube', drive: 'Google Drive' } as const;
const ICON_TYPE_LABELS: Record<(typeof ICON_TYPES)[number], string> = { file: 'Arquivo', link: 'Link', object: 'Objeto' };
const VIDEO_SOURCE_OPTIONS = Object.entries(VIDEO_SOURCE_LABELS).map(([value, label]) => ({ value, label }));
const FILE_TYPE_OPTIONS = MATERIAL_FILE_TYPES.map((value) => ({ value, label: MATERIAL_FILE_TYPE_LABELS[value] }));
const ICON_TYPE_OPTIONS = ICON_TYPES.map((value) => ({ value, label: ICON_TYPE_LABELS[value] }));

function DialogButtons({ submitting }: { submitting: boolean }) {
  return (
    <div className="flex justify-end gap-2 pt-2">
      <DialogCloseLink params={['material']}>Cancelar</DialogCloseLink>
      <button type="submit" className="btn-primary" disabled={submitting}>
        {submitting ? 'Salvando...' : 'Salvar'}
      </button>
    </div>
  );
}

export function LessonDialog({ lesson, nextOrder }: { lesson: LessonView | null; nextOrder: number }) {
  const intent = lesson ? 'update-lesson' : 'create-lesson';
  const { form, fields, submitting } = useIntentForm(intent, lessonFormSchema, {
    id: lesson ? `lesson-form-${lesson.id}` : 'lesson-form-new',
    defaultValue: lesson
      ? {
          lessonId: String(lesson.id),
          title: lesson.title,
          description: lesson.description,
          youtubeUrl: lesson.youtubeUrl,
          videoSource: lesson.videoSource,
          order: String(lesson.order),
        }
      : { videoSource: 'youtube' },
  });
  return (
    <UrlDialog title={lesson ? 'Editar Aula' : 'Nova Aula'} size="lg">
      <IntentForm intent={intent} form={form} className="space-y-4">
        {lesson ? <input {...getInputProps(fields.lessonId, { type: 'hidden' })} /> : null}
        <FormError title={lesson ? 'Erro ao atualizar aula' : 'Erro ao criar aula'} errors={form.errors} />
        <Field
          label="Título"
          errors={fields.title.errors}
          inputProps={{ ...getInputProps(fields.title, { type: 'text' }), maxLength: 200 }}
        />
        <TextareaField
          label="Descrição"
          errors={fields.description.errors}
          textareaProps={{ ...getTextareaProps(fields.description), rows: 4, maxLength: 5000 }}
        />
        <div className="grid gap-4 sm:grid-cols-3">
          <Field
            className="sm:col-span-2"
            label="URL do Vídeo"
            errors={fields.youtubeUrl.errors}
            hint="Link do YouTube ou do Google Drive (ou o ID do vídeo)."
            inputProps={{ ...getInputProps(fields.youtubeUrl, { type: 'text' }), maxLength: 2000, autoComplete: 'off' }}
          />
          <SelectField
            label="Fonte do Vídeo"
            errors={fields.videoSource.errors}
            options={VIDEO_SOURCE_OPTIONS}
            selectProps={getSelectProps(fields.videoSource)}
          />
        </div>
        <Field
          label="Ordem"
          errors={fields.order.errors}
          hint={lesson ? undefined : `Em branco: depois da última aula (${nextOrder}).`}
          inputProps={{
            ...getInputProps(fields.order, { type: 'number' }),
            min: 1,
            step: 1,
            placeholder: String(lesson?.order ?? nextOrder),
          }}
        />
        <DialogButtons submitting={submitting} />
      </IntentForm>
    </UrlDialog>
  );
}

type LessonOption = Pick<LessonView, 'id' | 'title' | 'order'>;

export function MaterialDialog({
  material,
  lessonId,
  lessons,
}: {
  material: MaterialView | null;
  lessonId: number | null;
  lessons: LessonOption[];
}) {
  const intent = material ? 'update-material' : 'create-material';
  const { form, fields, submitting } = useIntentForm(intent, materialFormSchema, {
    id: material ? `material-form-${material.id}` : 'material-form-new',
    defaultValue: material
      ? {
          materialId: String(material.id),
          title: material.title,
          description: material.description ?? '',
          fileUrl: material.fileUrl,
          fileType: material.fileType,
          iconType: material.iconType,
          downloadable: material.downloadable ? 'on' : undefined,
          lessonId: material.lessonId ? String(material.lessonId) : '',
        }
      : // The form starts with downloading off (the specification's Entities), whatever the stored default.
        { fileType: 'pdf', iconType: 'file', lessonId: lessonId ? String(lessonId) : '' },
  });
  return (
    <UrlDialog title={material ? 'Editar Material' : 'Novo Material'} params={['material']} size="lg">
      <IntentForm intent={intent} form={form} className="space-y-4">
        {material ? <input {...getInputProps(fields.materialId, { type: 'hidden' })} /> : null}
        <FormError title={material ? 'Erro ao atualizar material' : 'Erro ao criar material'} errors={form.errors} />
        <Field
          label="Título"
          errors={fields.title.errors}
          inputProps={{ ...getInputProps(fields.title, { type: 'text' }), maxLength: 200 }}
        />
        <TextareaField
          label="Descrição (opcional)"
          errors={fields.description.errors}
          textareaProps={{ ...getTextareaProps(fields.description), rows: 3, maxLength: 2000 }}
        />
        <Field
          label="URL do Arquivo"
          errors={fields.fileUrl.errors}
          hint="Um endereço http:// ou https://."
          inputProps={{ ...getInputProps(fields.fileUrl, { type: 'url' }), maxLength: 2000, autoComplete: 'off' }}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Tipo de Arquivo"
            errors={fields.fileType.errors}
            options={FILE_TYPE_OPTIONS}
            selectProps={getSelectProps(fields.fileType)}
          />
          <SelectField
            label="Tipo de Ícone"
            errors={fields.iconType.errors}
            options={ICON_TYPE_OPTIONS}
            selectProps={getSelectProps(fields.iconType)}
          />
        </div>
        <SelectField
          label="Aula"
          errors={fields.lessonId.errors}
          placeholder="Nenhuma (material do curso)"
          options={lessons.map((lesson) => ({ value: String(lesson.id), label: lesson.title }))}
          selectProps={getSelectProps(fields.lessonId)}
        />
        <div className="flex items-center gap-2">
          <input {...getInputProps(fields.downloadable, { type: 'checkbox' })} className="h-4 w-4 rounded border-slate-300" />
          <label htmlFor={fields.downloadable.id} className="text-sm text-slate-700">
            Permitir download
          </label>
        </div>
        <DialogButtons submitting={submitting} />
      </IntentForm>
    </UrlDialog>
  );
}

/** The deletion's confirmation on a page of its own: what a delete link opens without JavaScript. */
export function CourseConfirmPage({ confirm }: { confirm: ContentConfirm }) {
  const location = useLocation();
  const error = firstReplyError(useIntentResult(confirm.kind));
  const isLesson = confirm.kind === 'delete-lesson';
  return (
    <ConfirmActionPanel
      title={isLesson ? `Excluir Aula: ${confirm.title}` : `Excluir Material: ${confirm.title}`}
      message={isLesson ? DELETE_LESSON_MESSAGE : DELETE_MATERIAL_MESSAGE}
      intent={confirm.kind}
      fields={isLesson ? { lessonId: String(confirm.id) } : { materialId: String(confirm.id) }}
      cancelTo={`${location.pathname}${withParams(location.search, { confirm: null, material: null })}`}
      error={error ? <Alert title={isLesson ? 'Erro ao remover aula' : 'Erro ao remover material'}>{error}</Alert> : null}
    />
  );
}
