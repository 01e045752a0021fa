import { z } from 'zod';
import { PRO_ROLES, PROMO_TYPES, type ProRole } from '../utils/value-sets';
import { choice, integerField, optionalId, optionalInstant } from './admin-fields';
import { listQuerySchema } from '../utils/list-query';

export const PROMO_CODE_EMPTY = 'Por favor, insira um código promocional.';

export const PROMO_FORM_MESSAGES = {
  code: 'O código deve ter pelo menos 3 caracteres',
  codeTooLong: 'O código deve ter no máximo 50 caracteres',
  daysRequired: 'Informe a quantidade de dias',
  days: 'A quantidade de dias deve ser um número inteiro',
  daysMin: 'A quantidade de dias deve ser no mínimo 1',
  daysMax: 'A quantidade de dias deve ser no máximo 3650',
  maxUsesRequired: 'Informe o número máximo de usos',
  maxUses: 'O número máximo de usos deve ser um número inteiro',
  maxUsesMin: 'O número máximo de usos deve ser no mínimo 1',
  maxUsesMax: 'O número máximo de usos deve ser no máximo 1000000',
  promoType: 'O tipo do código deve ser cargo ou curso',
  target: 'Você deve selecionar um cargo alvo ou um curso, dependendo do tipo de código',
  targetRole: 'Códigos de cargo só podem conceder E-TOOL ou E-MASTER',
  expiryDate: 'Data de expiração inválida',
  validUntil: 'Data de validade inválida',
  missing: 'Código promocional não encontrado',
} as const;

const isTargetRole = (value: unknown): value is ProRole => PRO_ROLES.includes(value as ProRole);

/**
 * An admin's new code (the specification's Validation rules): a role code grants days of E-TOOL or E-MASTER (default
 * E-TOOL when targetRole is left out), a course code names a course. Defaults: 30 days, 10 uses.
 */
export const promoCodeCreateSchema = z
  .object({
    code: z
      .string({ required_error: PROMO_FORM_MESSAGES.code, invalid_type_error: PROMO_FORM_MESSAGES.code })
      .trim()
      .min(3, PROMO_FORM_MESSAGES.code)
      .max(50, PROMO_FORM_MESSAGES.codeTooLong),
    days: integerField({
      min: 1,
      max: 3650,
      fallback: 30,
      message: PROMO_FORM_MESSAGES.days,
      minMessage: PROMO_FORM_MESSAGES.daysMin,
      maxMessage: PROMO_FORM_MESSAGES.daysMax,
      requiredMessage: PROMO_FORM_MESSAGES.daysRequired,
    }),
    maxUses: integerField({
      min: 1,
      max: 1_000_000,
      fallback: 10,
      message: PROMO_FORM_MESSAGES.maxUses,
      minMessage: PROMO_FORM_MESSAGES.maxUsesMin,
      maxMessage: PROMO_FORM_MESSAGES.maxUsesMax,
      requiredMessage: PROMO_FORM_MESSAGES.maxUsesRequired,
    }),
    promoType: choice(PROMO_TYPES, PROMO_FORM_MESSAGES.promoType).default('role'),
    targetRole: z.union([z.string().max(20), z.null()]).optional(),
    courseId: z.unknown().optional(),
    expiryDate: optionalInstant(PROMO_FORM_MESSAGES.expiryDate),
    validUntil: optionalInstant(PROMO_FORM_MESSAGES.validUntil),
  })
  .transform((value, ctx) => {
    const common = { code: value.code, days: value.days, maxUses: value.maxUses, expiryDate: value.expiryDate };
    if (value.promoType === 'role') {
      // A role code grants days; `validUntil` (how long a course code's access lasts) means nothing for it.
      const role = { ...common, validUntil: null, promoType: 'role' as const, courseId: null };
      if (value.targetRole === undefined) return { ...role, targetRole: 'E-TOOL' as ProRole };
      if (!value.targetRole) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: PROMO_FORM_MESSAGES.target, path: ['targetRole'] });
        return z.NEVER;
      }
      if (!isTargetRole(value.targetRole)) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: PROMO_FORM_MESSAGES.targetRole, path: ['targetRole'] });
        return z.NEVER;
      }
      return { ...role, targetRole: value.targetRole };
    }
    const courseId = optionalId(PROMO_FORM_MESSAGES.target).safeParse(value.courseId);
    if (!courseId.success || courseId.data === null) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: PROMO_FORM_MESSAGES.target, path: ['courseId'] });
      return z.NEVER;
    }
    // The column is not null; for a course code the role is unused.
    return {
      ...common,
      validUntil: value.validUntil,
      promoType: 'course' as const,
      targetRole: 'E-TOOL' as ProRole,
      courseId: courseId.data,
    };
  });

export type PromoCodeInput = z.output<typeof promoCodeCreateSchema>;

const blankToNull = (value: unknown) => (value === undefined || (typeof value === 'string' && value.trim() === '') ? null : value);

/**
 * The admin page's create form: the same rules, but a field the admin cleared is an error
 * rather than the API's default (a form always sends days, maxUses and targetRole, so a blank
 * one was emptied on purpose). Without JavaScript both the role and the course field are sent;
 * the rule above ignores the one the type does not use. Typed with the create schema's input
 * (zod types a preprocess's input as unknown), so the form's fields are the create schema's.
 */
export const promoCodeFormSchema = z.preprocess((value) => {
  const fields = (value ?? {}) as Record<string, unknown>;
  return { ...fields, days: blankToNull(fields.days), maxUses: blankToNull(fields.maxUses), targetRole: blankToNull(fields.targetRole) };
}, promoCodeCreateSchema) as unknown as z.ZodEffects<typeof promoCodeCreateSchema, PromoCodeInput, z.input<typeof promoCodeCreateSchema>>;

/** The delete button of a row of the admin table. */
export const promoCodeIdSchema = z.object({
  id: z.coerce
    .number({ invalid_type_error: PROMO_FORM_MESSAGES.missing })
    .int(PROMO_FORM_MESSAGES.missing)
    .positive(PROMO_FORM_MESSAGES.missing),
});

/** Activation by a user (account page, dashboard box, API): trimmed, and not empty. */
export const promoUseSchema = z.object({
  code: z
    .string({ required_error: PROMO_CODE_EMPTY, invalid_type_error: PROMO_CODE_EMPTY })
    .trim()
    .min(1, PROMO_CODE_EMPTY)
    .max(50, 'Código promocional inválido.'),
  courseId: optionalId('Curso inválido'),
});

/** GET /api/promocodes: the list kit's query (newest first, 100 a page); `?q=` searches the code, `courseId` narrows to one course's codes. */
export const promoListQuerySchema = listQuerySchema({ sorts: ['recent'], perPage: 100, maxPerPage: 100 }).extend({
  courseId: optionalId('Curso inválido'),
});

/** /admin/promocodes: the same filters, 20 a page. */
export const promoAdminQuerySchema = listQuerySchema({ sorts: ['recent'], perPage: 20, maxPerPage: 100 }).extend({
  courseId: optionalId('Curso inválido'),
});
