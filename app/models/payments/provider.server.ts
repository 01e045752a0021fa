import { AppError, isAppError } from '../../utils/errors';
import { Stripe } from './stripe.server';
import { declineMessage, PAYMENT_MESSAGES } from './messages';

/** Turns a Stripe failure into the app's errors: card errors keep their meaning, the rest is a 502. */
export function providerError(error: unknown): AppError {
  if (isAppError(error)) return error;
  if (error instanceof Stripe.errors.StripeCardError)
    return new AppError(402, declineMessage(error.decline_code ?? error.code), undefined, {
      code: error.code,
      declineCode: error.decline_code,
    });
  if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing')
    return new AppError(404, PAYMENT_MESSAGES.notFound);
  console.error('Stripe error:', error);
  return new AppError(502, PAYMENT_MESSAGES.providerUnavailable);
}

/** A call to Stripe whose failure is one of the app's errors. */
export async function callStripe<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    throw providerError(error);
  }
}
