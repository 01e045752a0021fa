import type { PaymentRow } from '../../../db/schema';
import { formatCents } from '../../utils/format';
import type { PaymentMethod, PaymentStatus, RefundStatus } from '../../utils/value-sets';
import { DAY_MS } from '../accounts/role-arithmetic';

/**
 * How a payment reads, on 'Minha Conta' and the admin's refund tab: client-safe labels and the
 * views the loaders send (components import the types from here).
 */

export const REFUND_WINDOW_DAYS = 7;

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'Em processamento',
  succeeded: 'Pago',
  failed: 'Não concluído',
};
/** The method in Portuguese, as receipts name it (never Stripe's words). */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = { card: 'Cartão de crédito', pix: 'Pix', boleto: 'Boleto' };
export const REFUND_STATUS_LABELS: Record<RefundStatus, string> = {
  requested: 'Reembolso solicitado',
  refunded: 'Reembolsado',
  manual: 'Reembolso manual',
  rejected: 'Reembolso recusado',
};

export const monthsLabel = (months: number) => `${months} ${months === 1 ? 'mês' : 'meses'}`;
export const planDescription = (planType: string, months: number) => `Plano ${planType} — ${monthsLabel(months)} (${30 * months} dias)`;
export const courseDescription = (title: string | null) => `Curso: ${title ?? 'curso removido'}`;

export type PaymentView = {
  id: number;
  createdAt: string;
  paidAt: string | null;
  description: string;
  kind: 'plan' | 'course';
  amountCents: number;
  amountLabel: string;
  method: PaymentMethod | null;
  methodLabel: string;
  status: PaymentStatus;
  statusLabel: string;
  refundStatus: RefundStatus | null;
  refundLabel: string | null;
  /** Until when a refund may be asked (paid payments only). */
  refundDeadline: string | null;
  /** A refund may be asked now (paid, none asked yet, within the 7 days). */
  refundable: boolean;
};

export const refundDeadlineOf = (row: Pick<PaymentRow, 'completedAt'>) =>
  row.completedAt ? new Date(row.completedAt.getTime() + REFUND_WINDOW_DAYS * DAY_MS) : null;

export function toPaymentView(row: PaymentRow & { courseTitle: string | null }, now: Date): PaymentView {
  const deadline = refundDeadlineOf(row);
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.completedAt?.toISOString() ?? null,
    description: row.kind === 'plan' ? planDescription(row.planType ?? '', row.months ?? 1) : courseDescription(row.courseTitle),
    kind: row.kind,
    amountCents: row.amountCents,
    amountLabel: formatCents(row.amountCents),
    method: row.method,
    methodLabel: row.method ? PAYMENT_METHOD_LABELS[row.method] : '—',
    status: row.status,
    statusLabel: PAYMENT_STATUS_LABELS[row.status],
    refundStatus: row.refundStatus,
    refundLabel: row.refundStatus ? REFUND_STATUS_LABELS[row.refundStatus] : null,
    refundDeadline: row.status === 'succeeded' && deadline ? deadline.toISOString() : null,
    refundable: row.status === 'succeeded' && row.refundStatus === null && deadline !== null && deadline.getTime() > now.getTime(),
  };
}

export type RefundRequestView = PaymentView & {
  userId: number | null;
  username: string | null;
  email: string | null;
  /** Who paid, as the admin reads it: 'username (e-mail)'. */
  payer: string;
  /** A boleto: Stripe cannot refund it, the approval marks it for a manual refund. */
  manual: boolean;
  requestedAt: string | null;
  refundedAt: string | null;
};

export function toRefundView(payment: PaymentRow, courseTitle: string | null, now: Date): RefundRequestView {
  return {
    ...toPaymentView({ ...payment, courseTitle }, now),
    userId: payment.userId,
    username: payment.payerUsername,
    email: payment.payerEmail,
    payer: payment.payerUsername
      ? `${payment.payerUsername}${payment.payerEmail ? ` (${payment.payerEmail})` : ''}`
      : (payment.payerEmail ?? `usuário #${payment.userId ?? '?'}`),
    manual: payment.method === 'boleto',
    requestedAt: payment.refundRequestedAt?.toISOString() ?? null,
    refundedAt: payment.refundedAt?.toISOString() ?? null,
  };
}
