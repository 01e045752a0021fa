import { greeting } from './greeting';
import type { EmailMessage } from './render';

/** How a support reply is signed in the mail: the team, never an admin's account name (the ticket page shows 'Administrador'). */
export const SUPPORT_AUTHOR = 'Suporte E-Engenharia';

/**
 * 'Nova resposta no seu ticket': the support team's replies to one ticket since the last such mail
 * (at most one mail per ticket every 15 minutes gathers them), quoted in order, and the ticket.
 */
export function supportReplyEmail({
  name,
  ticketSubject,
  replies,
  earlier,
  ticketUrl,
  unsubscribeUrl,
}: {
  name: string | null;
  /** Null for an address not yet confirmed: the subject is the account's text. */
  ticketSubject: string | null;
  replies: readonly string[];
  /** Older replies of the same period left out of the quotes (the ticket has them). */
  earlier: number;
  ticketUrl: string;
  unsubscribeUrl: string;
}): EmailMessage {
  const total = replies.length + earlier;
  const several = total > 1;
  return {
    subject: `${several ? 'Novas respostas' : 'Nova resposta'} no seu ticket${ticketSubject === null ? '' : `: ${ticketSubject}`}`,
    preheader: several ? `O suporte respondeu ${total} vezes ao seu ticket.` : 'O suporte respondeu ao seu ticket.',
    heading: `${greeting(name)} ${several ? `O suporte enviou ${total} respostas` : 'O suporte respondeu'} ${ticketSubject === null ? 'ao seu ticket' : `ao ticket “${ticketSubject}”`}.`,
    blocks: [
      ...(earlier > 0
        ? [
            {
              kind: 'paragraph' as const,
              text: `As ${earlier} respostas mais antigas estão no ticket; seguem as ${replies.length} mais recentes.`,
            },
          ]
        : []),
      ...replies.map((text) => ({ kind: 'quote' as const, author: SUPPORT_AUTHOR, text })),
      { kind: 'paragraph', text: 'Para continuar a conversa, responda pelo ticket: respostas a este e-mail não chegam ao suporte.' },
    ],
    action: { label: 'Abrir o ticket', url: ticketUrl },
    reason: 'Você recebeu este e-mail porque o suporte respondeu um ticket seu enquanto você não estava com o E-Engenharia aberto.',
    unsubscribeUrl,
  };
}
