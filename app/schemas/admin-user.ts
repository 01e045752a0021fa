import { z } from 'zod';
import { isValidCpf } from '../utils/cpf';
import { listQuerySchema } from '../utils/list-query';
import { ROLES, type Role } from '../utils/value-sets';
import { choice, integerField, preprocessed } from './admin-fields';
import { PT } from './auth';
import { emailField, passwordField } from './fields';
import { usernameField } from './person-name';

export const ADMIN_USER_MESSAGES = {
  cpf: 'Se informado, o CPF deve conter 11 dígitos',
  cpfInvalid: 'CPF inválido',
  role: 'O cargo deve ser E-BASIC, E-TOOL, E-MASTER ou admin',
  proDays: 'Os dias Pro devem ser um número inteiro entre 0 e 3650',
  notFound: 'Usuário não encontrado',
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

const proDays = (fallback: number) => integerField({ min: 0, max: 3650, fallback, message: ADMIN_USER_MESSAGES.proDays });

const isProChoice = (role: unknown) => role === 'E-TOOL' || role === 'E-MASTER';

/**
 * proDays only means something for E-TOOL and E-MASTER: for another chosen role it is dropped
 * before validation (the form without JavaScript still sends the field, with a note saying so).
 * `roleAbsent` says what a missing role means: E-BASIC on create, the current role on edit.
 */
const ignoreProDaysUnlessPro = (roleAbsent: 'basic' | 'current') => (input: unknown) => {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return input;
  const { role, proDays: _proDays, ...rest } = input as Record<string, unknown>;
  const absent = role === undefined || role === null || role === '';
  if (absent ? roleAbsent === 'basic' : !isProChoice(role)) return role === undefined ? rest : { ...rest, role };
  return input;
};

const createFields = z.object({
  username: usernameField(PT.username),
  email: emailField(PT.email),
  password: passwordField(PT.password),
  cpf: optionalCpf.transform((value) => value ?? null),
  role: choice(ROLES, ADMIN_USER_MESSAGES.role).default('E-BASIC'),
  proDays: proDays(30),
});

/** POST /api/users and the admin add-user form: role defaults to E-BASIC, proDays to 30. */
export const adminUserCreateSchema = preprocessed(ignoreProDaysUnlessPro('basic'), createFields);

/**
 * PATCH /api/users/{id}: the create fields without the password, each optional (absent means
 * unchanged; a blank CPF clears it). proDays defaults to 0 on edit.
 */
export const adminUserUpdateSchema = preprocessed(
  ignoreProDaysUnlessPro('current'),
  z.object({
    username: usernameField(PT.username).optional(),
    email: emailField(PT.email).optional(),
    cpf: optionalCpf,
    role: choice(ROLES, ADMIN_USER_MESSAGES.role).optional(),
    proDays: proDays(0),
  }),
);

export const adminPasswordResetSchema = z.object({
  password: passwordField(PT.password),
});

/** Which user a page form acts on (a hidden field). */
const userIdField = z.coerce
  .number({ invalid_type_error: ADMIN_USER_MESSAGES.notFound, required_error: ADMIN_USER_MESSAGES.notFound })
  .int(ADMIN_USER_MESSAGES.notFound)
  .positive(ADMIN_USER_MESSAGES.notFound);

/**
 * The admin page's edit dialog: every field is on the form, so a blank one is a value (a blank
 * CPF removes it, a blank name is refused), unlike the API's PATCH where absent means unchanged.
 */
export const adminUserEditFormSchema = preprocessed(
  ignoreProDaysUnlessPro('current'),
  z.object({
    id: userIdField,
    username: usernameField(PT.username),
    email: emailField(PT.email),
    cpf: optionalCpf.transform((value) => value ?? null),
    role: choice(ROLES, ADMIN_USER_MESSAGES.role),
    proDays: proDays(0),
  }),
);

export const adminPasswordResetFormSchema = adminPasswordResetSchema.extend({ id: userIdField });
export const adminUserIdSchema = z.object({ id: userIdField });

/** 'all' or absent: every role; otherwise the role in force. */
const roleFilter = z
  .string()
  .optional()
  .transform((value, ctx) => {
    if (!value || value === 'all') return undefined;
    if (!(ROLES as readonly string[]).includes(value)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: ADMIN_USER_MESSAGES.role });
      return z.NEVER;
    }
    return value as Role;
  });

/** GET /api/users: the list kit's query (newest first, 100 a page) plus the role in force. */
export const userListQuerySchema = listQuerySchema({ sorts: ['recent'], perPage: 100, maxPerPage: 100 }).extend({ role: roleFilter });

/** /admin/users?q=&role=&page=: the same filters, 25 a page. */
export const adminUserPageQuerySchema = listQuerySchema({ sorts: ['recent'], perPage: 25, maxPerPage: 100 }).extend({ role: roleFilter });

export type AdminUserCreateInput = z.output<typeof adminUserCreateSchema>;
export type AdminUserUpdateInput = z.output<typeof adminUserUpdateSchema>;
