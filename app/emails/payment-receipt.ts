import { greeting } from './greeting';
import type { EmailMessage } from './render';

export type ReceiptDetails = {
  /** The payer's full name (else the username) for the greeting; null for an address not yet confirmed. */
  name: string | null;
  /** 'Plano E-TOOL — 1 mês (30 dias)' or 'Curso: …'. */
  item: string;
  /** 'R$ 29,90'. */
  amount: string;
  /** 'Cartão', 'Pix' or 'Boleto'. */
  method: string;
  /** Paid at, São Paulo time: '27/11/2026 10:15'. */
  paidAt: string;
  /** The app's number of the payment (what 'Minha Conta' and support know it by). */
  paymentNumber: number;
  /** Stripe's id of what was paid: a PaymentIntent (pi_…) or a Checkout Session (cs_…). */
  stripeId: string;
  /** Pix and boleto are paid after they are created: the receipt is also their confirmation. */
  confirmsLaterPayment: boolean;
  paymentsUrl: string;
};

/** 'Recibo de pagamento': one for every payment that becomes paid, whichever the path. */
export function paymentReceiptEmail(receipt: ReceiptDetails): EmailMessage {
  const stripeLabel = receipt.stripeId.startsWith('cs_') ? 'Sessão de pagamento no Stripe' : 'Pagamento no Stripe (PaymentIntent)';
  return {
    subject: receipt.confirmsLaterPayment ? 'Pagamento confirmado — Recibo de pagamento' : 'Recibo de pagamento',
    preheader: `${receipt.item}: ${receipt.amount} pagos por ${receipt.method}.`,
    heading: receipt.confirmsLaterPayment ? 'Pagamento confirmado' : 'Recibo de pagamento',
    blocks: [
      {
        kind: 'paragraph',
        text: receipt.confirmsLaterPayment
          ? `${greeting(receipt.name)} O seu ${receipt.method} foi compensado e o acesso já está liberado. Este é o seu recibo.`
          : `${greeting(receipt.name)} Recebemos o seu pagamento e o acesso já está liberado. Este é o seu recibo.`,
      },
      {
        kind: 'details',
        rows: [
          ['Item', receipt.item],
          ['Valor', receipt.amount],
          ['Forma de pagamento', receipt.method],
          ['Data', receipt.paidAt],
          ['Número do pagamento (E-Engenharia)', `#${receipt.paymentNumber}`],
          [stripeLabel, receipt.stripeId],
        ],
      },
      { kind: 'paragraph', text: 'Você pode pedir o reembolso em até 7 dias, em Minha Conta → Pagamentos.' },
    ],
    action: { label: 'Ver meus pagamentos', url: receipt.paymentsUrl },
    reason: 'Você recebeu este e-mail porque fez um pagamento no E-Engenharia com esta conta.',
  };
}
