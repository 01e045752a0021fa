import { getInputProps, type FieldMetadata } from '@conform-to/react';
import { Field } from '~/components/ui/field';

/** Stripe's test cards that the test mode follows (docs.stripe.com/testing). */
export const TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'pagamento aprovado' },
  { number: '4000 0000 0000 0002', outcome: 'cartão recusado' },
  { number: '4000 0000 0000 9995', outcome: 'saldo insuficiente' },
] as const;

/** The label every payment screen shows while no Stripe key is set: nothing is charged. */
export function TestModeBadge() {
  return (
    <span
      data-testid="test-mode"
      className="inline-flex items-center rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold text-amber-900"
    >
      Modo de teste
    </span>
  );
}

/** The test mode's notice with the cards it answers to (any future expiry date and any CVC). */
export function TestCardsNotice() {
  return (
    <div className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
      <p className="flex flex-wrap items-center gap-2 font-medium">
        <TestModeBadge /> Nenhuma cobrança real é feita. Use um cartão de teste, com qualquer validade futura e qualquer CVC:
      </p>
      <ul className="mt-2 grid gap-1">
        {TEST_CARDS.map((card) => (
          <li key={card.number}>
            <code className="font-mono">{card.number}</code> — {card.outcome}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The card number of a test-mode payment form (the checkout step and the hosted test page). */
export function TestCardNumberField({ field }: { field: FieldMetadata<string> }) {
  return (
    <Field
      label="Número do cartão"
      errors={field.errors}
      inputProps={{
        ...getInputProps(field, { type: 'text' }),
        inputMode: 'numeric',
        autoComplete: 'cc-number',
        placeholder: '4242 4242 4242 4242',
      }}
    />
  );
}
