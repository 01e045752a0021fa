import { LightLink } from '~/components/ui/light-link';
import { getInputProps, getTextareaProps } from '@conform-to/react';
import { RatingInput } from '~/components/rating-stars';
import { ExternalToolLink, LockedNotice, ToolFrame } from '~/components/tool-frame';
import { ToolRatingsList } from '~/components/tool-ratings-list';
import { Alert } from '~/components/ui/alert';
import { TextareaField } from '~/components/ui/field';
import { IntentForm } from '~/components/ui/intent-form';
import { DialogCloseLink, UrlDialog } from '~/components/ui/url-dialog';
import type { OwnRating, ToolRatingItem } from '~/models/tools/rating.server';
import type { ToolCard } from '~/models/tools/tool.server';
import { MAX_COMMENT, RATING_MESSAGES, ratingFormSchema } from '~/schemas/rating';
import { useIntentForm } from '~/utils/intent-form';

/** The dashboard's dialogs are URL state: `?dialog=tool|rate|ratings&tool={id}`. */
export const TOOL_DIALOGS = ['tool', 'rate', 'ratings'] as const;
export type ToolDialogKind = (typeof TOOL_DIALOGS)[number];
const DIALOG_PARAMS = ['tool'] as const;

export function RateDialog({ tool, own }: { tool: ToolCard; own: OwnRating | undefined }) {
  const { form, fields, submitting } = useIntentForm('rate', ratingFormSchema, {
    id: `rate-${tool.id}`,
    defaultValue: { toolId: String(tool.id), rating: own ? String(own.rating) : '', comment: own?.comment ?? '' },
    shouldValidate: 'onSubmit',
  });
  const ratingError = fields.rating.errors?.[0];
  const initialRating = Number(fields.rating.initialValue) || null;
  return (
    <UrlDialog title={`Avaliar ${tool.name}`} params={DIALOG_PARAMS}>
      {tool.locked ? (
        <LockedNotice level={tool.requiredLevel} />
      ) : (
        <IntentForm intent="rate" form={form} className="space-y-4">
          <input {...getInputProps(fields.toolId, { type: 'hidden' })} />
          {form.errors?.length ? <Alert title="Erro ao avaliar">{form.errors[0]}</Alert> : null}
          {ratingError ? (
            <div id={`${fields.rating.id}-error`}>
              <Alert title={ratingError === RATING_MESSAGES.required ? RATING_MESSAGES.requiredTitle : 'Erro ao avaliar'}>
                {ratingError}
              </Alert>
            </div>
          ) : null}
          <RatingInput
            name={fields.rating.name}
            defaultValue={initialRating}
            invalid={Boolean(ratingError)}
            errorId={ratingError ? `${fields.rating.id}-error` : undefined}
          />
          <TextareaField
            label="Comentário (opcional)"
            errors={fields.comment.errors}
            textareaProps={{
              ...getTextareaProps(fields.comment),
              rows: 4,
              maxLength: MAX_COMMENT,
              placeholder: 'Conte como a ferramenta ajudou no seu trabalho',
            }}
          />
          <div className="flex justify-end gap-2">
            <DialogCloseLink params={DIALOG_PARAMS}>Cancelar</DialogCloseLink>
            <button type="submit" className="btn-primary" disabled={submitting}>
              {submitting ? 'Enviando...' : own ? 'Editar' : 'Avaliar'}
            </button>
          </div>
        </IntentForm>
      )}
    </UrlDialog>
  );
}

export function ToolDialog({ tool }: { tool: ToolCard }) {
  return (
    <UrlDialog title={tool.name} params={DIALOG_PARAMS} size="xl">
      {tool.locked ? (
        <LockedNotice level={tool.requiredLevel} />
      ) : tool.frameUrl ? (
        <ToolFrame src={tool.frameUrl} title={tool.name} sandboxed={tool.linkType === 'custom'} />
      ) : tool.linkType === 'external' ? (
        <ExternalToolLink href={tool.link} />
      ) : (
        <LightLink to={tool.link} className="btn-primary">
          Abrir ferramenta
        </LightLink>
      )}
      <div className="mt-4 flex justify-end">
        <DialogCloseLink params={DIALOG_PARAMS}>Fechar</DialogCloseLink>
      </div>
    </UrlDialog>
  );
}

export function RatingsDialog({ tool, ratings }: { tool: ToolCard; ratings: ToolRatingItem[] }) {
  return (
    <UrlDialog title={`Avaliações de ${tool.name}`} params={DIALOG_PARAMS} size="lg">
      <ToolRatingsList ratings={ratings} />
      <div className="mt-4 flex justify-end">
        <DialogCloseLink params={DIALOG_PARAMS}>Fechar</DialogCloseLink>
      </div>
    </UrlDialog>
  );
}
