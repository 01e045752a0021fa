import { PromoCodeInput } from '~/components/ui/promo-code-input';
import { Alert } from '~/components/ui/alert';
import { IntentForm } from '~/components/ui/intent-form';
import { DialogCloseLink, UrlDialog } from '~/components/ui/url-dialog';
import { catalogueCodeSchema } from '~/schemas/course-list';
import { useIntentForm } from '~/utils/intent-form';

export const COURSE_CODE_INTENT = 'promo';
export const COURSE_CODE_DIALOG = 'promo';

/**
 * 'Acesso Exclusivo' (`?dialog=promo`): a course code, whichever course it opens. A refusal shows
 * beside the field under 'Erro ao aplicar código' with the server's message; success leads to
 * the course (the action redirects).
 */
export function CourseCodeDialog() {
  // The server's reply is the only check, so an empty code gets its message and its toast alike.
  const { form, fields, submitting } = useIntentForm(COURSE_CODE_INTENT, catalogueCodeSchema, {
    id: 'course-code',
    clientValidation: false,
  });
  const error = fields.code.errors?.[0] ?? form.errors?.[0];
  const errorId = `${fields.code.id}-error`;
  return (
    <UrlDialog title="Acesso Exclusivo">
      <p className="text-sm text-slate-600">Tem um código promocional de um curso? Digite-o para desbloquear o acesso.</p>
      <IntentForm intent={COURSE_CODE_INTENT} form={form} className="mt-4 space-y-3">
        <div>
          <PromoCodeInput
            field={fields.code}
            visibleLabel="Código Promocional"
            placeholder="Digite o código"
            invalid={Boolean(error)}
            describedBy={error ? errorId : undefined}
          />
        </div>
        {error ? (
          <div id={errorId}>
            <Alert title="Erro ao aplicar código">{error}</Alert>
          </div>
        ) : null}
        <div className="flex justify-end gap-2 pt-2">
          <DialogCloseLink>Cancelar</DialogCloseLink>
          <button type="submit" className="btn-primary" disabled={submitting}>
            {submitting ? 'Verificando...' : 'Desbloquear Acesso'}
          </button>
        </div>
      </IntentForm>
    </UrlDialog>
  );
}
