import { formatCents } from '../../utils/format';
import type { StandInErrorCode } from './stripe-stand-in/errors.server';

/** What the buyer and the admin read about payments (Portuguese, as the specification words it). */

export const PAYMENT_MESSAGES = {
  success: { title: 'Pagamento realizado!', description: 'Seu upgrade foi concluído com sucesso.' },
  processing: {
    title: 'Pagamento em processamento',
    description: 'Estamos processando seu pagamento. Você receberá uma notificação em breve.',
  },
  errorTitle: 'Erro no pagamento',
  errorFallback: 'Ocorreu um erro ao processar o pagamento.',
  createFallback: 'Erro ao criar intenção de pagamento',
  plan: 'Plano inválido.',
  months: 'Escolha entre 1 e 12 meses.',
  planNotAbove: 'Seu plano atual já inclui este plano. Escolha um plano acima do seu.',
  courseNotForSale: 'Este curso não está à venda.',
  courseOwned: 'Você já tem acesso a este curso.',
  coursePending: 'Já há um pagamento deste curso em processamento. Você receberá uma notificação em breve.',
  courseInProgress:
    'Já há um pagamento deste curso em andamento em outra aba ou janela. Conclua-o por lá ou tente novamente em alguns minutos.',
  belowMinimum: 'O valor mínimo para pagamento com cartão é R$ 0,50.',
  notFound: 'Pagamento não encontrado.',
  notYours: 'Este pagamento não pertence à sua conta.',
  mismatch: 'O pagamento não corresponde à compra.',
  declined: 'Seu cartão foi recusado.',
  insufficientFunds: 'Seu cartão não tem saldo suficiente.',
  invalidCard: 'Use um dos cartões de teste: 4242 4242 4242 4242, 4000 0000 0000 0002 ou 4000 0000 0000 9995.',
  providerUnavailable: 'Não foi possível falar com o provedor de pagamento. Tente novamente.',
  refundNotPaid: 'Apenas pagamentos concluídos podem ser reembolsados.',
  refundAlready: 'O reembolso deste pagamento já foi solicitado.',
  refundDeadline: 'O prazo de 7 dias para desistência terminou.',
  refundNotRequested: 'Não há pedido de reembolso para este pagamento.',
  badSignature: 'Assinatura do webhook inválida.',
  webhookUnconfigured: 'STRIPE_WEBHOOK_SECRET não configurado.',
  testModeOnly: 'Disponível apenas no modo de teste.',
  checkoutNotFound: 'Sessão de pagamento não encontrada.',
} as const;

/** The buyer asks for their money back, within 7 days of the payment (Código de Defesa do Consumidor, art. 49). */
export const REFUND_REQUESTED_MESSAGE = 'Pedido de reembolso enviado. Você será notificado quando for analisado.';

/** What the admin reads after deciding a refund. */
export const REFUND_ANSWERS = {
  refunded: 'Reembolso realizado.',
  manual: 'Pagamento por boleto marcado para reembolso manual.',
  rejected: 'Reembolso recusado.',
} as const;

/** The notices a refund decision sends the buyer. */
export const REFUND_NOTICES = {
  approved: (amountCents: number, manual: boolean) => ({
    title: 'Reembolso aprovado',
    message: manual
      ? `Seu pedido de reembolso de ${formatCents(amountCents)} foi aprovado. Como o pagamento foi por boleto, a devolução será feita manualmente; entraremos em contato.`
      : `Seu reembolso de ${formatCents(amountCents)} foi aprovado e será devolvido pela mesma forma de pagamento.`,
    type: 'info' as const,
    link: '/account',
  }),
  rejected: (amountCents: number) => ({
    title: 'Reembolso recusado',
    message: `Seu pedido de reembolso de ${formatCents(amountCents)} foi recusado. Se tiver dúvidas, fale com o suporte.`,
    type: 'warning' as const,
    link: '/chats',
  }),
};

/** What the simulated Checkout page's refusals (the stand-in's codes) say, and with which status. */
export const STAND_IN_MESSAGES: Record<StandInErrorCode, { status: number; message: string }> = {
  'session-not-found': { status: 404, message: PAYMENT_MESSAGES.checkoutNotFound },
  'session-not-open': { status: 400, message: 'Esta sessão de pagamento já foi concluída.' },
  'method-unavailable': { status: 400, message: 'Forma de pagamento indisponível para esta sessão.' },
  'nothing-awaiting-payment': { status: 400, message: 'Não há pagamento Pix ou boleto aguardando nesta sessão.' },
};

/** A card decline (Stripe's code or decline_code) in the buyer's words. */
export function declineMessage(code: string | null | undefined): string {
  if (code === 'insufficient_funds') return PAYMENT_MESSAGES.insufficientFunds;
  if (code === 'invalid_number') return PAYMENT_MESSAGES.invalidCard;
  if (code === 'card_declined' || code === 'generic_decline') return PAYMENT_MESSAGES.declined;
  return PAYMENT_MESSAGES.errorFallback;
}
