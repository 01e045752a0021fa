import { z } from 'zod';
import { COURSE_CATEGORIES, COURSE_LEVELS, ICON_TYPES, MATERIAL_FILE_TYPES, VIDEO_SOURCES } from '../utils/value-sets';
import { parseMoneyToCents } from '../utils/format';
import { checkbox, minString } from './fields';
import { choice, optionalId, optionalInstant } from './admin-fields';
import { promoUseSchema } from './promo-code';

export const COURSE_MESSAGES = {
  title: 'O título deve ter pelo menos 3 caracteres',
  description: 'A descrição deve ter pelo menos 10 caracteres',
  category: 'Categoria inválida',
  instructor: 'O instrutor deve ter pelo menos 3 caracteres',
  duration: 'A duração é obrigatória',
  level: 'Nível inválido',
  imageUrl: 'A imagem deve ser uma URL http:// ou https:// válida.',
  price: 'O preço deve ser maior que zero',
  lessonTitle: 'O título deve ter pelo menos 3 caracteres',
  lessonDescription: 'A descrição deve ter pelo menos 10 caracteres',
  videoUrl: 'Video URL must be at least 5 characters',
  videoSource: 'Fonte de vídeo inválida',
  order: 'A ordem deve ser um número maior ou igual a 1',
  materialTitle: 'O título deve ter pelo menos 3 caracteres',
  fileUrl: 'O link do arquivo deve ter pelo menos 5 caracteres',
  fileUrlScheme: 'O link do arquivo deve ser uma URL http:// ou https:// válida.',
  fileType: 'Tipo de arquivo inválido',
  iconType: 'Tipo de ícone inválido',
  lessonId: 'Aula inválida',
} as const;

/** Only http(s) links: a material or an image never runs script or opens a local file. */
export function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/**
 * A price in reais as the API (a number, or null to clear) or a form ('199,90', '199.90',
 * blank to clear) gives it; yields cents or null.
 */
export const optionalPriceCents = (message: string) =>
  z
    .union([z.number({ invalid_type_error: message }), z.string({ invalid_type_error: message }).max(20, message), z.null()], {
      invalid_type_error: message,
    })
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return null;
      const cents = parseMoneyToCents(value);
      if (cents === null || cents <= 0) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message });
        return z.NEVER;
      }
      return cents;
    });

const optionalWebUrl = (message: string) =>
  z
    .union([z.string({ invalid_type_error: message }).trim().max(2000, message), z.null()], { invalid_type_error: message })
    .optional()
    .transform((value, ctx) => {
      if (!value) return null;
      if (!isWebUrl(value)) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message });
        return z.NEVER;
      }
      return value;
    });

/** The specification's Validation rules, 'Course'. `price` is in reais; the model stores cents. */
export const courseInputSchema = z.object({
  title: minString(3, COURSE_MESSAGES.title, 200),
  description: minString(10, COURSE_MESSAGES.description, 5000),
  category: choice(COURSE_CATEGORIES, COURSE_MESSAGES.category),
  instructor: minString(3, COURSE_MESSAGES.instructor, 120),
  duration: minString(1, COURSE_MESSAGES.duration, 60),
  level: choice(COURSE_LEVELS, COURSE_MESSAGES.level),
  imageUrl: optionalWebUrl(COURSE_MESSAGES.imageUrl),
  requiresPromoCode: checkbox,
  isHidden: checkbox,
  price: optionalPriceCents(COURSE_MESSAGES.price),
});
export type CourseInput = z.output<typeof courseInputSchema>;

/** PATCH: any subset of the fields. */
export const coursePatchSchema = courseInputSchema.partial();
export type CoursePatch = z.output<typeof coursePatchSchema>;

export const courseVisibilitySchema = z.object({
  isHidden: z.boolean({ required_error: 'isHidden é obrigatório', invalid_type_error: 'isHidden deve ser verdadeiro ou falso' }).optional(),
});

/** The specification's Validation rules, 'Lesson'. A missing order means 'after the last lesson' (the model computes it). */
export const lessonInputSchema = z.object({
  title: minString(3, COURSE_MESSAGES.lessonTitle, 200),
  description: minString(10, COURSE_MESSAGES.lessonDescription, 5000),
  youtubeUrl: minString(5, COURSE_MESSAGES.videoUrl, 2000),
  videoSource: choice(VIDEO_SOURCES, COURSE_MESSAGES.videoSource).default('youtube'),
  order: z
    .union(
      [
        z.number({ invalid_type_error: COURSE_MESSAGES.order }),
        z.string({ invalid_type_error: COURSE_MESSAGES.order }).max(12, COURSE_MESSAGES.order),
        z.null(),
      ],
      {
        invalid_type_error: COURSE_MESSAGES.order,
      },
    )
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return undefined;
      const text = String(value).trim();
      if (!/^\d{1,5}$/.test(text) || Number(text) < 1 || Number(text) > 10_000) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: COURSE_MESSAGES.order });
        return z.NEVER;
      }
      return Number(text);
    }),
});
export type LessonInput = z.output<typeof lessonInputSchema>;

/** The specification's Validation rules, 'Material'. Without a lesson the material belongs to the whole course. */
export const materialInputSchema = z.object({
  title: minString(3, COURSE_MESSAGES.materialTitle, 200),
  description: z
    .union([z.string().trim().max(2000, 'Máximo de 2000 caracteres'), z.null()], { invalid_type_error: 'Descrição inválida' })
    .optional()
    .transform((value) => value || null),
  // Only the length message when the value is too short to be a link at all.
  fileUrl: minString(5, COURSE_MESSAGES.fileUrl, 2000).refine(
    (value) => value.length < 5 || isWebUrl(value),
    COURSE_MESSAGES.fileUrlScheme,
  ),
  fileType: choice(MATERIAL_FILE_TYPES, COURSE_MESSAGES.fileType),
  iconType: choice(ICON_TYPES, COURSE_MESSAGES.iconType).default('file'),
  downloadable: checkbox,
  lessonId: optionalId(COURSE_MESSAGES.lessonId),
});
export type MaterialInput = z.output<typeof materialInputSchema>;

/** A course's code box (page and POST /api/courses/{id}/use-promo-code): the code only, as every code box reads it; the course is the URL's. */
export const courseCodeSchema = promoUseSchema.pick({ code: true });

export const COURSE_GRANT_INPUT_MESSAGES = {
  userId: 'Usuário inválido',
  endsAt: 'Data de término inválida',
} as const;

/** An admin's grant of a course: who, and until when (absent or null: for good). */
export const courseGrantInputSchema = z.object({
  userId: optionalId(COURSE_GRANT_INPUT_MESSAGES.userId).refine(
    (value): value is number => value !== null,
    COURSE_GRANT_INPUT_MESSAGES.userId,
  ),
  endsAt: optionalInstant(COURSE_GRANT_INPUT_MESSAGES.endsAt),
});
export type CourseGrantInput = z.output<typeof courseGrantInputSchema>;
