import { z } from 'zod';
import { listQuerySchema } from '../utils/list-query';
import { CHAT_FILTERS } from '../utils/chat-labels';

/** The specification's Validation rules for 'New chat' and the ticket reply: its messages, and our own limits. */
export const MAX_CHAT_MESSAGE = 5000;
export const MAX_CHAT_SUBJECT = 200;

export const CHAT_MESSAGES = {
  /** Server rule (API and model). */
  subjectShort: 'Assunto deve ter pelo menos 3 caracteres',
  subjectLong: `O assunto deve ter no máximo ${MAX_CHAT_SUBJECT} caracteres`,
  messageEmpty: 'Mensagem não pode estar vazia',
  messageLong: `A mensagem deve ter no máximo ${MAX_CHAT_MESSAGE} caracteres`,
  /** The 'Nova Conversa' form (the specification's Validation rules, client wording). */
  formSubjectShort: 'O assunto deve ter pelo menos 3 caracteres',
  formMessageShort: 'A mensagem deve ter pelo menos 5 caracteres',
  closed: 'Este ticket foi encerrado e não aceita mais mensagens',
  notFound: 'Ticket não encontrado',
  forbidden: 'Você não tem permissão para acessar este ticket',
  adminOnly: 'Acesso negado',
} as const;

const text = (message: string) => z.string({ required_error: message, invalid_type_error: message });

/** A message as stored: trimmed, not blank, at most 5,000 characters. */
export const chatMessageField = text(CHAT_MESSAGES.messageEmpty)
  .trim()
  .min(1, CHAT_MESSAGES.messageEmpty)
  .max(MAX_CHAT_MESSAGE, CHAT_MESSAGES.messageLong);

export const chatSubjectField = text(CHAT_MESSAGES.subjectShort)
  .trim()
  .min(3, CHAT_MESSAGES.subjectShort)
  .max(MAX_CHAT_SUBJECT, CHAT_MESSAGES.subjectLong);

/** POST /api/chat/threads/{id}/messages and the ticket page's reply box. */
export const chatMessageSchema = z.object({ message: chatMessageField });

/**
 * POST /api/chat/threads: `subject` (the specification's call), and optionally the first
 * `message`, created with the thread in one transaction.
 */
export const chatThreadCreateSchema = z.object({
  subject: chatSubjectField,
  message: chatMessageField.optional(),
});

/** The 'Nova Conversa' page form: the validation rules' client messages (subject min 3, message min 5). */
export const newChatFormSchema = z.object({
  subject: text(CHAT_MESSAGES.formSubjectShort)
    .trim()
    .min(3, CHAT_MESSAGES.formSubjectShort)
    .max(MAX_CHAT_SUBJECT, CHAT_MESSAGES.subjectLong),
  message: text(CHAT_MESSAGES.formMessageShort)
    .trim()
    .min(5, CHAT_MESSAGES.formMessageShort)
    .max(MAX_CHAT_MESSAGE, CHAT_MESSAGES.messageLong),
});

/** /chats and /api/chat/threads: `q` on the subject, newest activity first, 20 a page. */
export const chatListQuerySchema = listQuerySchema({ sorts: ['activity'], perPage: 20, maxPerPage: 100 });

/** /admin/chats and /api/chat/admin/threads: the same, plus `status`. */
export const adminChatListQuerySchema = chatListQuerySchema.extend({
  status: z.enum(CHAT_FILTERS, { errorMap: () => ({ message: 'Status inválido' }) }).default('all'),
});

/**
 * How many messages the ticket page shows at once (the latest; older ones behind 'Mensagens
 * anteriores'). Measured in process on the production build (median of 400 renders of the
 * 500-message demo ticket, beside /calculators/history at 3.5 ms): 2 messages 4.2 ms, 50
 * messages 5.1 ms and 40 KB of HTML; 100 messages cost about 10 % more time and 68 KB.
 */
export const CHAT_MESSAGE_WINDOW = 50;

/**
 * GET /api/chat/threads/{id}/messages: the whole conversation by default up to `limit` (the
 * latest ones), in order of arrival; `before=ID` pages back, `after=ID` gives only what came
 * after a message the client has (a polling client).
 */
const messageId = z.coerce.number({ invalid_type_error: 'Mensagem inválida' }).int('Mensagem inválida').positive('Mensagem inválida');
export const chatMessagesQuerySchema = z.object({
  before: messageId.optional(),
  after: messageId.optional(),
  limit: z.coerce
    .number({ invalid_type_error: 'Limite inválido' })
    .int('Limite inválido')
    .min(1, 'Limite inválido')
    .max(500, 'No máximo 500 mensagens por página')
    .default(500),
});
