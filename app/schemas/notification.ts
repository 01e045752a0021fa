import { z } from 'zod';
import type { NotificationRow } from '../../db/schema';
import { choice, optionalId, optionalInstant, optionalLink } from './admin-fields';

type NotificationType = NotificationRow['type'];
type NotificationTarget = NotificationRow['targetRole'];

export const NOTIFICATION_TYPE_VALUES = ['info', 'warning', 'success', 'error'] as const satisfies readonly NotificationType[];
export const NOTIFICATION_TARGET_VALUES = ['all', 'E-BASIC', 'E-TOOL', 'E-MASTER', 'admin'] as const satisfies readonly NotificationTarget[];

export const NOTIFICATION_MESSAGES = {
  title: 'O título deve ter pelo menos 3 caracteres',
  message: 'A mensagem deve ter pelo menos 5 caracteres',
  messageForm: 'A mensagem deve ter pelo menos 10 caracteres',
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
  type: choice(NOTIFICATION_TYPE_VALUES, NOTIFICATION_MESSAGES.type).default('info'),
  targetRole: choice(NOTIFICATION_TARGET_VALUES, NOTIFICATION_MESSAGES.targetRole).default('all'),
  link: optionalLink(NOTIFICATION_MESSAGES.link),
  expiresAt: optionalInstant(NOTIFICATION_MESSAGES.expiresAt),
  /** Set: a personal notification for that user only (targetRole is then ignored). */
  userId: optionalId(NOTIFICATION_MESSAGES.userId),
};

/** The server rule (section 5: message min 5), used by the API. */
export const notificationCreateSchema = z.object(fields);

/** The admin page's send form is stricter about the message (min 10). */
export const notificationFormSchema = z.object({
  ...fields,
  message: fields.message.pipe(z.string().min(10, NOTIFICATION_MESSAGES.messageForm)),
});

export type NotificationInput = z.output<typeof notificationCreateSchema>;

/** The per-item mark-as-read form of the drawer and of the /notifications page. */
export const markReadSchema = z.object({
  intent: z.literal('read'),
  id: z.coerce.number({ invalid_type_error: 'Notificação inválida' }).int().positive('Notificação inválida'),
});
