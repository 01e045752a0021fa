import { greeting } from './greeting';
import type { EmailMessage } from './render';

export type PendingInstructions =
  | {
      method: 'pix';
      /** The Pix copy-and-paste code (BR Code), when the provider gives it. */
      code: string | null;
      /** The page with the QR code and the instructions. */
      instructionsUrl: string | null;
      /** Until when the Pix can be paid, São Paulo time. */
      expiresAt: string | null;
    }
  | {
      method: 'boleto';
      /** The boleto's typeable line. */
      number: string | null;
      /** The voucher to print or pay online. */
      voucherUrl: string | null;
      /** The due date, São Paulo time. */
      dueDate: string | null;
    };

export type PendingPayment = {
  name: string | null;
  item: string;
  amount: string;
  paymentNumber: number;
  instructions: PendingInstructions;
  paymentsUrl: string;
};

/** How to pay a Pix or boleto just generated ('payment-pending'); its confirmation is the receipt. */
export function paymentPendingEmail(payment: PendingPayment): EmailMessage {
  const { instructions } = payment;
  const summary: [string, string][] = [
    ['Item', payment.item],
    ['Valor', payment.amount],
    ['Número do pagamento (E-Engenharia)', `#${payment.paymentNumber}`],
  ];
  if (instructions.method === 'pix') {
    return {
      subject: 'Seu Pix foi gerado: veja como pagar',
      preheader: `Pague ${payment.amount} com o Pix copia e cola ou o QR code${instructions.expiresAt ? ` até ${instructions.expiresAt}` : ''}.`,
      heading: 'Pague o seu Pix para liberar o acesso',
      blocks: [
        {
          kind: 'paragraph',
          text: `${greeting(payment.name)} Seu Pix foi gerado. Abra o aplicativo do seu banco e pague com o QR code ou com o código Pix copia e cola abaixo.`,
        },
        {
          kind: 'details',
          rows: [...summary, ...(instructions.expiresAt ? [['Pague até', instructions.expiresAt] as [string, string]] : [])],
        },
        ...(instructions.code ? [{ kind: 'quote' as const, author: 'Pix copia e cola', text: instructions.code }] : []),
        {
          kind: 'paragraph',
          text: 'Assim que o pagamento for confirmado, você recebe o recibo por e-mail e o acesso é liberado. Se o prazo passar sem pagamento, o Pix expira e nada é cobrado.',
        },
      ],
      ...(instructions.instructionsUrl
        ? { action: { label: 'Ver QR code do Pix', url: instructions.instructionsUrl } }
        : { action: { label: 'Ver meus pagamentos', url: payment.paymentsUrl } }),
      reason: 'Você recebeu este e-mail porque gerou um pagamento por Pix no E-Engenharia com esta conta.',
    };
  }
  return {
    subject: 'Seu boleto foi gerado: veja como pagar',
    preheader: `Pague ${payment.amount}${instructions.dueDate ? ` até ${instructions.dueDate}` : ''} no banco, na lotérica ou no aplicativo.`,
    heading: 'Pague o seu boleto para liberar o acesso',
    blocks: [
      {
        kind: 'paragraph',
        text: `${greeting(payment.name)} Seu boleto foi gerado. Pague no aplicativo do seu banco, no internet banking ou em uma lotérica.`,
      },
      { kind: 'details', rows: [...summary, ...(instructions.dueDate ? [['Vencimento', instructions.dueDate] as [string, string]] : [])] },
      ...(instructions.number ? [{ kind: 'quote' as const, author: 'Linha digitável', text: instructions.number }] : []),
      {
        kind: 'paragraph',
        text: 'O boleto é confirmado após cerca de um dia útil. Quando for compensado, você recebe o recibo por e-mail e o acesso é liberado.',
      },
    ],
    ...(instructions.voucherUrl
      ? { action: { label: 'Abrir o boleto', url: instructions.voucherUrl } }
      : { action: { label: 'Ver meus pagamentos', url: payment.paymentsUrl } }),
    reason: 'Você recebeu este e-mail porque gerou um boleto no E-Engenharia com esta conta.',
  };
}
