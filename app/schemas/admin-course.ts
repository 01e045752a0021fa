import { z } from 'zod';
import { listQuerySchema } from '../utils/list-query';
import { optionalId } from './admin-fields';
import { courseInputSchema } from './course';

/**
 * The admin Courses tab's forms (told apart by `intent`): the add form is the Validation rules'
 * courseInputSchema as it is; these add the course's id for edit, Show/Hide and Delete.
 */
export const ADMIN_COURSE_MESSAGES = { missing: 'Curso não encontrado', visibility: 'Visibilidade inválida' } as const;

const courseId = z.coerce
  .number({ required_error: ADMIN_COURSE_MESSAGES.missing, invalid_type_error: ADMIN_COURSE_MESSAGES.missing })
  .int(ADMIN_COURSE_MESSAGES.missing)
  .positive(ADMIN_COURSE_MESSAGES.missing);

/** 'Editar Curso': every field of the add form (an unchecked box is false, a blank price removes it) plus the id. */
export const courseUpdateFormSchema = courseInputSchema.extend({ id: courseId });

/** The add and edit forms in the browser (a courtesy check): one schema, the id present only when editing. */
export const courseFormSchema = courseInputSchema.extend({ id: optionalId(ADMIN_COURSE_MESSAGES.missing) });

/** Show/Hide sends the state it asks for, so a repeated click cannot undo itself. */
export const courseVisibilityFormSchema = z.object({
  id: courseId,
  isHidden: z
    .enum(['true', 'false'], { errorMap: () => ({ message: ADMIN_COURSE_MESSAGES.visibility }) })
    .transform((value) => value === 'true'),
});

export const courseIdFormSchema = z.object({ id: courseId });

/** /admin/courses?q=&page=: every course (hidden too), newest first, searched by title, 20 a page. */
export const adminCourseQuerySchema = listQuerySchema({ sorts: ['recent'], perPage: 20, maxPerPage: 100 });
