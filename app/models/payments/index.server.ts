/**
 * Payments: what a purchase costs (quote), the PaymentIntent of the card form and the Checkout
 * Session of the form without JavaScript (checkout), ONE fulfilment for every path that may learn
 * first that money arrived (fulfilment, webhook), refunds within the 7 days of Brazil's consumer
 * code (refunds), the lists (history), the test mode's simulated pages (test-mode), and the words
 * (messages) and labels (views), the prices the admin sets (price), the receipt (receipt), the landing
 * page's plans (landing) and the Stripe client's mode (stripe). The one entry routes import (ESLint
 * refuses a deep import); components import its types, and views.ts for labels. docs/payments.md.
 */

export { createCheckoutSession, createPaymentIntent } from './checkout.server';
export { confirmPayment, fulfilCheckoutSession, type CheckoutResult, type ConfirmResult, type FulfilResult } from './fulfilment.server';
export { listRefundRequests, listUserPayments } from './history.server';
export { landingPage, type LandingArea } from './landing.server';
export { declineMessage, PAYMENT_MESSAGES, REFUND_REQUESTED_MESSAGE } from './messages';
export { getPlanPriceLabels, getPlanPrices, listPlanPrices, setPlanPrice, type PlanPriceView } from './price.server';
export { MIN_CARD_CENTS, planPriceList, quote, type Purchase, type Quote } from './quote.server';
export { getOwnReceipt, receiptRows, TEST_MODE_NOTICE, type Receipt } from './receipt.server';
export { approveRefund, rejectRefund, requestRefund } from './refunds.server';
export { isStripeTestMode, stripePublishableKey } from './stripe.server';
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
