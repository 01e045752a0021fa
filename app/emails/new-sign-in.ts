import { formatDateTime } from '../utils/format';
import { greeting } from './greeting';
import type { EmailMessage } from './render';

/**
 * 'Novo acesso à sua conta': a sign-in from a browser the account had not used (decision 068).
 * The time in São Paulo, the browser in words and the address the request came from; no place,
 * since no local lookup exists and no third party is asked. `name` is null for an unconfirmed address.
 */
export function newSignInEmail({
  name,
  when,
  browser,
  address,
}: {
  name: string | null;
  when: Date;
  browser: string;
  address: string;
}): EmailMessage {
  return {
    subject: 'Novo acesso à sua conta',
    preheader: `${browser}, ${formatDateTime(when)}.`,
    heading: `${greeting(name)} Sua conta foi acessada de um navegador novo.`,
    blocks: [
      {
        kind: 'details',
        rows: [
          ['Quando', `${formatDateTime(when)} (horário de Brasília)`],
          ['Navegador', browser],
          ['Endereço IP', address],
        ],
      },
      { kind: 'paragraph', text: 'Se foi você, não precisa fazer nada: este navegador passa a ser reconhecido.' },
      {
        kind: 'paragraph',
        text: 'Se não foi você, entre na sua conta agora (isso encerra o outro acesso), troque sua senha em Minha Conta e ative a verificação em duas etapas em Minha Conta → Segurança, onde também estão os últimos acessos.',
      },
    ],
    reason: 'Você recebeu este e-mail porque sua conta no E-Engenharia foi acessada de um navegador que ela não tinha usado antes.',
  };
}
