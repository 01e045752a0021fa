import { z } from 'zod';
import { optionalId } from './admin-fields';
import { COURSE_MESSAGES, lessonInputSchema, materialInputSchema } from './course';

/**
 * The forms of the course page (/courses/{id}), told apart by `intent`, besides the course code
 * (courseCodeSchema): a lesson's 'Marcar como concluída', and the admin's lesson and material
 * dialogs and deletions. The field rules are the validation rules' (schemas/course.ts); these add the ids.
 */

export const MATERIAL_ID_MESSAGE = 'Material inválido';

/** A record's id from a hidden field: required, a positive integer. */
const recordId = (message: string) =>
  optionalId(message).transform((value, ctx) => {
    if (value === null) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message });
      return z.NEVER;
    }
    return value;
  });

/** 'Marcar como concluída' (done=true) and its undo (done=false). */
export const lessonProgressSchema = z.object({
  lessonId: recordId(COURSE_MESSAGES.lessonId),
  done: z.enum(['true', 'false'], { errorMap: () => ({ message: 'Valor inválido' }) }).transform((value) => value === 'true'),
});

/** 'Editar Aula': the lesson fields plus the lesson's id. */
export const lessonUpdateSchema = lessonInputSchema.extend({ lessonId: recordId(COURSE_MESSAGES.lessonId) });

/** The lesson dialog in the browser: one form for 'Nova Aula' (no id) and 'Editar Aula'. */
export const lessonFormSchema = lessonInputSchema.extend({ lessonId: optionalId(COURSE_MESSAGES.lessonId) });

/** 'Editar Material': the material fields plus the material's id (`lessonId` is the lesson it belongs to). */
export const materialUpdateSchema = materialInputSchema.extend({ materialId: recordId(MATERIAL_ID_MESSAGE) });

/** The material dialog in the browser: 'Novo Material' (no id) and 'Editar Material'. */
export const materialFormSchema = materialInputSchema.extend({ materialId: optionalId(MATERIAL_ID_MESSAGE) });

export const lessonDeleteSchema = z.object({ lessonId: recordId(COURSE_MESSAGES.lessonId) });
export const materialDeleteSchema = z.object({ materialId: recordId(MATERIAL_ID_MESSAGE) });
