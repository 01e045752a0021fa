/**
 * Payments: what a purchase costs (quote), the PaymentIntent of the card form and the Checkout
 * Session of the form without JavaScript (checkout), ONE fulfilment for every path that may learn
 * first that money arrived (fulfilment, webhook), refunds within the 7 days of Brazil's consumer
 * code (refunds), the lists (history), the test mode's simulated pages (test-mode), and the words
 * (messages) and labels (views). The one entry routes import; docs/architecture.md, Payments.
 */

export { createCheckoutSession, createPaymentIntent } from './checkout.server';
export { confirmPayment, fulfilCheckoutSession, type CheckoutResult, type ConfirmResult, type FulfilResult } from './fulfilment.server';
export { listRefundRequests, listUserPayments } from './history.server';
export { declineMessage, PAYMENT_MESSAGES, REFUND_REQUESTED_MESSAGE } from './messages';
export { MIN_CARD_CENTS, planPriceList, quote, type Purchase, type Quote } from './quote.server';
export { approveRefund, rejectRefund, requestRefund } from './refunds.server';
export {
  completeTestCheckout,
  confirmTestCardPayment,
  markTestPixExpired,
  markTestPixPaid,
  readTestCheckout,
  type TestCheckout,
  type TestCheckoutOutcome,
} from './test-mode.server';
export {
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUS_LABELS,
  REFUND_STATUS_LABELS,
  REFUND_WINDOW_DAYS,
  type PaymentView,
  type RefundRequestView,
} from './views';
export { handleStripeWebhook } from './webhook.server';
