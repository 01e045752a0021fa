/** How documents name a person: their 'Nome completo', else (until they give it) the login name. */
export const personName = (user: { fullName: string | null; username: string }): string => user.fullName ?? user.username;
