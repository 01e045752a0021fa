import type { EmailMessage } from './render';

/**
 * 'Bem-vindo ao E-Engenharia': sent once, when the account is created, with the link that confirms
 * the address. The address is not confirmed yet, so the mail names nobody (the username is typed by
 * whoever registered, who may not own the address).
 */
export function welcomeEmail({ confirmUrl, days }: { confirmUrl: string; days: number }): EmailMessage {
  return {
    subject: 'Bem-vindo ao E-Engenharia',
    preheader: 'Sua conta está pronta: calculadoras, cursos e suporte em um só lugar.',
    heading: 'Olá! Sua conta está pronta.',
    blocks: [
      {
        kind: 'paragraph',
        text: 'Com o plano E-BASIC você já usa as calculadoras básicas de engenharia mecânica, elétrica, têxtil, informática e química, salva seus cálculos no histórico e fala com o suporte quando precisar.',
      },
      {
        kind: 'paragraph',
        text: 'Quando quiser mais ferramentas, os planos E-TOOL e E-MASTER liberam as calculadoras avançadas e os cursos.',
      },
      {
        kind: 'paragraph',
        text: `Confirme que este e-mail é seu pelo botão abaixo (o link vale por ${days} dias). Até lá, nossos e-mails para este endereço não trazem textos escritos na conta.`,
      },
      {
        kind: 'paragraph',
        text: 'Se você não criou esta conta, ignore este e-mail: sem a confirmação, este endereço não recebe mensagens escritas por quem a criou.',
      },
    ],
    action: { label: 'Confirmar meu e-mail', url: confirmUrl },
    reason: 'Você recebeu este e-mail porque uma conta no E-Engenharia foi criada com este endereço.',
  };
}
