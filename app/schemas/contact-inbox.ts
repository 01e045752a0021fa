import { z } from 'zod';
import { listQuerySchema } from '../utils/list-query';

/** The inbox's filter: unread (and not archived), every message not archived, or the archive. */
export const INBOX_FILTERS = ['unread', 'all', 'archived'] as const;
export type InboxFilter = (typeof INBOX_FILTERS)[number];

export const INBOX_FILTER_LABELS: Readonly<Record<InboxFilter, string>> = {
  unread: 'Não lidas',
  all: 'Todas',
  archived: 'Arquivadas',
};

/** /admin/inbox?q=&filter=&page=: `q` matches name, e-mail or subject; newest first, 20 a page. */
export const contactInboxQuerySchema = listQuerySchema({ sorts: ['recent'], perPage: 20, maxPerPage: 100 }).extend({
  filter: z.enum(INBOX_FILTERS, { errorMap: () => ({ message: 'Filtro inválido' }) }).default('all'),
});

export const INBOX_MESSAGES = { missing: 'Mensagem não encontrada' } as const;

/** The inbox's row and dialog buttons: which message. */
export const contactMessageIdSchema = z.object({
  id: z.coerce.number({ invalid_type_error: INBOX_MESSAGES.missing }).int(INBOX_MESSAGES.missing).positive(INBOX_MESSAGES.missing),
});
