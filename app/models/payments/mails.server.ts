import { eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { courses, type PaymentRow } from '../../../db/schema';
import { paymentPendingEmail, type PendingInstructions } from '../../emails/payment-pending';
import { paymentReceiptEmail } from '../../emails/payment-receipt';
import { refundDecisionEmail } from '../../emails/refund-decision';
import { renderEmail } from '../../emails/render';
import { formatCents, formatDateTime } from '../../utils/format';
import { siteUrl } from '../../utils/security.server';
import type { Stripe } from './stripe.server';
import { readAddressee } from '../mail/addressee.server';
import { enqueueMail } from '../mail/outbox.server';
import { REFUND_NOTICES } from './messages';
import { receiptOf, receiptRows, TEST_MODE_NOTICE } from './receipt.server';
import { courseDescription, planDescription } from './views';

/**
 * The payment mails (docs/mail.md), each queued with the executor of the transaction that causes
 * it: the receipt in the fulfilment's, the Pix or boleto instructions where the payment row learns
 * its method, a refund's answer in the admin's decision. None can be switched off.
 */

/** 'Minha Conta' → 'Pagamentos' (the section's anchor on the account page). */
const PAYMENTS_PATH = '/account#pagamentos';

function recipient(tx: Executor, userId: number | null) {
  return userId === null ? undefined : readAddressee(tx, userId);
}

function itemOf(tx: Executor, row: PaymentRow): string {
  if (row.kind === 'plan') return planDescription(row.planType ?? '', row.months ?? 1);
  const course = row.courseId ? tx.select({ title: courses.title }).from(courses).where(eq(courses.id, row.courseId)).get() : undefined;
  return courseDescription(course?.title ?? null);
}

/** The payer's line in a receipt mailed to an address not yet confirmed, which may carry no name the account typed. */
const UNCONFIRMED_PAYER = 'Titular da conta (confirme seu e-mail)';

/** Where a receipt is in 'Minha Conta'. */
export const receiptPath = (paymentId: number) => `/account/receipts/${paymentId}`;

/** 'Recibo de pagamento', once per payment (dedupe `receipt:{id}`), for a row just claimed as paid and granted. */
export function queueReceipt(tx: Executor, row: PaymentRow, now = new Date()): void {
  const user = recipient(tx, row.userId);
  if (!user) return;
  const receipt = receiptOf(tx, { ...row, completedAt: row.completedAt ?? now }, user.confirmed ? undefined : UNCONFIRMED_PAYER);
  const mail = renderEmail(
    paymentReceiptEmail({
      name: user.name,
      item: receipt.item,
      amount: receipt.amount,
      method: receipt.method,
      rows: receiptRows(receipt),
      testModeNotice: receipt.testMode ? TEST_MODE_NOTICE : null,
      confirmsLaterPayment: row.method === 'pix' || row.method === 'boleto',
      paymentsUrl: siteUrl(PAYMENTS_PATH, 'absolute'),
      receiptUrl: siteUrl(receiptPath(row.id), 'absolute'),
    }),
  );
  enqueueMail(tx, { userId: user.id, to: user.email, kind: 'receipt', dedupeKey: `receipt:${row.id}`, ...mail });
}

/**
 * What Stripe gives to pay a Pix or boleto, from the PaymentIntent's `next_action` (Stripe's, or
 * the test mode's, which points at its own Checkout page).
 */
export function pendingInstructions(method: 'pix' | 'boleto', intent: Stripe.PaymentIntent | null): PendingInstructions {
  const when = (seconds: number | null | undefined) => (seconds ? formatDateTime(seconds * 1000) : null);
  if (method === 'pix') {
    const pix = intent?.next_action?.pix_display_qr_code;
    return { method, code: pix?.data ?? null, instructionsUrl: pix?.hosted_instructions_url ?? null, expiresAt: when(pix?.expires_at) };
  }
  const boleto = intent?.next_action?.boleto_display_details;
  return { method, number: boleto?.number ?? null, voucherUrl: boleto?.hosted_voucher_url ?? null, dueDate: when(boleto?.expires_at) };
}

/** How to pay a Pix or boleto just generated, once per payment (dedupe `payment-pending:{id}`). */
export function queuePendingInstructions(tx: Executor, row: PaymentRow, instructions: PendingInstructions): void {
  const user = recipient(tx, row.userId);
  if (!user) return;
  const mail = renderEmail(
    paymentPendingEmail({
      name: user.name,
      item: itemOf(tx, row),
      amount: formatCents(row.amountCents),
      paymentNumber: row.id,
      instructions,
      paymentsUrl: siteUrl(PAYMENTS_PATH, 'absolute'),
    }),
  );
  enqueueMail(tx, { userId: user.id, to: user.email, kind: 'payment-pending', dedupeKey: `payment-pending:${row.id}`, ...mail });
}

/** What a refund decision does to the access the payment gave. */
function accessAfter(row: PaymentRow, approved: boolean): string {
  const what =
    row.kind === 'plan' ? `os dias do plano ${row.planType} comprados neste pagamento` : 'o acesso ao curso comprado neste pagamento';
  return approved
    ? `Com o reembolso, ${what} foram removidos da sua conta; outros planos e cursos que você tenha continuam valendo.`
    : `Nada muda na sua conta: ${what} continuam valendo.`;
}

/** The answer to a refund request, in the admin's decision (dedupe `refund:{id}`: one answer per payment). */
export function queueRefundDecision(tx: Executor, row: PaymentRow, decision: 'approved-stripe' | 'approved-manual' | 'rejected'): void {
  const user = recipient(tx, row.userId);
  if (!user) return;
  const approved = decision !== 'rejected';
  const notice = approved
    ? REFUND_NOTICES.approved(row.amountCents, decision === 'approved-manual')
    : REFUND_NOTICES.rejected(row.amountCents);
  const mail = renderEmail(
    refundDecisionEmail({
      name: user.name,
      item: itemOf(tx, row),
      amount: formatCents(row.amountCents),
      paymentNumber: row.id,
      outcome: decision,
      notice: notice.message,
      access: accessAfter(row, approved),
      url: siteUrl(approved ? PAYMENTS_PATH : notice.link, 'absolute'),
    }),
  );
  enqueueMail(tx, { userId: user.id, to: user.email, kind: 'refund', dedupeKey: `refund:${row.id}`, ...mail });
}
