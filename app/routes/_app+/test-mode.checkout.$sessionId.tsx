import { LightLink } from '~/components/ui/light-link';
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useLoaderData, useLocation } from '@remix-run/react';
import { z } from 'zod';
import { TestCardNumberField, TestCardsNotice, TestModeBadge } from '~/components/upgrade/test-mode';
import { FormError } from '~/components/ui/form-error';
import { IntentForm } from '~/components/ui/intent-form';
import { completeTestCheckout, isStripeTestMode, markTestPixPaid, readTestCheckout } from '~/models/payments/index.server';
import { requireUser } from '~/models/accounts/permissions.server';
import { UPGRADE_MESSAGES } from '~/schemas/upgrade-page';
import { errorResponse } from '~/utils/api.server';
import { handleForm, intent } from '~/utils/form.server';
import { formatCents } from '~/utils/format';
import { useIntentForm, useIntentSubmitting } from '~/utils/intent-form';
import { pageMeta } from '~/utils/meta';
import { jsonWithToast } from '~/utils/toast.server';
import { UPGRADE_TOASTS } from '~/utils/upgrade-toasts';
import { withParams } from '~/utils/url-state';

export const meta: MetaFunction = () => pageMeta('Pagamento (modo de teste)', 'Página de pagamento simulada do modo de teste.');

const METHODS = ['card', 'pix', 'boleto'] as const;
type Method = (typeof METHODS)[number];
const METHOD_LABELS: Record<Method, string> = { card: 'Cartão', pix: 'Pix', boleto: 'Boleto' };

const cardSchema = z.object({
  cardNumber: z
    .string({ required_error: UPGRADE_MESSAGES.cardNumber })
    .max(32, UPGRADE_MESSAGES.cardNumber)
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{16}$/, UPGRADE_MESSAGES.cardNumber)),
});
const emptySchema = z.object({});

/**
 * The test mode's stand-in for Stripe's hosted Checkout page (404 with a real key): the session's
 * amount and description, then a test card, Pix (awaiting payment until 'Simular Pix pago', which
 * makes the stand-in send the webhook) or boleto. `?method=card|pix|boleto` is the chosen tab.
 */
async function loadSession(request: Request, sessionId: string | undefined) {
  if (!isStripeTestMode()) throw errorResponse(404, 'Não encontrado');
  const user = await requireUser(request);
  // Someone else's session is the same 404 as a missing one.
  const session = sessionId ? await readTestCheckout(user, sessionId) : null;
  if (!session) throw errorResponse(404, 'Sessão de pagamento não encontrada');
  return { user, session };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { session } = await loadSession(request, params.sessionId);
  const chosen = new URL(request.url).searchParams.get('method');
  const methods = METHODS.filter((method) => session.methods.includes(method));
  const method = methods.find((value) => value === chosen) ?? methods[0] ?? 'card';
  return json({ session, methods, method });
}

export async function action(args: ActionFunctionArgs) {
  const { user, session } = await loadSession(args.request, args.params.sessionId);
  const pay = async (method: Method, cardNumber?: string) => {
    const result = await completeTestCheckout(user, session.id, method, cardNumber);
    if (result.outcome !== 'declined') return redirect(result.redirectTo, 303);
    const toast = UPGRADE_TOASTS.paymentError(result.message);
    return jsonWithToast(args, { intent: method, result: { status: 'error' as const, error: { '': [toast.description] } } }, toast, {
      status: 402,
    });
  };
  return handleForm(args, {
    card: intent({
      schema: cardSchema,
      refusalToast: (message) => UPGRADE_TOASTS.paymentError(message),
      run: ({ cardNumber }) => pay('card', cardNumber),
    }),
    pix: intent({ schema: emptySchema, run: () => pay('pix') }),
    boleto: intent({ schema: emptySchema, run: () => pay('boleto') }),
    'pix-paid': intent({
      schema: emptySchema,
      refusalToast: (message) => UPGRADE_TOASTS.error(message),
      run: async () => {
        // The stand-in sends checkout.session.async_payment_succeeded and waits for the webhook's answer.
        const { redirectTo } = await markTestPixPaid(user, session.id);
        return redirect(redirectTo, 303);
      },
    }),
  });
}

function CardForm() {
  const { form, fields, submitting } = useIntentForm('card', cardSchema, { shouldValidate: 'onSubmit' });
  return (
    <IntentForm intent="card" form={form} className="grid gap-4">
      <FormError title="Erro no pagamento" errors={form.errors} />
      <TestCardNumberField field={fields.cardNumber} />
      <button type="submit" className="btn-primary" disabled={submitting}>
        {submitting ? 'Processando...' : 'Pagar'}
      </button>
    </IntentForm>
  );
}

function SimpleForm({ intent: name, label }: { intent: string; label: string }) {
  const pending = useIntentSubmitting(name);
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={name} />
      <button type="submit" className="btn-primary w-full" disabled={pending}>
        {pending ? 'Processando...' : label}
      </button>
    </Form>
  );
}

export default function TestCheckoutPage() {
  const { session, methods, method } = useLoaderData<typeof loader>();
  const location = useLocation();
  const awaiting = session.status === 'complete' && session.paymentStatus === 'unpaid';
  return (
    <div className="mx-auto max-w-lg px-4 py-8">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">Pagamento</h1>
        <TestModeBadge />
      </div>
      <section className="card mt-6" aria-label="Resumo do pagamento">
        <p className="text-slate-700">{session.description}</p>
        <p className="mt-2 text-2xl font-semibold" data-testid="checkout-amount">
          {formatCents(session.amountCents)}
        </p>
      </section>
      {session.status === 'complete' && session.paymentStatus === 'paid' ? (
        <section className="card mt-6 text-center">
          <p className="font-medium text-green-700">Pagamento confirmado.</p>
        </section>
      ) : awaiting ? (
        <section className="card mt-6 grid gap-4" aria-labelledby="awaiting">
          <h2 id="awaiting" className="text-lg font-semibold">
            {session.method === 'boleto' ? 'Boleto' : 'Pix'}: aguardando pagamento
          </h2>
          {session.method === 'boleto' ? (
            <p className="text-sm text-slate-700">
              O boleto é confirmado após cerca de um dia útil. Você receberá uma notificação quando o pagamento for compensado.
            </p>
          ) : (
            <>
              <p className="text-sm text-slate-700">Pague o Pix no aplicativo do seu banco. No modo de teste, simule o pagamento:</p>
              <SimpleForm intent="pix-paid" label="Simular Pix pago" />
            </>
          )}
        </section>
      ) : session.status === 'open' ? (
        <section className="card mt-6">
          <TestCardsNotice />
          <nav aria-label="Forma de pagamento" className="mt-4 flex gap-1 border-b border-slate-200">
            {methods.map((value) => (
              <LightLink
                key={value}
                to={withParams(location.search, { method: value })}
                replace
                preventScrollReset
                aria-current={value === method ? 'page' : undefined}
                className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium ${value === method ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-600'}`}
              >
                {METHOD_LABELS[value]}
              </LightLink>
            ))}
          </nav>
          <div className="mt-4">
            {method === 'card' ? (
              <CardForm />
            ) : method === 'pix' ? (
              <SimpleForm intent="pix" label="Gerar Pix" />
            ) : (
              <SimpleForm intent="boleto" label="Gerar boleto" />
            )}
          </div>
        </section>
      ) : (
        <section className="card mt-6 text-center">
          <p className="text-slate-700">Esta sessão de pagamento expirou.</p>
        </section>
      )}
      {session.cancelUrl && session.status === 'open' ? (
        <p className="mt-4 text-center">
          <a href={session.cancelUrl} className="text-sm text-slate-600 hover:underline">
            Voltar sem pagar
          </a>
        </p>
      ) : null}
    </div>
  );
}
