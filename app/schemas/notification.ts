import { z } from 'zod';
import { NOTIFICATION_TARGETS, NOTIFICATION_TYPES } from '../utils/value-sets';
import { choice, optionalId, optionalInstant, optionalLink } from './admin-fields';

export const NOTIFICATION_MESSAGES = {
  title: 'O título deve ter pelo menos 3 caracteres',
  message: 'A mensagem deve ter pelo menos 5 caracteres',
  formMessage: 'A mensagem deve ter pelo menos 10 caracteres',
  type: 'O tipo deve ser info, warning, success ou error',
  targetRole: 'O público deve ser all, E-BASIC, E-TOOL, E-MASTER ou admin',
  link: 'O link deve ser um caminho do site (começando com /) ou um endereço http(s)',
  expiresAt: 'Data de expiração inválida',
  userId: 'Usuário inválido',
} as const;

const fields = {
  title: z
    .string({ required_error: NOTIFICATION_MESSAGES.title, invalid_type_error: NOTIFICATION_MESSAGES.title })
    .trim()
    .min(3, NOTIFICATION_MESSAGES.title)
    .max(120, 'O título deve ter no máximo 120 caracteres'),
  message: z
    .string({ required_error: NOTIFICATION_MESSAGES.message, invalid_type_error: NOTIFICATION_MESSAGES.message })
    .trim()
    .min(5, NOTIFICATION_MESSAGES.message)
    .max(2000, 'A mensagem deve ter no máximo 2000 caracteres'),
  type: choice(NOTIFICATION_TYPES, NOTIFICATION_MESSAGES.type).default('info'),
  targetRole: choice(NOTIFICATION_TARGETS, NOTIFICATION_MESSAGES.targetRole).default('all'),
  link: optionalLink(NOTIFICATION_MESSAGES.link),
  expiresAt: optionalInstant(NOTIFICATION_MESSAGES.expiresAt),
  /** Set: a personal notification for that user only (targetRole is then ignored). */
  userId: optionalId(NOTIFICATION_MESSAGES.userId),
};

/** The server rule (the specification's Validation rules: message min 5), used by the API. */
export const notificationCreateSchema = z.object(fields);

export type NotificationInput = z.output<typeof notificationCreateSchema>;

/**
 * The admin page's send form (the specification's Validation rules: message min 10 in the admin form, while the API keeps
 * the server's 5); it addresses everyone or a role, never one user.
 */
export const notificationFormSchema = notificationCreateSchema.omit({ userId: true }).extend({
  message: z
    .string({ required_error: NOTIFICATION_MESSAGES.formMessage, invalid_type_error: NOTIFICATION_MESSAGES.formMessage })
    .trim()
    .min(10, NOTIFICATION_MESSAGES.formMessage)
    .max(2000, 'A mensagem deve ter no máximo 2000 caracteres'),
});

/** The delete button of a row of the admin history. */
export const notificationIdSchema = z.object({
  id: z.coerce
    .number({ invalid_type_error: 'Notificação não encontrada' })
    .int('Notificação não encontrada')
    .positive('Notificação não encontrada'),
});

/** The history's labels: the notification types and who receives a broadcast. */
export const NOTIFICATION_TYPE_LABELS: Readonly<Record<(typeof NOTIFICATION_TYPES)[number], string>> = {
  info: 'Informação',
  warning: 'Aviso',
  success: 'Sucesso',
  error: 'Erro',
};

export const NOTIFICATION_TARGET_LABELS: Readonly<Record<(typeof NOTIFICATION_TARGETS)[number], string>> = {
  all: 'Todos os usuários',
  'E-BASIC': 'Usuários E-BASIC',
  'E-TOOL': 'Usuários E-TOOL',
  'E-MASTER': 'Usuários E-MASTER',
  admin: 'Administradores',
};

/** The per-item mark-as-read form of the drawer and of the /notifications page. */
export const markReadSchema = z.object({
  intent: z.literal('read'),
  id: z.coerce.number({ invalid_type_error: 'Notificação inválida' }).int().positive('Notificação inválida'),
});
