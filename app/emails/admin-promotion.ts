import { formatDateTime } from '../utils/format';
import type { EmailMessage } from './render';

/** Sent when an admin makes the user an admin: the owner learns of it even if they did not expect it (issue 30). */
export function adminPromotionEmail({
  username,
  when,
  twoFactorRequired,
}: {
  username: string;
  when: Date;
  twoFactorRequired: boolean;
}): EmailMessage {
  return {
    subject: 'Você agora é administrador do E-Engenharia',
    preheader: 'O cargo da sua conta mudou para Administrador.',
    heading: `Olá, ${username}. Você agora é administrador.`,
    blocks: [
      { kind: 'details', rows: [['Quando', formatDateTime(when)]] },
      {
        kind: 'paragraph',
        text: 'Um administrador deu à sua conta o cargo de Administrador: ela passa a conceder planos, aprovar reembolsos, revogar certificados e ler os chamados de suporte.',
      },
      {
        kind: 'paragraph',
        text: twoFactorRequired
          ? 'No seu próximo acesso, ative a verificação em duas etapas em Minha Conta → Segurança: administradores precisam dela antes de continuar.'
          : 'Recomendamos ativar a verificação em duas etapas em Minha Conta → Segurança.',
      },
      { kind: 'paragraph', text: 'Se você não esperava por isso, fale com o suporte.' },
    ],
    reason: 'Você recebeu este e-mail porque o cargo da sua conta no E-Engenharia mudou.',
  };
}
