import type { EmailMessage } from './render';

/**
 * The mails of an address change (app/models/accounts/email-change.server.ts). Both go to addresses
 * that may not be confirmed, so they carry only our own words and links: no username, no name.
 */

/** 'Confirme seu e-mail': to the new address, with its confirmation link. */
export function emailConfirmEmail({ confirmUrl, days }: { confirmUrl: string; days: number }): EmailMessage {
  return {
    subject: 'Confirme seu e-mail no E-Engenharia',
    preheader: 'Confirme que este endereço é seu para receber os e-mails da sua conta completos.',
    heading: 'Confirme seu e-mail',
    blocks: [
      {
        kind: 'paragraph',
        text: `Este endereço foi informado em uma conta do E-Engenharia. Se ele é seu, confirme pelo botão abaixo (o link vale por ${days} dias e pode ser usado uma vez).`,
      },
      {
        kind: 'paragraph',
        text: 'Até a confirmação, nossos e-mails para este endereço não trazem textos escritos na conta. Se você não reconhece este pedido, ignore este e-mail.',
      },
    ],
    action: { label: 'Confirmar meu e-mail', url: confirmUrl },
    reason: 'Você recebeu este e-mail porque este endereço foi informado em uma conta do E-Engenharia.',
  };
}

/** 'O e-mail da sua conta foi alterado': to the old address, at once, with 'Não fui eu'. */
export function emailChangedEmail({
  newAddress,
  revertUrl,
  days,
  holdHours,
}: {
  newAddress: string | null;
  revertUrl: string;
  days: number;
  holdHours: number;
}): EmailMessage {
  return {
    subject: 'O e-mail da sua conta no E-Engenharia foi alterado',
    preheader: 'Se não foi você, restaure o endereço anterior pelo link deste e-mail.',
    heading: 'O e-mail da sua conta foi alterado',
    blocks: [
      {
        kind: 'paragraph',
        text: newAddress
          ? `O e-mail da sua conta foi trocado deste endereço para ${newAddress}. A partir de agora, os e-mails da conta vão para o novo endereço.`
          : 'O e-mail da sua conta foi trocado deste endereço para outro. A partir de agora, os e-mails da conta vão para o novo endereço.',
      },
      { kind: 'paragraph', text: `Por segurança, a recuperação de senha por e-mail fica bloqueada por ${holdHours} horas.` },
      {
        kind: 'paragraph',
        text: `Se não foi você, use o botão abaixo em até ${days} dias: ele devolve este endereço à conta e encerra todas as sessões abertas. Depois, crie uma nova senha pela recuperação de senha.`,
      },
    ],
    action: { label: 'Não fui eu', url: revertUrl },
    reason: 'Você recebeu este e-mail porque este era o endereço de uma conta do E-Engenharia.',
  };
}
