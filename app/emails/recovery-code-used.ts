import { formatDateTime } from '../utils/format';
import type { EmailMessage } from './render';

/** Sent when a recovery code of two-step sign-in was used to sign in: the owner learns of it even if it was not them. */
export function recoveryCodeUsedEmail({ username, left, when }: { username: string; left: number; when: Date }): EmailMessage {
  return {
    subject: 'Um código de recuperação foi usado na sua conta',
    preheader: `Restam ${left} códigos de recuperação.`,
    heading: `Olá, ${username}. Um código de recuperação foi usado.`,
    blocks: [
      {
        kind: 'details',
        rows: [
          ['Quando', formatDateTime(when)],
          ['Códigos restantes', String(left)],
        ],
      },
      {
        kind: 'paragraph',
        text: 'Alguém entrou na sua conta com a senha e um dos seus códigos de recuperação da verificação em duas etapas. Cada código vale uma única vez.',
      },
      { kind: 'paragraph', text: 'Se não foi você, troque sua senha agora e gere novos códigos em Minha Conta → Segurança.' },
    ],
    reason: 'Você recebeu este e-mail porque a sua conta no E-Engenharia usa a verificação em duas etapas.',
  };
}
