import { getTextareaProps } from '@conform-to/react';
import { RatingInput, StaticStars } from '~/components/rating-stars';
import { Alert } from '~/components/ui/alert';
import { TextareaField } from '~/components/ui/field';
import { IntentForm } from '~/components/ui/intent-form';
import type { TicketRatingView } from '~/models/chat/ticket-rating.server';
import { MAX_TICKET_RATING_COMMENT, ticketRatingSchema } from '~/schemas/ticket-rating';
import { useIntentForm } from '~/utils/intent-form';

/** The closed ticket's 'Como foi o atendimento?': the owner's form (intent 'rate'), or the rating once given. */
export function TicketRating({ rating, canRate }: { rating: TicketRatingView | null; canRate: boolean }) {
  if (rating) return <GivenRating rating={rating} />;
  return canRate ? <TicketRatingForm /> : null;
}

function GivenRating({ rating }: { rating: TicketRatingView }) {
  return (
    <div data-testid="ticket-rating-given">
      <h2 className="text-lg font-semibold">Como foi o atendimento?</h2>
      <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-700">
        <StaticStars value={rating.score} />
        <span>
          Nota {rating.score} de 5, dada em {rating.ratedAt}
        </span>
      </p>
      {rating.comment ? <p className="mt-2 whitespace-pre-wrap break-words text-sm text-slate-700">{rating.comment}</p> : null}
    </div>
  );
}

function TicketRatingForm() {
  const { form, fields, submitting } = useIntentForm('rate', ticketRatingSchema, { id: 'ticket-rating', shouldValidate: 'onSubmit' });
  const scoreError = fields.score.errors?.[0];
  const scoreErrorId = `${fields.score.id}-error`;
  return (
    <IntentForm intent="rate" form={form} className="space-y-4">
      <h2 className="text-lg font-semibold">Como foi o atendimento?</h2>
      <p className="text-sm text-slate-600">Avalie o atendimento deste ticket de 1 a 5. Você pode avaliar uma única vez.</p>
      {form.errors?.length ? <Alert title="Erro ao avaliar">{form.errors[0]}</Alert> : null}
      <RatingInput name={fields.score.name} invalid={Boolean(scoreError)} errorId={scoreError ? scoreErrorId : undefined} />
      {scoreError ? (
        <p id={scoreErrorId} className="field-error">
          {scoreError}
        </p>
      ) : null}
      <TextareaField
        label="Comentário (opcional)"
        errors={fields.comment.errors}
        textareaProps={{ ...getTextareaProps(fields.comment), rows: 3, maxLength: MAX_TICKET_RATING_COMMENT }}
      />
      <div className="flex justify-end">
        <button type="submit" className="btn-primary" disabled={submitting}>
          {submitting ? 'Enviando...' : 'Enviar avaliação'}
        </button>
      </div>
    </IntentForm>
  );
}
