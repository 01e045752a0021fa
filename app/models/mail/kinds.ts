/**
 * Every kind of mail the platform sends (docs/mail.md), with what 'Minha Conta' → 'E-mails'
 * shows. A receipt or a security mail cannot be switched off (`optional: false`); every other
 * one can, and carries a one-click unsubscribe link. `adminOnly` kinds are offered to admins only.
 */
export const MAIL_KINDS = {
  welcome: { label: 'Boas-vindas', description: 'Enviado uma vez, ao criar a conta.', optional: false, adminOnly: false },
  'email-confirm': {
    label: 'Confirmação de e-mail',
    description: 'O link que confirma um endereço novo.',
    optional: false,
    adminOnly: false,
  },
  'email-changed': {
    label: 'Troca de e-mail',
    description: 'O aviso ao endereço anterior quando o e-mail da conta é trocado.',
    optional: false,
    adminOnly: false,
  },
  'password-reset': {
    label: 'Recuperação de senha',
    description: 'O link de redefinição que você pedir.',
    optional: false,
    adminOnly: false,
  },
  receipt: { label: 'Recibos de pagamento', description: 'Um recibo para cada pagamento confirmado.', optional: false, adminOnly: false },
  'payment-pending': {
    label: 'Instruções de Pix e boleto',
    description: 'Como pagar um Pix ou boleto que você gerou.',
    optional: false,
    adminOnly: false,
  },
  security: {
    label: 'Avisos de segurança',
    description: 'O uso de um código de recuperação e outros avisos sobre o acesso à sua conta.',
    optional: false,
    adminOnly: false,
  },
  'new-sign-in': {
    label: 'Novo acesso à conta',
    description: 'Quando sua conta é acessada de um navegador que ela não tinha usado antes.',
    optional: false,
    adminOnly: false,
  },
  refund: { label: 'Reembolsos', description: 'A resposta ao seu pedido de reembolso.', optional: false, adminOnly: false },
  'support-reply': {
    label: 'Respostas do suporte',
    description: 'Quando o suporte responde um ticket seu e você não está com o site aberto.',
    optional: true,
    adminOnly: false,
  },
  'support-rating': {
    label: 'Avaliação do atendimento',
    description: 'Quando um ticket seu é encerrado, o pedido para avaliar o atendimento.',
    optional: true,
    adminOnly: false,
  },
  'plan-reminder': {
    label: 'Avisos do plano',
    description: 'Três dias antes de o plano terminar, e quando termina.',
    optional: true,
    adminOnly: false,
  },
  'new-ticket': {
    label: 'Novos tickets de suporte',
    description: 'Para administradores: cada ticket aberto por um usuário.',
    optional: true,
    adminOnly: true,
  },
} as const satisfies Record<string, { label: string; description: string; optional: boolean; adminOnly: boolean }>;

export type MailKind = keyof typeof MAIL_KINDS;

export const isMailKind = (value: string): value is MailKind => Object.hasOwn(MAIL_KINDS, value);

/** The kinds a user may switch off, in the order 'Minha Conta' lists them. */
export function optionalKindsFor(role: string): MailKind[] {
  return (Object.keys(MAIL_KINDS) as MailKind[]).filter(
    (kind) => MAIL_KINDS[kind].optional && (!MAIL_KINDS[kind].adminOnly || role === 'admin'),
  );
}
