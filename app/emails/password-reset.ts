import { greeting } from './greeting';
import type { EmailMessage } from './render';

/** 'Redefinir sua senha': the single-use link of 'Recuperar senha por e-mail', valid for `minutes`. */
export function passwordResetEmail({ name, resetUrl, minutes }: { name: string | null; resetUrl: string; minutes: number }): EmailMessage {
  return {
    subject: 'Redefinir sua senha do E-Engenharia',
    preheader: `Use o link em até ${minutes} minutos para criar uma nova senha.`,
    heading: `${greeting(name)} Vamos redefinir sua senha?`,
    blocks: [
      {
        kind: 'paragraph',
        text: `Recebemos um pedido para redefinir a senha da sua conta. O link abaixo vale por ${minutes} minutos e pode ser usado uma única vez.`,
      },
      {
        kind: 'paragraph',
        text: 'Se você não pediu, ignore este e-mail: sua senha continua a mesma. Um novo pedido, uma troca de senha ou desligar a recuperação de senha em Minha Conta invalidam este link.',
      },
    ],
    action: { label: 'Criar nova senha', url: resetUrl },
    reason: 'Você recebeu este e-mail porque alguém pediu a recuperação de senha da conta com este endereço no E-Engenharia.',
  };
}
