import { z } from 'zod';
import { fullNameField } from './full-name';
import { cpfApiField, cpfFormField, checkbox, emailField, minString, optionalCode, passwordField } from './fields';
import { usernameField } from './person-name';

/** Step 2 of recovery without a live token (the specification's Validation rules). */
export const RECOVERY_EXPIRED = 'Sessão de recuperação expirada. Por favor, inicie o processo novamente.';

export const PT = {
  email: 'Digite um e-mail válido',
  password: 'A senha deve ter pelo menos 6 caracteres',
  username: 'Nome de usuário deve ter pelo menos 3 caracteres',
  confirmPassword: 'A confirmação de senha deve ter pelo menos 6 caracteres',
  identifier: 'Informe seu e-mail ou nome de usuário',
  mismatch: 'As senhas não coincidem',
} as const;

/** Messages of the specification's server schema (its Validation rules), used by the JSON API. */
export const API = {
  email: 'Must provide a valid email',
  password: 'Password must be at least 6 characters',
  username: 'Username must be at least 3 characters',
  invisible: 'Username must not contain control or invisible characters',
} as const;

export const loginSchema = z.object({
  email: emailField(PT.email),
  password: passwordField(PT.password),
  redirectTo: z.string().max(500).optional(),
});

export const loginApiSchema = z.object({
  email: emailField(API.email),
  password: passwordField(API.password),
});

export const registerSchema = z.object({
  username: usernameField(PT.username),
  email: emailField(PT.email),
  cpf: cpfFormField,
  password: passwordField(PT.password),
  promoCode: optionalCode,
});

export const registerApiSchema = z.object({
  username: usernameField(API.username, API.invisible),
  email: emailField(API.email),
  cpf: cpfApiField,
  password: passwordField(API.password),
  disablePasswordRecovery: checkbox,
  promoCode: optionalCode,
});

export const recoverSchema = z.object({
  identifier: minString(1, PT.identifier, 254),
  cpf: cpfFormField,
});

/** 'Recuperar senha por e-mail'. */
export const recoverEmailSchema = z.object({
  email: emailField(PT.email),
});

export const recoverApiSchema = z.object({
  identifier: minString(1, PT.identifier, 254),
  cpf: cpfApiField,
});

const newPasswordPair = {
  password: passwordField(PT.password),
  confirmPassword: passwordField(PT.confirmPassword),
};
const passwordsMatch = (value: { password: string; confirmPassword: string }) => value.password === value.confirmPassword;

export const resetSchema = z.object(newPasswordPair).refine(passwordsMatch, { message: PT.mismatch, path: ['confirmPassword'] });

export const resetApiSchema = z
  .object({ ...newPasswordPair, token: z.string().max(200).optional() })
  .refine(passwordsMatch, { message: PT.mismatch, path: ['confirmPassword'] });

export const profileSchema = z.object({
  username: usernameField(PT.username),
  email: emailField(PT.email),
});

export const passwordChangeSchema = z
  .object({
    currentPassword: z.string({ required_error: 'Informe a senha atual' }).min(1, 'Informe a senha atual').max(200),
    newPassword: passwordField(PT.password),
    confirmPassword: passwordField(PT.confirmPassword),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: 'As senhas não conferem',
    path: ['confirmPassword'],
  });

/** PATCH /api/profile: a profile change, a password change, or both. */
export const profileApiSchema = z
  .object({
    username: usernameField(PT.username).optional(),
    email: emailField(PT.email).optional(),
    /** An addition to the specification's fields: 'Nome completo' (issue 27, item 8). */
    fullName: fullNameField.optional(),
    currentPassword: z.string().max(200).optional(),
    newPassword: passwordField(PT.password).optional(),
  })
  .refine((value) => !value.newPassword || Boolean(value.currentPassword), {
    message: 'Informe a senha atual',
    path: ['currentPassword'],
  })
  .refine((value) => value.username || value.email || value.fullName || value.newPassword, {
    message: 'Nada para atualizar',
  });
