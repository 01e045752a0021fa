import { LightLink } from '~/components/ui/light-link';
import { randomUUID } from 'node:crypto';
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { PaymentStep } from '~/components/upgrade/payment-step';
import { PlanCard } from '~/components/upgrade/plan-card';
import { TestModeBadge } from '~/components/upgrade/test-mode';
import { UpgradeFaq } from '~/components/upgrade/upgrade-faq';
import { getOptionalUser } from '~/models/accounts/auth.server';
import {
  confirmPayment,
  confirmTestCardPayment,
  createCheckoutSession,
  createPaymentIntent,
  getPlanPrices,
  isStripeTestMode,
  quote,
  stripePublishableKey,
} from '~/models/payments/index.server';
import { requireUser } from '~/models/accounts/permissions.server';
import { ROLE_RANK } from '~/models/accounts/roles';
import { previewPlanOutlook } from '~/models/accounts/role-grant.server';
import { formatShortDate } from '~/utils/format';
import { afterText } from '~/utils/role-labels';
import {
  checkoutFormSchema,
  confirmFormSchema,
  parseUpgradeParams,
  purchaseFields,
  purchaseOf,
  testCardFormSchema,
  type Purchase,
} from '~/schemas/upgrade-page';
import { noticeFormSchema } from '~/schemas/upgrade-page';
import { errorResponse } from '~/utils/api.server';
import { isAppError } from '~/utils/errors';
import { handleForm, intent, type FormArgs } from '~/utils/form.server';
import { pageMeta } from '~/utils/meta';
import { siteUrl } from '~/utils/security.server';
import { jsonWithToast, redirectWithToast, safeRedirect } from '~/utils/toast.server';
import { UPGRADE_TOASTS } from '~/utils/upgrade-toasts';
import { PRO_ROLES } from '~/utils/value-sets';

export const meta: MetaFunction = () => pageMeta('Upgrade de Plano', 'Escolha um plano E-TOOL ou E-MASTER, ou compre um curso.');

const stepUrl = (purchase: Purchase) => `/upgrade?${new URLSearchParams({ ...purchaseFields(purchase), step: 'pay' })}`;

/** A plan purchase's 'Válido até' and what follows it ('Depois: E-TOOL até …'), as they would be once paid. */
function planOutlookLines(userId: number, purchase: Purchase): { validUntil: string | null; after: string | null } {
  if ('courseId' in purchase) return { validUntil: null, after: null };
  const outlook = previewPlanOutlook(userId, purchase.planType, 30 * purchase.months);
  return {
    validUntil: outlook?.until ? formatShortDate(outlook.until) : null,
    after: afterText(outlook?.after),
  };
}

/**
 * /upgrade is not under the _app layout: the specification shows visitors the 'Acesso Restrito'
 * card with 'Fazer Login' rather than sending them away, so the loader reads the user itself.
 * Every form (the actions) still starts with requireUser.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const user = await getOptionalUser(request);
  if (!user) {
    return json({ kind: 'visitor' as const, loginHref: `/auth?${new URLSearchParams({ redirectTo: `${url.pathname}${url.search}` })}` });
  }
  const params = parseUpgradeParams(url.searchParams);
  const testMode = isStripeTestMode();
  const purchase = purchaseOf(params);

  if (purchase && (params.step === 'pay' || 'courseId' in purchase)) {
    let priced: Awaited<ReturnType<typeof quote>>;
    try {
      priced = await quote(user, purchase);
    } catch (error) {
      if (!isAppError(error)) throw error;
      throw await redirectWithToast('/upgrade', { ...UPGRADE_TOASTS.error(error.message) });
    }
    return json({
      kind: 'pay' as const,
      testMode,
      purchase,
      summary: {
        title: 'courseId' in purchase ? priced.description : purchase.planType,
        months: 'courseId' in purchase ? null : purchase.months,
        amountCents: priced.amountCents,
        description: priced.description,
        ...planOutlookLines(user.id, purchase),
      },
      publishableKey: testMode ? null : stripePublishableKey(),
      // One key per rendering of the form: a double click or a resubmission creates one PaymentIntent.
      idempotencyKey: randomUUID(),
      // Stripe.js's return URL; relative without PUBLIC_ORIGIN (the browser resolves it), never the Host.
      returnUrl: siteUrl('/?payment_success=true'),
      backTo:
        'courseId' in purchase
          ? `/courses/${purchase.courseId}`
          : `/upgrade?${new URLSearchParams({ plan: purchase.planType, months: String(purchase.months) })}`,
    });
  }

  const prices = getPlanPrices();
  const plans =
    user.role === 'admin'
      ? []
      : PRO_ROLES.filter((plan) => ROLE_RANK[plan] > ROLE_RANK[user.role]).map((plan) => ({
          plan,
          monthlyCents: prices[plan],
          months: params.plan === plan ? params.months : 1,
        }));
  return json({ kind: 'plans' as const, testMode, plans });
}

type ConfirmOutcome = Awaited<ReturnType<typeof confirmPayment>>;

/** What the page does with the provider's answer (the error catalogue's toasts). */
async function answerOutcome(args: FormArgs, name: string, purchase: Purchase | null, outcome: ConfirmOutcome) {
  if (outcome.status === 'succeeded') {
    // The dashboard shows 'Pagamento processado com sucesso!' for ?payment_success=true. No toast
    // cookie of our own here: with JavaScript the root loader (reading and clearing it) and the
    // dashboard's redirect (setting its toast) run as parallel requests, and the clearing one
    // could land last and erase the dashboard's toast.
    return safeRedirect('/dashboard?payment_success=true');
  }
  if (outcome.status === 'processing') {
    return redirectWithToast(purchase ? stepUrl(purchase) : '/upgrade', UPGRADE_TOASTS.processing);
  }
  const toast = UPGRADE_TOASTS.paymentError(outcome.message);
  return jsonWithToast(args, { intent: name, result: { status: 'error' as const, error: { '': [toast.description] } } }, toast, {
    status: 402,
  });
}

/** Confirming with the server failed after the provider took the money: the two 'Pagamento processado' variants. */
async function confirmed(args: FormArgs, name: string, purchase: Purchase | null, confirm: () => Promise<ConfirmOutcome>) {
  let outcome: ConfirmOutcome;
  try {
    outcome = await confirm();
  } catch (error) {
    if (!isAppError(error)) console.error('payment confirmation failed', error);
    return redirectWithToast('/upgrade', isAppError(error) ? UPGRADE_TOASTS.confirmNotOk : UPGRADE_TOASTS.confirmFailed);
  }
  return answerOutcome(args, name, purchase, outcome);
}

/** Creating the PaymentIntent or the Checkout Session failed: 'Erro' with the server's message, or the default. */
async function creationError(args: FormArgs, name: string, error: unknown) {
  if (!isAppError(error)) console.error('payment creation failed', error);
  const toast = UPGRADE_TOASTS.error(isAppError(error) ? error.message : undefined);
  return jsonWithToast(args, { intent: name, result: { status: 'error' as const, error: { '': [toast.description] } } }, toast, {
    status: isAppError(error) ? error.status : 502,
  });
}

export async function action(args: ActionFunctionArgs) {
  const user = await requireUser(args.request, '/upgrade');
  return handleForm(args, {
    // Without JavaScript: a 303 to the Checkout Session (card, Pix, boleto).
    checkout: intent({
      schema: checkoutFormSchema,
      run: async ({ purchase, pageKey }) => {
        let url: string;
        try {
          ({ url } = await createCheckoutSession(user, purchase, { pageKey }));
        } catch (error) {
          return creationError(args, 'checkout', error);
        }
        return redirect(url, 303);
      },
    }),
    // Test mode with JavaScript: the simulated card form.
    'test-card': intent({
      schema: testCardFormSchema,
      refusalToast: (message) => UPGRADE_TOASTS.paymentError(message),
      run: async ({ purchase, cardNumber, idempotencyKey }) => {
        if (!isStripeTestMode()) throw errorResponse(404, 'Não encontrado');
        let paymentIntentId: string;
        try {
          ({ paymentIntentId } = await createPaymentIntent(user, purchase, { idempotencyKey }));
        } catch (error) {
          return creationError(args, 'test-card', error);
        }
        // What Stripe.js does in the browser with a real key, done here with the test card typed.
        const provider = await confirmTestCardPayment(user, { paymentIntentId, cardNumber, returnUrl: siteUrl('/?payment_success=true') });
        if (provider.status !== 'succeeded') return answerOutcome(args, 'test-card', purchase, provider);
        return confirmed(args, 'test-card', purchase, () => confirmPayment(user, paymentIntentId));
      },
    }),
    // A real key with JavaScript: Stripe.js confirmed; the server checks the PaymentIntent and grants.
    confirm: intent({
      schema: confirmFormSchema,
      run: ({ paymentIntentId }) => confirmed(args, 'confirm', null, () => confirmPayment(user, paymentIntentId)),
    }),
    // A real key with JavaScript: a refusal that never reached our server, shown through the one toast outlet.
    notice: intent({
      schema: noticeFormSchema,
      run: ({ kind, message }) =>
        jsonWithToast(
          args,
          { intent: 'notice', result: null },
          kind === 'provider-error' ? UPGRADE_TOASTS.paymentError(message) : UPGRADE_TOASTS.error(message),
        ),
    }),
  });
}

function RestrictedCard({ loginHref }: { loginHref: string }) {
  return (
    <section className="card mx-auto max-w-md text-center" aria-labelledby="restricted">
      <h2 id="restricted" className="text-xl font-bold">
        Acesso Restrito
      </h2>
      <p className="mt-2 text-slate-700">Faça login para ver os planos e fazer upgrade da sua conta.</p>
      <LightLink to={loginHref} className="btn-primary mt-6 inline-flex">
        Fazer Login
      </LightLink>
    </section>
  );
}

export default function UpgradePage() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">Upgrade de Plano</h1>
        {data.kind !== 'visitor' && data.testMode ? <TestModeBadge /> : null}
      </div>
      <div className="mt-6">
        {data.kind === 'visitor' ? (
          <RestrictedCard loginHref={data.loginHref} />
        ) : data.kind === 'pay' ? (
          <PaymentStep
            summary={data.summary}
            purchase={data.purchase}
            testMode={data.testMode}
            publishableKey={data.publishableKey}
            idempotencyKey={data.idempotencyKey}
            returnUrl={data.returnUrl}
            backTo={data.backTo}
          />
        ) : data.plans.length === 0 ? (
          <section className="card mx-auto max-w-md text-center">
            <p className="text-slate-700">Não há planos de upgrade disponíveis para sua conta atual.</p>
            <LightLink to="/dashboard" className="btn-primary mt-6 inline-flex">
              Voltar ao painel
            </LightLink>
          </section>
        ) : (
          <div className="grid gap-6 md:grid-cols-2">
            {data.plans.map((plan) => (
              <PlanCard key={plan.plan} plan={plan.plan} monthlyCents={plan.monthlyCents} months={plan.months} />
            ))}
          </div>
        )}
      </div>
      {data.kind === 'visitor' ? null : <UpgradeFaq />}
    </div>
  );
}
