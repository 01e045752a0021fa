import { greeting } from './greeting';
import type { EmailMessage } from './render';

export type ReceiptDetails = {
  /** The payer's full name (else the username) for the greeting; null for an address not yet confirmed. */
  name: string | null;
  /** 'Plano E-TOOL — 1 mês (30 dias)' or 'Curso: …'. */
  item: string;
  /** 'R$ 29,90'. */
  amount: string;
  /** 'Cartão de crédito', 'Pix' or 'Boleto'. */
  method: string;
  /** The receipt's rows (seller, CNPJ, payer, CPF, item, period, amount, method, date, references): the page in 'Minha Conta' prints the same. */
  rows: ReadonlyArray<readonly [label: string, value: string]>;
  /** No real money taken: the receipt says so first. */
  testModeNotice: string | null;
  /** Pix and boleto are paid after they are created: the receipt is also their confirmation. */
  confirmsLaterPayment: boolean;
  paymentsUrl: string;
  /** The receipt's page in 'Minha Conta'. */
  receiptUrl: string;
};

/** 'Recibo de pagamento': one for every payment that becomes paid, whichever the path. */
export function paymentReceiptEmail(receipt: ReceiptDetails): EmailMessage {
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
      ...(receipt.testModeNotice ? [{ kind: 'paragraph' as const, text: receipt.testModeNotice }] : []),
      { kind: 'details', rows: receipt.rows },
      { kind: 'paragraph', text: `Este recibo também está em Minha Conta: ${receipt.receiptUrl}` },
      { kind: 'paragraph', text: 'Você pode pedir o reembolso em até 7 dias, em Minha Conta → Pagamentos.' },
    ],
    action: { label: 'Ver meus pagamentos', url: receipt.paymentsUrl },
    reason: 'Você recebeu este e-mail porque fez um pagamento no E-Engenharia com esta conta.',
  };
}
