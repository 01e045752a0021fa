import { z } from 'zod';
import { parseMoneyToCents } from '../utils/format';
import { PRO_ROLES } from '../utils/value-sets';
import { choice, optionalId } from './admin-fields';

export const PRICE_MESSAGES = {
  planType: 'O plano deve ser E-TOOL ou E-MASTER',
  /** The admin form's plan price (the specification's Validation rules). */
  formPrice: 'Preço deve ser um número positivo',
  /** The server's plan price (the specification's Validation rules). */
  monthlyPrice: 'O preço mensal deve ser maior que zero',
  /** A course price, form and API (the specification's Validation rules). */
  coursePrice: 'O preço deve ser maior que zero',
  decimals: 'Use no máximo duas casas decimais (ex.: 29,90)',
  courseId: 'Selecione um curso',
  apiCourseId: 'Curso inválido',
} as const;

/** The admin form's default plan and monthly price (the specification's Business constants). */
export const PLAN_PRICE_DEFAULTS = { planType: 'E-TOOL', monthlyPrice: '49.90' } as const;

/** What a price field keeps as the admin types, and what the server reads: digits, dots and commas ('R$ 29,90' → '29,90'). */
export const keepPriceCharacters = (text: string) => text.replace(/[^\d.,]/g, '');

/** A price typed in a form ('29,90', '29.90', 'R$ 29,90'); yields cents. */
const formPrice = (message: string) =>
  z
    .string({ required_error: message, invalid_type_error: message })
    .max(30, message)
    .transform((value, ctx) => {
      const cents = parseMoneyToCents(keepPriceCharacters(value));
      if (cents === null || cents <= 0) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message });
        return z.NEVER;
      }
      return cents;
    });

/** A price in reais as a JSON number (29.9); yields cents. */
const apiPrice = (message: string) =>
  z.number({ required_error: message, invalid_type_error: message }).transform((value, ctx) => {
    if (!(value > 0)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message });
      return z.NEVER;
    }
    const cents = parseMoneyToCents(value);
    if (cents === null || cents <= 0) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: PRICE_MESSAGES.decimals });
      return z.NEVER;
    }
    return cents;
  });

const planType = choice(PRO_ROLES, PRICE_MESSAGES.planType);

const requiredCourseId = optionalId(PRICE_MESSAGES.courseId).refine((value): value is number => value !== null, PRICE_MESSAGES.courseId);

/** The Prices tab's plan form: plan and monthly price as typed. */
export const planPriceFormSchema = z.object({
  planType: planType.default(PLAN_PRICE_DEFAULTS.planType),
  monthlyPrice: formPrice(PRICE_MESSAGES.formPrice),
});

/** POST /api/admin/plan-prices: `{ planType, monthlyPrice: number }`. */
export const planPriceApiSchema = z.object({
  planType: z.enum(PRO_ROLES, { errorMap: () => ({ message: PRICE_MESSAGES.planType }) }),
  monthlyPrice: apiPrice(PRICE_MESSAGES.monthlyPrice),
});

/** The Prices tab's course form: course and price as typed. */
export const coursePriceFormSchema = z.object({
  courseId: requiredCourseId,
  price: formPrice(PRICE_MESSAGES.coursePrice),
});

/** 'Remover preço' on a row of the course price table. */
export const courseIdFormSchema = z.object({ courseId: requiredCourseId });

/** POST /api/admin/course-prices: `{ courseId: integer, price: number | null }` (null removes the price). */
export const coursePriceApiSchema = z.object({
  courseId: z
    .number({ required_error: PRICE_MESSAGES.apiCourseId, invalid_type_error: PRICE_MESSAGES.apiCourseId })
    .int(PRICE_MESSAGES.apiCourseId)
    .positive(PRICE_MESSAGES.apiCourseId),
  price: z.union([apiPrice(PRICE_MESSAGES.coursePrice), z.null()], { errorMap: () => ({ message: PRICE_MESSAGES.coursePrice }) }),
});
