import { and, asc, desc, eq, gte, isNull, lt, ne, or } from 'drizzle-orm';
import { db, type Executor } from '../../../db/client';
import {
  coursePurchases,
  courseGrants,
  courses,
  payments,
  roleGrants,
  type NotificationRow,
  type PaymentRow,
  type UserRow,
} from '../../../db/schema';
import { AppError } from '../../utils/errors';
import { formatCents } from '../../utils/format';
import { stripe } from './stripe.server';
import { recordAudit, type AuditActor } from '../audit/audit.server';
import { grantCourse } from '../courses/access.server';
import { publishNotice, writeNotification } from '../notifications/notification.server';
import { syncUserRole } from '../accounts/role-grant.server';
import { queueRefundDecision } from './mails.server';
import { PAYMENT_MESSAGES, REFUND_ANSWERS, REFUND_NOTICES, REFUND_REQUESTED_MESSAGE } from './messages';
import { callStripe } from './provider.server';
import { monthsLabel, refundDeadlineOf, toPaymentView, toRefundView, type PaymentView, type RefundRequestView } from './views';

/**
 * Refunds within the 7 days of Brazil's consumer code: the buyer asks, an admin approves or
 * refuses; an approval takes back exactly what that payment granted, and no more.
 */

/** The buyer asks for their money back, within 7 days of the payment (Código de Defesa do Consumidor, art. 49). */
export function requestRefund(user: Pick<UserRow, 'id'>, paymentId: number, now = new Date()): PaymentView & { message: string } {
  return db.transaction((tx) => {
    const row = tx
      .select()
      .from(payments)
      .where(and(eq(payments.id, paymentId), eq(payments.userId, user.id)))
      .get();
    if (!row) throw new AppError(404, PAYMENT_MESSAGES.notFound);
    if (row.status !== 'succeeded') throw new AppError(400, PAYMENT_MESSAGES.refundNotPaid);
    if (row.refundStatus !== null) throw new AppError(400, PAYMENT_MESSAGES.refundAlready);
    const deadline = refundDeadlineOf(row);
    if (!deadline || deadline.getTime() <= now.getTime()) throw new AppError(400, PAYMENT_MESSAGES.refundDeadline);
    const updated = tx
      .update(payments)
      .set({ refundStatus: 'requested', refundRequestedAt: now })
      .where(and(eq(payments.id, row.id), isNull(payments.refundStatus)))
      .returning()
      .get();
    if (!updated) throw new AppError(400, PAYMENT_MESSAGES.refundAlready);
    const course = updated.courseId
      ? tx.select({ title: courses.title }).from(courses).where(eq(courses.id, updated.courseId)).get()
      : undefined;
    return { ...toPaymentView({ ...updated, courseTitle: course?.title ?? null }, now), message: REFUND_REQUESTED_MESSAGE };
  });
}

/**
 * Takes back a plan payment's days: its grant is revoked now, and later grants of the same role
 * that were chained after it move earlier by the days it still had, so the user loses exactly
 * the refunded days and keeps every other grant's.
 */
function revokePaymentDays(tx: Executor, userId: number, paymentId: number, now: Date) {
  const grant = tx
    .select()
    .from(roleGrants)
    .where(
      and(
        eq(roleGrants.userId, userId),
        eq(roleGrants.source, 'payment'),
        eq(roleGrants.sourceId, paymentId),
        isNull(roleGrants.revokedAt),
      ),
    )
    .get();
  if (!grant || !grant.endsAt) return;
  const removedMs = grant.endsAt.getTime() - Math.max(grant.startsAt.getTime(), now.getTime());
  tx.update(roleGrants).set({ revokedAt: now }).where(eq(roleGrants.id, grant.id)).run();
  if (removedMs > 0) {
    const later = tx
      .select()
      .from(roleGrants)
      .where(
        and(
          eq(roleGrants.userId, userId),
          eq(roleGrants.role, grant.role),
          isNull(roleGrants.revokedAt),
          gte(roleGrants.startsAt, grant.endsAt),
        ),
      )
      .all();
    for (const next of later) {
      tx.update(roleGrants)
        .set({
          startsAt: new Date(next.startsAt.getTime() - removedMs),
          endsAt: next.endsAt ? new Date(next.endsAt.getTime() - removedMs) : null,
        })
        .where(eq(roleGrants.id, next.id))
        .run();
    }
  }
  syncUserRole(tx, userId, now);
}

/**
 * Takes back a course payment's entitlement: the purchase and the grant it created end. Another
 * paid purchase of the same course still in force pays for it: its entitlement takes over (two
 * purchases share one grant, the first's). Otherwise a code or admin grant that the purchase had
 * replaced and that is still within its period comes back.
 */
function revokePaymentCourse(tx: Executor, stripeId: string, now: Date) {
  const purchase = tx.select().from(coursePurchases).where(eq(coursePurchases.stripePaymentId, stripeId)).get();
  if (!purchase) return;
  tx.update(coursePurchases).set({ active: false }).where(eq(coursePurchases.id, purchase.id)).run();
  const grant = tx
    .update(courseGrants)
    .set({ active: false })
    .where(and(eq(courseGrants.source, 'purchase'), eq(courseGrants.sourceId, purchase.id), eq(courseGrants.active, true)))
    .returning()
    .get();
  if (!grant) return;
  const otherPurchase = tx
    .select({ id: coursePurchases.id })
    .from(coursePurchases)
    .where(and(eq(coursePurchases.userId, grant.userId), eq(coursePurchases.courseId, grant.courseId), eq(coursePurchases.active, true)))
    .orderBy(asc(coursePurchases.id))
    .get();
  if (otherPurchase) {
    grantCourse(tx, { userId: grant.userId, courseId: grant.courseId, source: 'purchase', sourceId: otherPurchase.id }, now);
    return;
  }
  const previous = tx
    .select()
    .from(courseGrants)
    .where(
      and(
        eq(courseGrants.userId, grant.userId),
        eq(courseGrants.courseId, grant.courseId),
        eq(courseGrants.active, false),
        ne(courseGrants.source, 'purchase'),
        lt(courseGrants.id, grant.id),
        or(isNull(courseGrants.endsAt), gte(courseGrants.endsAt, now)),
      ),
    )
    .orderBy(desc(courseGrants.id))
    .get();
  if (previous) tx.update(courseGrants).set({ active: true }).where(eq(courseGrants.id, previous.id)).run();
}

/** The PaymentIntent behind a payment row: its own id, or the Checkout Session's. */
async function paymentIntentOf(row: PaymentRow): Promise<string> {
  if (row.stripePaymentIntentId.startsWith('pi_')) return row.stripePaymentIntentId;
  const session = await callStripe(() => stripe().checkout.sessions.retrieve(row.stripePaymentIntentId));
  const intent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
  if (!intent) throw new AppError(400, PAYMENT_MESSAGES.refundNotPaid);
  return intent;
}

/**
 * An admin approves a refund: card and Pix are refunded through Stripe (idempotent per payment),
 * a boleto, which Stripe cannot refund, is marked for a manual refund; then, in one transaction,
 * exactly what that payment granted is taken back, the user is notified and the audit row written.
 */
export async function approveRefund(
  actor: AuditActor,
  paymentId: number,
  now = new Date(),
): Promise<RefundRequestView & { message: string }> {
  const row = db.select().from(payments).where(eq(payments.id, paymentId)).get();
  if (!row) throw new AppError(404, PAYMENT_MESSAGES.notFound);
  if (row.refundStatus !== 'requested') throw new AppError(400, PAYMENT_MESSAGES.refundNotRequested);
  const manual = row.method === 'boleto';
  let refundId: string | null = null;
  if (!manual) {
    const intent = await paymentIntentOf(row);
    const refund = await callStripe(() =>
      stripe().refunds.create(
        { payment_intent: intent, reason: 'requested_by_customer', metadata: { paymentId: String(row.id) } },
        { idempotencyKey: `refund:${row.id}` },
      ),
    );
    refundId = refund.id;
  }
  const notice = db.transaction((tx) => {
    const updated = tx
      .update(payments)
      .set({ refundStatus: manual ? 'manual' : 'refunded', refundedAt: now, stripeRefundId: refundId })
      .where(and(eq(payments.id, row.id), eq(payments.refundStatus, 'requested')))
      .returning()
      .get();
    if (!updated) throw new AppError(400, PAYMENT_MESSAGES.refundNotRequested);
    let notice: NotificationRow | null = null;
    if (row.userId !== null) {
      if (row.kind === 'plan') revokePaymentDays(tx, row.userId, row.id, now);
      else revokePaymentCourse(tx, row.stripePaymentIntentId, now);
      notice = writeNotification(tx, { ...REFUND_NOTICES.approved(row.amountCents, manual), userId: row.userId });
      queueRefundDecision(tx, updated, manual ? 'approved-manual' : 'approved-stripe');
    }
    recordAudit(tx, actor, {
      action: 'payment.refund',
      entityType: 'payment',
      entityId: row.id,
      summary: `${manual ? 'reembolso manual (boleto)' : `reembolsado ${refundId}`}: ${refundSubject(row)}`,
    });
    return notice;
  });
  if (notice) publishNotice(notice);
  return { ...refundView(row.id, now), message: manual ? REFUND_ANSWERS.manual : REFUND_ANSWERS.refunded };
}

/**
 * An admin refuses a refund request: nothing is refunded or taken back, the payment keeps its
 * grant and cannot be asked about again; the user is notified (with the way to support) and the
 * audit row written.
 */
export function rejectRefund(actor: AuditActor, paymentId: number, now = new Date()): RefundRequestView & { message: string } {
  const notice = db.transaction((tx) => {
    const row = tx.select().from(payments).where(eq(payments.id, paymentId)).get();
    if (!row) throw new AppError(404, PAYMENT_MESSAGES.notFound);
    const updated = tx
      .update(payments)
      .set({ refundStatus: 'rejected' })
      .where(and(eq(payments.id, row.id), eq(payments.refundStatus, 'requested')))
      .returning()
      .get();
    if (!updated) throw new AppError(400, PAYMENT_MESSAGES.refundNotRequested);
    const notice = row.userId !== null ? writeNotification(tx, { ...REFUND_NOTICES.rejected(row.amountCents), userId: row.userId }) : null;
    queueRefundDecision(tx, updated, 'rejected');
    recordAudit(tx, actor, {
      action: 'payment.refund-reject',
      entityType: 'payment',
      entityId: row.id,
      summary: `reembolso recusado: ${refundSubject(row)}`,
    });
    return notice;
  });
  if (notice) publishNotice(notice);
  return { ...refundView(paymentId, now), message: REFUND_ANSWERS.rejected };
}

/** What a refund decision is about, as the audit log reads it: 'R$ 29,90 de ana (E-TOOL, 1 mês)'. */
function refundSubject(row: PaymentRow): string {
  const item = row.kind === 'plan' ? `${row.planType}, ${monthsLabel(row.months ?? 1)}` : `curso #${row.courseId}`;
  return `${formatCents(row.amountCents)} de ${row.payerUsername ?? `usuário #${row.userId}`} (${item})`;
}

function refundView(paymentId: number, now: Date): RefundRequestView {
  const { payment, courseTitle } = db
    .select({ payment: payments, courseTitle: courses.title })
    .from(payments)
    .leftJoin(courses, eq(courses.id, payments.courseId))
    .where(eq(payments.id, paymentId))
    .get()!;
  return toRefundView(payment, courseTitle, now);
}
