/**
 * 'Olá, Maria.' or, for an address not yet confirmed (no name a user typed may go there), 'Olá.'
 * (app/models/mail/addressee.server.ts).
 */
export const greeting = (name: string | null, end: '.' | '!' = '.') => (name ? `Olá, ${name}${end}` : `Olá${end}`);
