/** The anchor on a ticket's newest message: a long ticket opens there, not at its first message (with or without JavaScript). */
export const NEWEST_MESSAGE_ANCHOR = 'recentes';

/** Where every link to a ticket goes: its page, scrolled to the newest message. */
export const ticketPath = (threadId: number) => `/chat/${threadId}#${NEWEST_MESSAGE_ANCHOR}`;
