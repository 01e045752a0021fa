/** Stripe's test cards (docs.stripe.com/testing) and what the stand-in does with each. */
export const TEST_CARDS = {
  '4242424242424242': { paymentMethod: 'pm_card_visa', outcome: 'succeeded' },
  '4000000000000002': { paymentMethod: 'pm_card_chargeDeclined', outcome: 'card_declined' },
  '4000000000009995': { paymentMethod: 'pm_card_chargeDeclinedInsufficientFunds', outcome: 'insufficient_funds' },
} as const;

export type Outcome = 'succeeded' | 'card_declined' | 'insufficient_funds';

export const PAYMENT_METHOD_OUTCOMES: Record<string, Outcome> = Object.fromEntries(
  Object.values(TEST_CARDS).map((card) => [card.paymentMethod, card.outcome]),
);

/** The test payment method of a card number typed in the simulated form (spaces allowed); null for any other number. */
export function testPaymentMethodForCard(cardNumber: string): string | null {
  const digits = cardNumber.replace(/[\s-]/g, '');
  return digits in TEST_CARDS ? TEST_CARDS[digits as keyof typeof TEST_CARDS].paymentMethod : null;
}

/** Stripe's own English messages, as its API answers them; the app shows its Portuguese ones (declineMessage). */
export const DECLINES: Record<Exclude<Outcome, 'succeeded'>, { code: string; decline_code: string; message: string }> = {
  card_declined: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  insufficient_funds: { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
};
