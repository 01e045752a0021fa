/**
 * What the simulated Checkout page may refuse, as codes: the payment model owns the words the
 * buyer reads (STAND_IN_MESSAGES in app/models/payments/messages.ts).
 */
export type StandInErrorCode = 'session-not-found' | 'session-not-open' | 'method-unavailable' | 'nothing-awaiting-payment';

export class StandInError extends Error {
  constructor(public readonly code: StandInErrorCode) {
    super(code);
    this.name = 'StandInError';
  }
}
