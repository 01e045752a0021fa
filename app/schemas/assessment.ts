import { z } from 'zod';

/** Issue 31: the assessment page's forms, and the texts both the server and the views use. */

/** Questions one attempt may draw (also the database's CHECK), and options a question may have. */
export const MAX_QUESTIONS_PER_ATTEMPT = 20;
export const MAX_OPTIONS = 5;

export const ASSESSMENT_TEXTS = {
  notPassed: 'Seja aprovado na avaliação final para emitir o certificado.',
} as const;

const ATTEMPT_MESSAGE = 'Tentativa inválida';

/** 'Iniciar avaliação': no fields besides the intent; the course is the page's. */
export const attemptStartSchema = z.object({});

/** The answer fields `q0` … `q19`: each the chosen option indices (radio or checkboxes) or the typed number. */
export const answerFields = Object.fromEntries(
  Array.from({ length: MAX_QUESTIONS_PER_ATTEMPT }, (_, index) => [
    `q${index}`,
    z.array(z.string().max(40, 'Resposta longa demais.')).max(MAX_OPTIONS).optional(),
  ]),
);

/**
 * 'Enviar respostas': the attempt, and per question shown `q0` … `q19` its chosen option indices (radio
 * or checkboxes) or the typed number. The model checks them against the attempt's questions.
 */
export const attemptSubmitSchema = z.object({
  attemptId: z
    .number({ required_error: ATTEMPT_MESSAGE, invalid_type_error: ATTEMPT_MESSAGE })
    .int(ATTEMPT_MESSAGE)
    .positive(ATTEMPT_MESSAGE)
    .max(Number.MAX_SAFE_INTEGER, ATTEMPT_MESSAGE),
  ...answerFields,
}) as z.ZodType<{ attemptId: number } & Record<`q${number}`, string[] | undefined>>;

/** The form's answers as the model reads them. */
export const answersOf = (value: Record<string, unknown>): Record<string, string[] | undefined> =>
  Object.fromEntries(Object.entries(value).filter(([key]) => /^q\d+$/.test(key))) as Record<string, string[] | undefined>;
