import { greeting } from './greeting';
import type { EmailMessage } from './render';

export type RefundDecision = {
  name: string | null;
  item: string;
  amount: string;
  paymentNumber: number;
  /** approved-stripe: card or Pix refunded through Stripe; approved-manual: a boleto, refunded by hand; rejected. */
  outcome: 'approved-stripe' | 'approved-manual' | 'rejected';
  /** The words of the app's notification for the same decision (REFUND_NOTICES). */
  notice: string;
  /** What happens to the access the payment gave. */
  access: string;
  url: string;
};

/** The answer to a refund request ('refund'), sent in the admin's decision. */
export function refundDecisionEmail(decision: RefundDecision): EmailMessage {
  const approved = decision.outcome !== 'rejected';
  return {
    subject: approved ? 'Reembolso aprovado' : 'Reembolso recusado',
    preheader: decision.notice,
    heading: approved ? 'Seu reembolso foi aprovado' : 'Seu pedido de reembolso foi recusado',
    blocks: [
      { kind: 'paragraph', text: `${greeting(decision.name)} ${decision.notice}` },
      {
        kind: 'details',
        rows: [
          ['Item', decision.item],
          ['Valor', decision.amount],
          ['Número do pagamento (E-Engenharia)', `#${decision.paymentNumber}`],
        ],
      },
      { kind: 'paragraph', text: decision.access },
    ],
    action: approved ? { label: 'Ver meus pagamentos', url: decision.url } : { label: 'Falar com o suporte', url: decision.url },
    reason: 'Você recebeu este e-mail porque pediu o reembolso de um pagamento no E-Engenharia.',
  };
}
