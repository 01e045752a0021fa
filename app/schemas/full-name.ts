import { z } from 'zod';

/**
 * 'Nome completo' (issue 27, item 8): printed on certificates, memorials and receipts, so it is
 * letters (any script, with their accents), single spaces, apostrophes (' or ’) and hyphens, and
 * nothing else: no digits, no control or text-direction characters (U+202E would reverse the
 * printed name). h-forms' shared name-field helper (issue 26, item 11) refuses the invisible
 * characters for every name field; this allow-list already excludes them.
 */
export const FULL_NAME_MESSAGES = {
  required: 'Informe seu nome completo.',
  tooLong: 'O nome completo pode ter no máximo 120 caracteres.',
  characters: 'Use apenas letras, espaços, apóstrofos e hífens no nome completo.',
  twoWords: 'Informe nome e sobrenome.',
} as const;

const NAME_PATTERN = /^\p{L}\p{M}*(?:[\p{L}\p{M}]|[ '’-](?=\p{L}))*$/u;

/** Whether the text is a full name as printed on documents (after `normalizeFullName`). */
export const isPrintableFullName = (value: string) => NAME_PATTERN.test(value);

/** NFC, and runs of spaces collapsed to one: what is stored and printed. */
export const normalizeFullName = (value: string) => value.normalize('NFC').trim().replace(/ {2,}/g, ' ');

export const fullNameField = z
  .string({ required_error: FULL_NAME_MESSAGES.required, invalid_type_error: FULL_NAME_MESSAGES.required })
  .max(400, FULL_NAME_MESSAGES.tooLong)
  .transform(normalizeFullName)
  .pipe(
    z
      .string()
      .min(1, FULL_NAME_MESSAGES.required)
      .max(120, FULL_NAME_MESSAGES.tooLong)
      .refine(isPrintableFullName, FULL_NAME_MESSAGES.characters)
      .refine((value) => value.includes(' '), FULL_NAME_MESSAGES.twoWords),
  );

/** 'Minha Conta' → 'Nome completo'. */
export const accountFullNameSchema = z.object({ fullName: fullNameField });
