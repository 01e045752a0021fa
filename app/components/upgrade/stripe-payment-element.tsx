import { useSubmit } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import type { Purchase } from '~/schemas/upgrade-page';

/** The little of Stripe.js this form uses (loaded from js.stripe.com, never bundled). */
type StripeElement = { mount(target: HTMLElement): void; destroy(): void };
type StripeElements = { create(type: 'payment'): StripeElement; submit(): Promise<{ error?: { message?: string } }> };
type ConfirmResult = { error?: { message?: string }; paymentIntent?: { id: string; status: string } };
type StripeJs = {
  elements(options: { clientSecret: string; locale?: string }): StripeElements;
  confirmPayment(options: {
    elements: StripeElements;
    confirmParams: { return_url: string };
    redirect: 'if_required';
  }): Promise<ConfirmResult>;
};
declare global {
  interface Window {
    Stripe?: (publishableKey: string, options?: { locale?: string }) => StripeJs;
  }
}

const STRIPE_JS = 'https://js.stripe.com/v3';
let stripeScript: Promise<NonNullable<Window['Stripe']>> | undefined;

/** Loads Stripe.js once, on the payment step only (the CSP's script-src allows js.stripe.com). */
function loadStripeJs(): Promise<NonNullable<Window['Stripe']>> {
  stripeScript ??= new Promise((resolve, reject) => {
    if (window.Stripe) return resolve(window.Stripe);
    const script = document.createElement('script');
    script.src = STRIPE_JS;
    script.async = true;
    script.onload = () => (window.Stripe ? resolve(window.Stripe) : reject(new Error('Stripe.js indisponível')));
    script.onerror = () => {
      stripeScript = undefined;
      reject(new Error('Stripe.js indisponível'));
    };
    document.head.append(script);
  });
  return stripeScript;
}

const apiBody = (purchase: Purchase) =>
  'courseId' in purchase ? { courseId: purchase.courseId } : { planType: purchase.planType, months: purchase.months };

/**
 * With a real Stripe key and JavaScript: creates the PaymentIntent (POST
 * /api/upgrade/create-payment-intent), mounts Stripe's Payment Element, and confirms with the
 * site root plus '?payment_success=true' as return URL, redirecting only when the method needs it.
 * The outcome goes to the page's action (intent 'confirm', which checks the PaymentIntent on the
 * server and grants; or 'notice', which shows the refusal's toast), so every toast comes from
 * the server through the root's one outlet.
 */
export function StripePaymentElement({
  publishableKey,
  purchase,
  returnUrl,
  pageKey,
}: {
  publishableKey: string;
  purchase: Purchase;
  returnUrl: string;
  pageKey: string;
}) {
  const submit = useSubmit();
  const target = useRef<HTMLDivElement>(null);
  const stripe = useRef<{ client: StripeJs; elements: StripeElements } | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed' | 'paying'>('loading');
  const purchaseKey = JSON.stringify(apiBody(purchase));

  useEffect(() => {
    let element: StripeElement | undefined;
    let cancelled = false;
    (async () => {
      const response = await fetch('/api/upgrade/create-payment-intent', {
        method: 'POST',
        // The page's rendering: a remount answers the same PaymentIntent, and the page's own 'Pagar com Pix ou boleto' is not another tab.
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': pageKey },
        body: purchaseKey,
      });
      const body = (await response.json().catch(() => ({}))) as { clientSecret?: string; message?: string };
      if (!response.ok || !body.clientSecret) {
        if (!cancelled) setState('failed');
        submit({ intent: 'notice', kind: 'intent-error', message: body.message ?? '' }, { method: 'post', replace: true });
        return;
      }
      const Stripe = await loadStripeJs();
      if (cancelled || !target.current) return;
      const client = Stripe(publishableKey, { locale: 'pt-BR' });
      const elements = client.elements({ clientSecret: body.clientSecret, locale: 'pt-BR' });
      element = elements.create('payment');
      element.mount(target.current);
      stripe.current = { client, elements };
      setState('ready');
    })().catch(() => {
      if (cancelled) return;
      setState('failed');
      submit({ intent: 'notice', kind: 'intent-error', message: '' }, { method: 'post', replace: true });
    });
    return () => {
      cancelled = true;
      element?.destroy();
    };
  }, [publishableKey, purchaseKey, pageKey, submit]);

  async function pay(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!stripe.current) return;
    setState('paying');
    const { client, elements } = stripe.current;
    const result = await client
      .confirmPayment({ elements, confirmParams: { return_url: new URL(returnUrl, window.location.href).href }, redirect: 'if_required' })
      .catch((): ConfirmResult => ({ error: {} }));
    if (result.error || !result.paymentIntent) {
      setState('ready');
      submit({ intent: 'notice', kind: 'provider-error', message: result.error?.message ?? '' }, { method: 'post', replace: true });
      return;
    }
    submit({ intent: 'confirm', paymentIntentId: result.paymentIntent.id }, { method: 'post', replace: true });
  }

  return (
    <form onSubmit={pay} className="grid gap-4" aria-busy={state === 'loading'}>
      <div ref={target} data-testid="stripe-payment-element" className="min-h-24">
        {state === 'loading' ? <p className="text-sm text-slate-500">Carregando formulário de pagamento...</p> : null}
      </div>
      <button type="submit" className="btn-primary" disabled={state !== 'ready'}>
        {state === 'paying' ? 'Processando...' : 'Finalizar pagamento'}
      </button>
    </form>
  );
}
