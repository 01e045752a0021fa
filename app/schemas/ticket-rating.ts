import { z } from 'zod';

/** 'Como foi o atendimento?': a score from 1 to 5 and an optional comment of at most 1,000 characters. */
export const MAX_TICKET_RATING_COMMENT = 1000;

export const TICKET_RATING_MESSAGES = {
  score: 'Escolha uma nota de 1 a 5',
  commentLong: `O comentário deve ter no máximo ${MAX_TICKET_RATING_COMMENT} caracteres`,
  notClosed: 'Só é possível avaliar um ticket encerrado',
  notOwner: 'Só quem abriu o ticket pode avaliá-lo',
  already: 'Este ticket já foi avaliado',
} as const;

export const ticketRatingSchema = z.object({
  score: z.coerce
    .number({ required_error: TICKET_RATING_MESSAGES.score, invalid_type_error: TICKET_RATING_MESSAGES.score })
    .int(TICKET_RATING_MESSAGES.score)
    .min(1, TICKET_RATING_MESSAGES.score)
    .max(5, TICKET_RATING_MESSAGES.score),
  comment: z
    .string({ invalid_type_error: TICKET_RATING_MESSAGES.commentLong })
    .trim()
    .max(MAX_TICKET_RATING_COMMENT, TICKET_RATING_MESSAGES.commentLong)
    .optional()
    .transform((value) => (value ? value : undefined)),
});

export type TicketRatingInput = z.infer<typeof ticketRatingSchema>;
