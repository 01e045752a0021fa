import { and, asc, count, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { db, preparedQuery } from '../../../db/client';
import { courses, payments } from '../../../db/schema';
import { paginate, type Page } from '../../utils/pagination.server';
import { toPaymentView, toRefundView, type PaymentView, type RefundRequestView } from './views';

/** The lists of payments: the user's own on 'Minha Conta', and the admin's refund tab. */

const USER_PAYMENTS_LIMIT = 100;

/** Every visit of 'Minha Conta' reads it: prepared once per connection. */
const userPayments = preparedQuery(() =>
  db
    .select({ payment: payments, courseTitle: courses.title })
    .from(payments)
    .leftJoin(courses, eq(courses.id, payments.courseId))
    .where(
      and(eq(payments.userId, sql.placeholder('userId')), or(ne(payments.status, 'pending'), inArray(payments.method, ['pix', 'boleto']))),
    )
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(USER_PAYMENTS_LIMIT)
    .prepare(),
);

/**
 * 'Minha Conta': the user's payments, newest first (date, what, amount, method, status, refund).
 * A card PaymentIntent never confirmed is an abandoned form, not a payment: left out.
 */
export function listUserPayments(userId: number, now = new Date()): PaymentView[] {
  return userPayments()
    .all({ userId })
    .map(({ payment, courseTitle }) => toPaymentView({ ...payment, courseTitle }, now));
}

/**
 * The admin's refund tab: `pending` (asked, not yet handled; oldest first) or `all` handled and
 * unhandled (newest request first); through payments_refund_idx.
 */
export function listRefundRequests(
  pageOrQuery: number | { page: number; perPage?: number; filter?: 'pending' | 'all' },
  now = new Date(),
): Page<RefundRequestView> {
  const query = { perPage: 20, filter: 'pending' as const, ...(typeof pageOrQuery === 'number' ? { page: pageOrQuery } : pageOrQuery) };
  const where =
    query.filter === 'all'
      ? inArray(payments.refundStatus, ['requested', 'refunded', 'manual', 'rejected'])
      : eq(payments.refundStatus, 'requested');
  return paginate(query, {
    count: () => db.select({ n: count() }).from(payments).where(where).get()?.n ?? 0,
    rows: (limit, offset) =>
      db
        .select({ payment: payments, courseTitle: courses.title })
        .from(payments)
        .leftJoin(courses, eq(courses.id, payments.courseId))
        .where(where)
        .orderBy(query.filter === 'all' ? desc(payments.refundRequestedAt) : asc(payments.refundRequestedAt), asc(payments.id))
        .limit(limit)
        .offset(offset)
        .all()
        .map(({ payment, courseTitle }) => toRefundView(payment, courseTitle, now)),
  });
}
