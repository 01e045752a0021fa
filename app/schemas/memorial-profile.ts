import { z } from 'zod';
import { hasInvisibleCharacters, INVISIBLE_CHARACTERS_MESSAGE } from './person-name';

/**
 * 'Dados do projeto' of the calculation memorial: who the memorial is for and who signs it.
 * Every field is optional (an empty field is printed as a blank to fill by hand), trimmed and
 * bounded; none may hold control characters or the invisible marks that reorder text, since it
 * is printed on a document someone signs. CREA and ART numbers are checked loosely: each
 * regional council writes them its own way ('SP-123456/D', '5061234567', '2820230123456789').
 */

export const MEMORIAL_LIMITS = {
  projectName: 120,
  client: 120,
  place: 160,
  engineerName: 120,
  crea: 30,
  art: 40,
} as const;

export type MemorialProfileField = keyof typeof MEMORIAL_LIMITS;

export const MEMORIAL_LABELS: Record<MemorialProfileField, string> = {
  projectName: 'Projeto',
  client: 'Cliente',
  place: 'Local',
  engineerName: 'Responsável técnico',
  crea: 'CREA',
  art: 'ART',
};

export const MEMORIAL_MESSAGES = {
  text: 'Texto inválido.',
  tooLong: (max: number) => `Use no máximo ${max} caracteres.`,
  hidden: INVISIBLE_CHARACTERS_MESSAGE,
  crea: 'Use letras, números, espaços, ponto, hífen e barra, com ao menos um número (ex.: SP-123456/D).',
  art: 'Use números, letras, espaços, ponto, hífen e barra, com ao menos um número (ex.: 28027230201234567).',
} as const;

const REGISTRATION_NUMBER = /^(?=.*\d)[\p{L}\d .\-/]*$/u;

/** Trimmed, inner runs of spaces collapsed, bounded; `format` checks a filled value further. */
const text = (max: number, format?: { pattern: RegExp; message: string }) =>
  z
    .string({ invalid_type_error: MEMORIAL_MESSAGES.text })
    .max(max * 4, MEMORIAL_MESSAGES.tooLong(max))
    .refine((value) => !hasInvisibleCharacters(value.trim()), MEMORIAL_MESSAGES.hidden)
    .transform((value) => value.trim().replace(/ {2,}/g, ' '))
    .pipe(
      z
        .string()
        .max(max, MEMORIAL_MESSAGES.tooLong(max))
        .refine((value) => !format || value === '' || format.pattern.test(value), format?.message),
    )
    .default('');

/** The form's values as the server keeps them: '' for a field left blank. */
export const memorialProfileSchema = z.object({
  projectName: text(MEMORIAL_LIMITS.projectName),
  client: text(MEMORIAL_LIMITS.client),
  place: text(MEMORIAL_LIMITS.place),
  engineerName: text(MEMORIAL_LIMITS.engineerName),
  crea: text(MEMORIAL_LIMITS.crea, { pattern: REGISTRATION_NUMBER, message: MEMORIAL_MESSAGES.crea }),
  art: text(MEMORIAL_LIMITS.art, { pattern: REGISTRATION_NUMBER, message: MEMORIAL_MESSAGES.art }),
});

export type MemorialProfileInput = z.input<typeof memorialProfileSchema>;
export type MemorialProfile = z.output<typeof memorialProfileSchema>;

export const EMPTY_MEMORIAL_PROFILE: MemorialProfile = { projectName: '', client: '', place: '', engineerName: '', crea: '', art: '' };
