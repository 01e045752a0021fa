import { z } from 'zod';
import { MAX_OPTIONS, MAX_QUESTIONS_PER_ATTEMPT } from './assessment';
import { listQuerySchema } from '../utils/list-query';

/**
 * The attempts' JSON API (issue 31, item 6). `answers` holds one entry per question shown, in order:
 * the chosen option indices (a list, one for single choice and true/false), a number or a decimal text
 * ('2,5') for a numeric question, or null (left blank). The model checks them against the questions
 * as the page's form does.
 */

const ANSWER_MESSAGE = 'Resposta inválida.';

const answer = z.union(
  [
    z.null(),
    z.number().finite(),
    z.string().max(40, 'Resposta longa demais.'),
    z
      .array(z.number({ invalid_type_error: ANSWER_MESSAGE }).int(ANSWER_MESSAGE).min(0, ANSWER_MESSAGE).max(99, ANSWER_MESSAGE))
      .max(MAX_OPTIONS, ANSWER_MESSAGE),
  ],
  { errorMap: () => ({ message: ANSWER_MESSAGE }) },
);

export const attemptAnswersSchema = z.object({
  answers: z
    .array(answer, { required_error: 'Envie as respostas.', invalid_type_error: 'As respostas devem ser uma lista.' })
    .max(MAX_QUESTIONS_PER_ATTEMPT, `No máximo ${MAX_QUESTIONS_PER_ATTEMPT} respostas.`),
});

export type AttemptAnswers = z.output<typeof attemptAnswersSchema>['answers'];

/**
 * The form's raw shape (`q0` … as lists of strings), so the one reader of answers checks both. A JSON
 * number is written with a decimal comma: '4.123' would read as a thousands separator and be refused.
 */
export const answersAsFields = (answers: AttemptAnswers): Record<string, string[]> =>
  Object.fromEntries(
    answers.map((value, index) => [
      `q${index}`,
      value === null
        ? []
        : Array.isArray(value)
          ? value.map(String)
          : [typeof value === 'number' ? String(value).replace('.', ',') : value],
    ]),
  );

/** GET /api/courses/{id}/attempts?page=&perPage=: the graded attempts, newest first. */
export const attemptListQuerySchema = listQuerySchema({ sorts: ['recent'], perPage: 10, maxPerPage: 20 });
