import { z } from 'zod';
import { isValidCpf, onlyDigits } from '../utils/cpf';

export const minString = (min: number, message: string, max = 200) =>
  z.string({ required_error: message, invalid_type_error: message }).trim().min(min, message).max(max, `Máximo de ${max} caracteres`);

export const emailField = (message: string) =>
  z.string({ required_error: message, invalid_type_error: message }).trim().toLowerCase().max(254, message).email(message);

export const passwordField = (message: string, requiredMessage = message) =>
  z.string({ required_error: requiredMessage, invalid_type_error: requiredMessage }).min(6, message).max(200, 'Máximo de 200 caracteres');

/** The masked CPF of the forms: 11 to 14 characters, check digits valid; yields digits only. */
export const cpfFormField = z
  .string({ required_error: 'CPF deve conter 11 dígitos', invalid_type_error: 'CPF inválido' })
  .trim()
  .min(11, 'CPF deve conter 11 dígitos')
  .max(14, 'CPF inválido')
  .transform(onlyDigits)
  .refine((digits) => digits.length === 11, 'CPF deve conter 11 dígitos')
  .refine(isValidCpf, 'CPF inválido');

/** The API's CPF: exactly 11 digits, as the server schema of the specification says. */
export const cpfApiField = z
  .string({ required_error: 'CPF deve conter 11 dígitos', invalid_type_error: 'CPF deve conter apenas números' })
  .length(11, 'CPF deve conter 11 dígitos')
  .regex(/^\d+$/, 'CPF deve conter apenas números');

export const optionalCode = z
  .string({ invalid_type_error: 'Código promocional inválido.' })
  .trim()
  .max(50, 'Código promocional inválido.')
  .optional()
  .transform((value) => value || undefined);

/** Checkbox on pages ('on'), boolean in JSON. */
export const checkbox = z
  .union([z.boolean(), z.literal('on'), z.literal('true'), z.literal('false')])
  .optional()
  .transform((value) => value === true || value === 'on' || value === 'true');
