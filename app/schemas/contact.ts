import { z } from 'zod';
import { hasInvisibleCharacters, INVISIBLE_CHARACTERS_MESSAGE } from './person-name';

/** The specification's message for a contact form with a missing field (its Screens and routes, /contact). */
export const CONTACT_REQUIRED = {
  title: 'Campos obrigatórios',
  description: 'Por favor, preencha todos os campos',
} as const;

export const CONTACT_LIMITS = { name: 100, email: 254, subject: 150, message: 5000 } as const;

/** Per-field messages shown next to each input. */
export const CONTACT_MESSAGES = {
  name: { required: 'Informe seu nome', max: `O nome deve ter no máximo ${CONTACT_LIMITS.name} caracteres` },
  email: {
    required: 'Informe seu e-mail',
    invalid: 'Digite um e-mail válido',
    max: `O e-mail deve ter no máximo ${CONTACT_LIMITS.email} caracteres`,
  },
  subject: { required: 'Informe o assunto', max: `O assunto deve ter no máximo ${CONTACT_LIMITS.subject} caracteres` },
  message: {
    required: 'Escreva sua mensagem',
    max: `A mensagem deve ter no máximo ${CONTACT_LIMITS.message} caracteres`,
  },
} as const;

export const CONTACT_FIELDS = ['name', 'email', 'subject', 'message'] as const;
type ContactField = (typeof CONTACT_FIELDS)[number];

export type ContactMessageInput = Record<ContactField, string>;

/**
 * Every field is optional at the type level so that a missing one is reported by the
 * refinement below, which adds the field's own message and, once for the whole form,
 * 'Campos obrigatórios' / 'Por favor, preencha todos os campos'. Length and format checks
 * still run on the fields that were given, so all problems show at once.
 * (Conform turns empty inputs into `undefined`; whitespace-only values trim to '' and count as missing.)
 */
export const contactSchema = z
  .object({
    name: z
      .string({ invalid_type_error: CONTACT_MESSAGES.name.required })
      .trim()
      .max(CONTACT_LIMITS.name, CONTACT_MESSAGES.name.max)
      .refine((value) => !hasInvisibleCharacters(value), INVISIBLE_CHARACTERS_MESSAGE)
      .optional(),
    email: z
      .string({ invalid_type_error: CONTACT_MESSAGES.email.required })
      .trim()
      .max(CONTACT_LIMITS.email, CONTACT_MESSAGES.email.max)
      .email(CONTACT_MESSAGES.email.invalid)
      .optional(),
    subject: z
      .string({ invalid_type_error: CONTACT_MESSAGES.subject.required })
      .trim()
      .max(CONTACT_LIMITS.subject, CONTACT_MESSAGES.subject.max)
      .optional(),
    message: z
      .string({ invalid_type_error: CONTACT_MESSAGES.message.required })
      .trim()
      .max(CONTACT_LIMITS.message, CONTACT_MESSAGES.message.max)
      .optional(),
  })
  .superRefine((value, ctx) => {
    const missing = CONTACT_FIELDS.filter((field) => !value[field]);
    if (missing.length === 0) return;
    for (const field of missing) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: [field], message: CONTACT_MESSAGES[field].required });
    }
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: [], message: CONTACT_REQUIRED.title });
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: [], message: CONTACT_REQUIRED.description });
  })
  // The refinement above guarantees every field is a non-empty string.
  .transform((value) => value as ContactMessageInput);
