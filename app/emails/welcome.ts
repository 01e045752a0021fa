import type { EmailMessage } from './render';

/** 'Bem-vindo ao E-Engenharia': sent once, when the account is created. */
export function welcomeEmail({ username, dashboardUrl }: { username: string; dashboardUrl: string }): EmailMessage {
  return {
    subject: 'Bem-vindo ao E-Engenharia',
    preheader: 'Sua conta está pronta: calculadoras, cursos e suporte em um só lugar.',
    heading: `Olá, ${username}! Sua conta está pronta.`,
    blocks: [
      { kind: 'paragraph', text: 'Com o plano E-BASIC você já usa as calculadoras básicas de engenharia mecânica, elétrica, têxtil, informática e química, salva seus cálculos no histórico e fala com o suporte quando precisar.' },
      { kind: 'paragraph', text: 'Quando quiser mais ferramentas, os planos E-TOOL e E-MASTER liberam as calculadoras avançadas e os cursos.' },
    ],
    action: { label: 'Abrir meu painel', url: dashboardUrl },
    reason: 'Você recebeu este e-mail porque criou uma conta no E-Engenharia com este endereço.',
  };
}
