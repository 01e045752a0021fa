import { z } from 'zod';

export const RATING_MESSAGES = {
  min: 'Avaliação deve ser no mínimo 1',
  max: 'Avaliação deve ser no máximo 5',
  integer: 'Avaliação deve ser um número inteiro de 1 a 5',
  /** The page's title and description when no star was chosen. */
  requiredTitle: 'Avaliação obrigatória',
  required: 'Por favor, selecione uma nota de 1 a 5 estrelas.',
  commentTooLong: 'O comentário deve ter no máximo 1000 caracteres',
} as const;

export const MAX_COMMENT = 1000;

const ratingValue = z
  .number({ required_error: RATING_MESSAGES.required, invalid_type_error: RATING_MESSAGES.integer })
  .int(RATING_MESSAGES.integer)
  .min(1, RATING_MESSAGES.min)
  .max(5, RATING_MESSAGES.max);

/** Optional, trimmed; an empty comment is stored as null. */
const commentField = z
  .string({ invalid_type_error: RATING_MESSAGES.commentTooLong })
  .trim()
  .max(MAX_COMMENT, RATING_MESSAGES.commentTooLong)
  .nullish()
  .transform((value) => value || null);

/** POST /api/tools/{id}/rate. */
export const ratingApiSchema = z.object({ rating: ratingValue, comment: commentField });

/** The dashboard's rating dialog (radio inputs: a missing choice is 'Avaliação obrigatória'). */
export const ratingFormSchema = z.object({
  toolId: z
    .number({ required_error: 'Ferramenta inválida', invalid_type_error: 'Ferramenta inválida' })
    .int()
    .positive('Ferramenta inválida'),
  rating: ratingValue,
  comment: commentField,
});

export type RatingInput = { rating: number; comment: string | null };
