import { greeting } from './greeting';
import type { EmailMessage } from './render';

/** 'Como foi o atendimento?': a ticket of the user was closed; one button to the ticket page's rating form. */
export function supportRatingEmail({
  name,
  ticketSubject,
  ratingUrl,
  unsubscribeUrl,
}: {
  name: string | null;
  /** Null for an address not yet confirmed: the subject is the account's text. */
  ticketSubject: string | null;
  ratingUrl: string;
  unsubscribeUrl: string;
}): EmailMessage {
  return {
    subject: ticketSubject === null ? 'Como foi o atendimento?' : `Como foi o atendimento? Ticket: ${ticketSubject}`,
    preheader: 'Seu ticket foi encerrado. Avalie o atendimento de 1 a 5.',
    heading: `${greeting(name)} ${ticketSubject === null ? 'Seu ticket de suporte foi encerrado.' : `Seu ticket “${ticketSubject}” foi encerrado.`}`,
    blocks: [
      {
        kind: 'paragraph',
        text: 'Como foi o atendimento? Dê uma nota de 1 a 5 e, se quiser, deixe um comentário. Cada ticket pode ser avaliado uma vez.',
      },
    ],
    action: { label: 'Avaliar o atendimento', url: ratingUrl },
    reason: 'Você recebeu este e-mail porque um ticket de suporte seu foi encerrado.',
    unsubscribeUrl,
  };
}
