import { greeting } from './greeting';
import type { EmailMessage } from './render';

/** What the author wrote: absent for an admin whose address is not yet confirmed (app/models/mail/addressee.server.ts). */
export type NewTicketTexts = {
  authorName: string;
  ticketSubject: string;
  /** Absent when the ticket was opened (through the API) without a message. */
  firstMessage: string | undefined;
};

/** 'Novo ticket': to each admin who wants it, a ticket a user has just opened, with its first message. */
export function supportNewTicketEmail({
  adminName,
  ticket,
  ticketUrl,
  unsubscribeUrl,
}: {
  adminName: string | null;
  ticket: NewTicketTexts | null;
  ticketUrl: string;
  unsubscribeUrl: string;
}): EmailMessage {
  if (!ticket) {
    return {
      subject: 'Novo ticket de suporte',
      preheader: 'Um usuário abriu um ticket de suporte.',
      heading: `${greeting(adminName)} Um usuário abriu um ticket de suporte.`,
      blocks: [{ kind: 'paragraph', text: 'Confirme seu e-mail em Minha Conta para receber o assunto e a mensagem do ticket por e-mail.' }],
      action: { label: 'Responder no painel', url: ticketUrl },
      reason: 'Você recebeu este e-mail porque é administrador do E-Engenharia e recebe os novos tickets de suporte.',
      unsubscribeUrl,
    };
  }
  const { authorName, ticketSubject, firstMessage } = ticket;
  return {
    subject: `Novo ticket: ${ticketSubject}`,
    preheader: `${authorName} abriu um ticket de suporte.`,
    heading: `${greeting(adminName)} ${authorName} abriu um ticket de suporte.`,
    blocks: [
      {
        kind: 'details',
        rows: [
          ['Assunto', ticketSubject],
          ['Usuário', authorName],
        ],
      },
      firstMessage === undefined
        ? { kind: 'paragraph', text: 'O ticket foi aberto sem mensagem.' }
        : { kind: 'quote', author: authorName, text: firstMessage },
    ],
    action: { label: 'Responder no painel', url: ticketUrl },
    reason: 'Você recebeu este e-mail porque é administrador do E-Engenharia e recebe os novos tickets de suporte.',
    unsubscribeUrl,
  };
}
