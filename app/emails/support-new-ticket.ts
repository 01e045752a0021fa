import type { EmailMessage } from './render';

/** 'Novo ticket': to each admin who wants it, a ticket a user has just opened, with its first message. */
export function supportNewTicketEmail({
  adminName,
  authorName,
  ticketSubject,
  firstMessage,
  ticketUrl,
  unsubscribeUrl,
}: {
  adminName: string;
  authorName: string;
  ticketSubject: string;
  /** Absent when the ticket was opened (through the API) without a message. */
  firstMessage: string | undefined;
  ticketUrl: string;
  unsubscribeUrl: string;
}): EmailMessage {
  return {
    subject: `Novo ticket: ${ticketSubject}`,
    preheader: `${authorName} abriu um ticket de suporte.`,
    heading: `Olá, ${adminName}. ${authorName} abriu um ticket de suporte.`,
    blocks: [
      { kind: 'details', rows: [['Assunto', ticketSubject], ['Usuário', authorName]] },
      firstMessage === undefined ? { kind: 'paragraph', text: 'O ticket foi aberto sem mensagem.' } : { kind: 'quote', author: authorName, text: firstMessage },
    ],
    action: { label: 'Responder no painel', url: ticketUrl },
    reason: 'Você recebeu este e-mail porque é administrador do E-Engenharia e recebe os novos tickets de suporte.',
    unsubscribeUrl,
  };
}
