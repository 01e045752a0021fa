import type { UserRow } from '../../../db/schema';

/** How documents name a person: their 'Nome completo', else (until they give it) the login name. */
export const personName = (user: Pick<UserRow, 'fullName' | 'username'>): string => user.fullName ?? user.username;
