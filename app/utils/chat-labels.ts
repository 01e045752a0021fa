import { CHAT_STATUSES } from './value-sets';

/**
 * The support chat's labels and the admin list's status filter, in a module without zod, so the
 * chat list pages load no validation code.
 */
export type ChatStatus = (typeof CHAT_STATUSES)[number];

export const CHAT_STATUS_LABELS: Readonly<Record<ChatStatus, string>> = {
  open: 'Aberto',
  closed: 'Fechado',
};

/** The admin list's status filter: every ticket, or only the open or the closed ones. */
export const CHAT_FILTERS = ['all', ...CHAT_STATUSES] as const;
export type ChatFilter = (typeof CHAT_FILTERS)[number];
export const CHAT_FILTER_LABELS: Readonly<Record<ChatFilter, string>> = { all: 'Todos', open: 'Abertos', closed: 'Fechados' };
