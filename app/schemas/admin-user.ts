import { z } from 'zod';
import { isValidCpf } from '../utils/cpf';
import { listQuerySchema } from '../utils/list-query';
import { ROLES, type Role } from '../utils/value-sets';
import { choice, integerField } from './admin-fields';
import { PT } from './auth';
import { emailField, minString, passwordField } from './fields';

export const ADMIN_USER_MESSAGES = {
  cpf: 'Se informado, o CPF deve conter 11 dígitos',
  cpfInvalid: 'CPF inválido',
  role: 'O cargo deve ser E-BASIC, E-TOOL, E-MASTER ou admin',
  proDays: 'Os dias Pro devem ser um número inteiro entre 0 e 3650',
} as const;

/** The admin form's CPF: non-digits stripped, then empty (none) or 11 digits that pass the check digits. */
const optionalCpf = z
  .union([z.string({ invalid_type_error: ADMIN_USER_MESSAGES.cpf }).max(20, ADMIN_USER_MESSAGES.cpf), z.null()], {
    invalid_type_error: ADMIN_USER_MESSAGES.cpf,
  })
  .optional()
  .transform((value, ctx) => {
    if (value === undefined) return undefined;
    const digits = (value ?? '').replace(/\D/g, '');
    if (digits === '') return null;
    if (digits.length !== 11) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: ADMIN_USER_MESSAGES.cpf });
      return z.NEVER;
    }
    if (!isValidCpf(digits)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: ADMIN_USER_MESSAGES.cpfInvalid });
      return z.NEVER;
    }
    return digits;
  });

const proDays = (fallback: number) =>
  integerField({ min: 0, max: 3650, fallback, message: ADMIN_USER_MESSAGES.proDays });

/** POST /api/users (and the admin add-user form): role defaults to E-BASIC, proDays to 30. */
export const adminUserCreateSchema = z.object({
  username: minString(3, PT.username, 50),
  email: emailField(PT.email),
  password: passwordField(PT.password),
  cpf: optionalCpf.transform((value) => value ?? null),
  role: choice(ROLES, ADMIN_USER_MESSAGES.role).default('E-BASIC'),
  proDays: proDays(30),
});

/**
 * PATCH /api/users/{id}: the create fields without the password, each optional (absent means
 * unchanged; a blank CPF clears it). proDays defaults to 0 on edit.
 */
export const adminUserUpdateSchema = z.object({
  username: minString(3, PT.username, 50).optional(),
  email: emailField(PT.email).optional(),
  cpf: optionalCpf,
  role: choice(ROLES, ADMIN_USER_MESSAGES.role).optional(),
  proDays: proDays(0),
});

export const adminPasswordResetSchema = z.object({
  password: passwordField(PT.password),
});

/** GET /api/users: the list kit's query (newest first, 100 a page) plus the role in force ('all' or absent: every role). */
export const userListQuerySchema = listQuerySchema({ sorts: ['recent'], perPage: 100, maxPerPage: 100 }).extend({
  role: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (!value || value === 'all') return undefined;
      if (!(ROLES as readonly string[]).includes(value)) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: ADMIN_USER_MESSAGES.role });
        return z.NEVER;
      }
      return value as Role;
    }),
});

export type AdminUserCreateInput = z.output<typeof adminUserCreateSchema>;
export type AdminUserUpdateInput = z.output<typeof adminUserUpdateSchema>;
