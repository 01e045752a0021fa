import { z } from 'zod';
import { listQuerySchema } from '../utils/list-query';
import { PROMO_CODE_EMPTY, PROMO_FORM_MESSAGES } from './promo-code';
import { COURSE_CATEGORIES, COURSE_LEVELS } from '../utils/value-sets';

export const COURSE_SORTS = ['recent', 'name-asc', 'name-desc'] as const;
export type CourseSort = (typeof COURSE_SORTS)[number];
export const COURSE_SORT_LABELS: Readonly<Record<CourseSort, string>> = {
  recent: 'Mais recentes',
  'name-asc': 'Nome A-Z',
  'name-desc': 'Nome Z-A',
};

/** Blank or an allowed value; the catalogue's filters are all optional. */
const optionalChoice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z
    .union([z.literal(''), z.enum(values)], { errorMap: () => ({ message }) })
    .optional()
    .transform((value) => value || null);

/** The catalogue's URL state: ?q=&sort=&level=&category=&filter=unlocked&page= (12 cards fill the 1-2-3 column grid). */
export const courseListQuerySchema = listQuerySchema({ sorts: COURSE_SORTS, perPage: 12, maxPerPage: 48 }).extend({
  level: optionalChoice(COURSE_LEVELS, 'Nível inválido'),
  category: optionalChoice(COURSE_CATEGORIES, 'Categoria inválida'),
  filter: z.enum(['all', 'unlocked'], { errorMap: () => ({ message: 'Filtro inválido' }) }).default('all'),
});
export type CourseListQuery = z.output<typeof courseListQuerySchema>;

/**
 * The catalogue's 'Acesso Exclusivo' dialog: the code, trimmed; empty gives the specification's
 * 'Por favor, insira um código promocional.', and a code typed in a dialog has at least 3 characters (the specification's Validation rules).
 */
export const catalogueCodeSchema = z.object({
  code: z
    .string({ required_error: PROMO_CODE_EMPTY, invalid_type_error: PROMO_CODE_EMPTY })
    .trim()
    .min(1, PROMO_CODE_EMPTY)
    // Only a code that is there can be too short: one message at a time.
    .pipe(z.string().min(3, PROMO_FORM_MESSAGES.code).max(50, 'Código promocional inválido.')),
});
