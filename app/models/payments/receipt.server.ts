import { and, eq } from 'drizzle-orm';
import { db, type Executor } from '../../../db/client';
import { courses, payments, users, type PaymentRow } from '../../../db/schema';
import { formatCnpj } from '../../utils/cnpj';
import { formatCpf } from '../../utils/cpf';
import { getEnv } from '../../utils/env.server';
import { isLiveStripeKey } from '../../utils/env-schema.server';
import { AppError } from '../../utils/errors';
import { formatCents, formatDateTime, formatShortDate } from '../../utils/format';
import { planRunText } from '../../utils/role-labels';
import { personName } from '../../utils/person-name';
import { paymentGrantOutlook } from '../accounts/role-grant.server';
import { PAYMENT_MESSAGES } from './messages';
import { courseDescription, PAYMENT_METHOD_LABELS, planDescription } from './views';

/**
 * The receipt of a paid payment, as a Brazilian accountant reads it (issue 27.9): the seller's
 * legal name and CNPJ (configuration), the payer's name and CPF, the item with the period it
 * buys, the method in Portuguese and the payment's references. The mail and the page in
 * 'Minha Conta' print the same rows (`receiptRows`), built here once.
 */

/** The seller when none is configured and no real money is taken: clearly fictitious. */
export const DEMO_SELLER = { legalName: 'E-Engenharia Demonstração Ltda. (fictícia)', cnpj: '11222333000181' } as const;

export const TEST_MODE_NOTICE = 'Modo de teste: pagamento simulado, sem valor fiscal.';
export const COURSE_VALIDITY = 'Sem prazo (acesso permanente ao curso)';

export type Receipt = {
  paymentId: number;
  /** Stripe's id of what was paid (pi_… or cs_…): the payment's reference at the provider. */
  reference: string;
  /** No real money: the offline test mode or a Stripe test key. */
  testMode: boolean;
  seller: { legalName: string; cnpj: string };
  payer: { name: string; cpf: string | null };
  item: string;
  /** '28/12/2026', or COURSE_VALIDITY. */
  validUntil: string;
  /** 'E-TOOL até 25/01/2027' ('Depois: …') when a lower plan's paid days follow this one (decision 047). */
  after: string | null;
  amount: string;
  method: string;
  paidAt: string;
};

export function isReceiptTestMode(): boolean {
  return !isLiveStripeKey(getEnv().stripeSecretKey ?? undefined);
}

function seller(): Receipt['seller'] {
  const legalName = getEnv().sellerLegalName;
  const cnpj = getEnv().sellerCnpj;
  return legalName && cnpj
    ? { legalName, cnpj: formatCnpj(cnpj) }
    : { legalName: DEMO_SELLER.legalName, cnpj: formatCnpj(DEMO_SELLER.cnpj) };
}

/** The payer as documents name them: the account's full name while it exists, else the name kept on the payment. */
function payerName(executor: Executor, row: PaymentRow): string {
  const user =
    row.userId === null
      ? undefined
      : executor.select({ fullName: users.fullName, username: users.username }).from(users).where(eq(users.id, row.userId)).get();
  return user ? personName(user) : (row.payerUsername ?? 'Cliente');
}

/**
 * The receipt of a row that is paid (its grant already written, in the same transaction for the mail).
 * `payer` overrides the name printed: a mail to an address not yet confirmed names no one (docs/mail.md).
 */
export function receiptOf(executor: Executor, row: PaymentRow, payer?: string): Receipt {
  let item: string;
  let validUntil = COURSE_VALIDITY;
  let after: string | null = null;
  if (row.kind === 'plan') {
    item = planDescription(row.planType ?? '', row.months ?? 1);
    const outlook = row.userId === null ? null : paymentGrantOutlook(row.userId, row.id, executor);
    validUntil = outlook?.until ? formatShortDate(outlook.until) : '—';
    after = outlook?.after ? planRunText(outlook.after) : null;
  } else {
    const course = row.courseId
      ? executor.select({ title: courses.title }).from(courses).where(eq(courses.id, row.courseId)).get()
      : undefined;
    item = courseDescription(course?.title ?? null);
  }
  return {
    paymentId: row.id,
    reference: row.stripePaymentIntentId,
    testMode: isReceiptTestMode(),
    seller: seller(),
    payer: { name: payer ?? payerName(executor, row), cpf: row.payerCpf ? formatCpf(row.payerCpf) : null },
    item,
    validUntil,
    after,
    amount: formatCents(row.amountCents),
    method: row.method ? PAYMENT_METHOD_LABELS[row.method] : 'Não informada',
    paidAt: formatDateTime(row.completedAt ?? new Date()),
  };
}

/** The rows both the mail and the page print, in this order. */
export function receiptRows(receipt: Receipt): Array<readonly [label: string, value: string]> {
  return [
    ['Vendedor', receipt.seller.legalName],
    ['CNPJ', receipt.seller.cnpj],
    ['Comprador', receipt.payer.name],
    ['CPF', receipt.payer.cpf ?? 'Não informado'],
    ['Item', receipt.item],
    ['Válido até', receipt.validUntil],
    ...(receipt.after ? [['Depois', receipt.after] as const] : []),
    ['Valor', receipt.amount],
    ['Forma de pagamento', receipt.method],
    ['Data do pagamento', receipt.paidAt],
    ['Número do pagamento (E-Engenharia)', `#${receipt.paymentId}`],
    ['Referência do pagamento', receipt.reference],
  ];
}

/** 'Minha Conta' → a receipt: the user's own paid payment, else 404. */
export function getOwnReceipt(userId: number, paymentId: number): Receipt {
  const row = db
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.userId, userId), eq(payments.status, 'succeeded')))
    .get();
  if (!row) throw new AppError(404, PAYMENT_MESSAGES.notFound);
  return receiptOf(db, row);
}
