import { z } from 'zod';
import { answerFields } from './assessment';

/**
 * A lesson's exercise (issue 31): the questions shown (`version`, their ids joined by dots) and the answers
 * `q0` … `q19`, read like the final assessment's.
 */
export const lessonQuizSchema = z.object({
  version: z.string({ required_error: 'Exercício inválido' }).max(400, 'Exercício inválido'),
  ...answerFields,
}) as unknown as z.ZodType<{ version: string } & Record<`q${number}`, string[] | undefined>>;
