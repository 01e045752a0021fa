import { LightLink } from '~/components/ui/light-link';
import { getInputProps } from '@conform-to/react';
import { Form } from '@remix-run/react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { Field } from '~/components/ui/field';
import { FormError } from '~/components/ui/form-error';
import { IntentForm } from '~/components/ui/intent-form';
import { purchaseFields, testCardFormSchema, type Purchase } from '~/schemas/upgrade-page';
import { useIntentForm, useIntentSubmitting } from '~/utils/intent-form';
import { formatCents } from '~/utils/format';
import { StripePaymentElement } from './stripe-payment-element';
import { TestCardNumberField, TestCardsNotice, TestModeBadge } from './test-mode';

export type PaymentSummary = {
  /** 'E-TOOL', 'E-MASTER' or the course's title. */
  title: string;
  /** Plan purchases only. */
  months: number | null;
  amountCents: number;
  description: string;
  /** Plan purchases: the day the plan's run ends once paid ('28/12/2026'). */
  validUntil?: string | null;
  /** Plan purchases: 'Depois: E-TOOL até …' when a lower plan's paid days wait for this one (decision 047). */
  after?: string | null;
};

function HiddenPurchase({ purchase }: { purchase: Purchase }) {
  return (
    <>
      {Object.entries(purchaseFields(purchase)).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

/**
 * Without JavaScript (and as the Pix/boleto choice with it): 'Finalizar pagamento' posts the
 * purchase and the server answers with a 303 to a Stripe Checkout Session (card, Pix, boleto).
 */
function CheckoutForm({
  purchase,
  label,
  secondary,
  pageKey,
}: {
  purchase: Purchase;
  label: string;
  secondary?: boolean;
  pageKey: string;
}) {
  const pending = useIntentSubmitting('checkout');
  return (
    <Form method="post" className="grid">
      <input type="hidden" name="intent" value="checkout" />
      <input type="hidden" name="pageKey" value={pageKey} />
      <HiddenPurchase purchase={purchase} />
      <button type="submit" className={secondary ? 'btn-secondary' : 'btn-primary'} disabled={pending}>
        {pending ? 'Processando...' : label}
      </button>
    </Form>
  );
}

/** Test mode with JavaScript: a simulated card form answered by Stripe's test cards on the server. */
function TestCardForm({ purchase, idempotencyKey }: { purchase: Purchase; idempotencyKey: string }) {
  const { form, fields, submitting } = useIntentForm('test-card', testCardFormSchema, { shouldValidate: 'onSubmit' });
  return (
    <IntentForm intent="test-card" form={form} className="grid gap-4">
      <HiddenPurchase purchase={purchase} />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      <FormError title="Erro no pagamento" errors={form.errors} />
      <TestCardNumberField field={fields.cardNumber} />
      <div className="grid grid-cols-2 gap-3">
        <Field
          label="Validade (MM/AA)"
          errors={fields.expiry.errors}
          inputProps={{ ...getInputProps(fields.expiry, { type: 'text' }), autoComplete: 'cc-exp', placeholder: '12/34' }}
        />
        <Field
          label="CVC"
          errors={fields.cvc.errors}
          inputProps={{ ...getInputProps(fields.cvc, { type: 'text' }), inputMode: 'numeric', autoComplete: 'cc-csc', placeholder: '123' }}
        />
      </div>
      <button type="submit" className="btn-primary" disabled={submitting}>
        {submitting ? 'Processando...' : 'Finalizar pagamento'}
      </button>
    </IntentForm>
  );
}

type PaymentStepProps = {
  summary: PaymentSummary;
  purchase: Purchase;
  testMode: boolean;
  publishableKey: string | null;
  idempotencyKey: string;
  returnUrl: string;
  /** 'Escolher outro plano': the plan step (or the course's page for a course). */
  backTo: string;
};

/**
 * 'Finalizar Upgrade': what is being bought, and the payment form. Rendered on the server as
 * the Checkout form (works without JavaScript); once hydrated, the card form instead: Stripe's
 * Payment Element with a real key, the simulated card form in test mode.
 */
export function PaymentStep({ summary, purchase, testMode, publishableKey, idempotencyKey, returnUrl, backTo }: PaymentStepProps) {
  const hydrated = useHydrated();
  return (
    <section className="card mx-auto max-w-lg" aria-labelledby="payment-step">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="payment-step" className="text-xl font-bold">
          Finalizar Upgrade
        </h2>
        {testMode ? <TestModeBadge /> : null}
      </div>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="payment-summary">
        <dt className="text-slate-600">{'courseId' in purchase ? 'Curso' : 'Plano'}</dt>
        <dd className="font-medium">{summary.title}</dd>
        {summary.months ? (
          <>
            <dt className="text-slate-600">Duração</dt>
            <dd className="font-medium">{summary.months === 1 ? '1 mês' : `${summary.months} meses`}</dd>
          </>
        ) : null}
        <dt className="text-slate-600">Total</dt>
        <dd className="font-semibold">{formatCents(summary.amountCents)}</dd>
        {summary.validUntil ? (
          <>
            <dt className="text-slate-600">Válido até</dt>
            <dd className="font-medium">{summary.validUntil}</dd>
          </>
        ) : null}
      </dl>
      {summary.after ? (
        <p className="mt-2 text-sm font-medium text-slate-700" data-testid="payment-after">
          {summary.after}
        </p>
      ) : null}
      <p className="mt-2 text-sm text-slate-600">{summary.description}</p>
      {testMode ? (
        <div className="mt-4">
          <TestCardsNotice />
        </div>
      ) : null}
      <div className="mt-4 grid gap-3">
        {!hydrated ? (
          <>
            <p className="text-sm text-slate-600">Você será levado à página de pagamento segura do Stripe (cartão, Pix ou boleto).</p>
            <CheckoutForm purchase={purchase} label="Finalizar pagamento" pageKey={idempotencyKey} />
          </>
        ) : testMode || !publishableKey ? (
          <TestCardForm purchase={purchase} idempotencyKey={idempotencyKey} />
        ) : (
          <StripePaymentElement publishableKey={publishableKey} purchase={purchase} returnUrl={returnUrl} pageKey={idempotencyKey} />
        )}
        {hydrated ? <CheckoutForm purchase={purchase} label="Pagar com Pix ou boleto" secondary pageKey={idempotencyKey} /> : null}
        <LightLink to={backTo} className="btn-ghost text-center">
          Escolher outro plano
        </LightLink>
      </div>
    </section>
  );
}

/** 'Upgrade Concluído!', with the links to the start page and the account (and to the course bought). */
export function UpgradeDone({ description, courseId = null }: { description: string; courseId?: number | null }) {
  return (
    <section className="card mx-auto max-w-lg text-center" aria-labelledby="upgrade-done">
      <h2 id="upgrade-done" className="text-xl font-bold text-green-700">
        Upgrade Concluído!
      </h2>
      <p className="mt-2 text-slate-700">{description}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {courseId ? (
          <LightLink to={`/courses/${courseId}`} className="btn-primary">
            Ir para o curso
          </LightLink>
        ) : null}
        <LightLink to="/" className="btn-secondary">
          Página inicial
        </LightLink>
        <LightLink to="/account" className="btn-primary">
          Minha Conta
        </LightLink>
      </div>
    </section>
  );
}
