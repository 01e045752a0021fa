import { LightLink } from '~/components/ui/light-link';
import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { UpgradeDone } from '~/components/upgrade/payment-step';
import { TestModeBadge } from '~/components/upgrade/test-mode';
import { fulfilCheckoutSession, isStripeTestMode } from '~/models/payments/index.server';
import { requireUser } from '~/models/accounts/permissions.server';
import { errorResponse } from '~/utils/api.server';
import { isAppError } from '~/utils/errors';
import { pageMeta } from '~/utils/meta';
import { UPGRADE_TOASTS } from '~/utils/upgrade-toasts';

export const meta: MetaFunction = () => pageMeta('Upgrade de Plano', 'Confirmação do pagamento.');

const SESSION_ID = /^cs_[A-Za-z0-9_]{1,250}$/;

/**
 * Checkout's success URL (`/upgrade/return?session_id=cs_…`): fulfils the session here too (the
 * webhook may not have arrived yet; fulfilment is idempotent, so whichever comes first grants),
 * then shows 'Upgrade Concluído!', or the processing message while a Pix or boleto is unpaid.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const sessionId = new URL(request.url).searchParams.get('session_id') ?? '';
  if (!SESSION_ID.test(sessionId)) throw errorResponse(404, 'Sessão de pagamento não encontrada');
  const testMode = isStripeTestMode();
  try {
    const outcome = await fulfilCheckoutSession(sessionId, user);
    return json({
      status: outcome.status,
      courseId: outcome.kind === 'course' ? outcome.courseId : null,
      sessionId,
      testMode,
      error: null,
    });
  } catch (error) {
    if (!isAppError(error)) throw error;
    if (error.status === 404) throw errorResponse(404, error.message);
    return json({ status: 'failed' as const, courseId: null, sessionId, testMode, error: error.message });
  }
}

export default function UpgradeReturnPage() {
  const { status, courseId, sessionId, testMode, error } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">Upgrade de Plano</h1>
        {testMode ? <TestModeBadge /> : null}
      </div>
      <div className="mt-6">
        {status === 'succeeded' ? (
          <UpgradeDone description={UPGRADE_TOASTS.succeeded.description} courseId={courseId} />
        ) : status === 'processing' ? (
          <section className="card mx-auto max-w-lg text-center" aria-labelledby="processing">
            <h2 id="processing" className="text-xl font-bold">
              {UPGRADE_TOASTS.processing.title}
            </h2>
            <p className="mt-2 text-slate-700">{UPGRADE_TOASTS.processing.description}</p>
            <div className="mt-6 flex flex-wrap justify-center gap-3">
              {testMode ? (
                <LightLink to={`/test-mode/checkout/${sessionId}`} className="btn-secondary">
                  Abrir o pagamento de teste
                </LightLink>
              ) : null}
              <LightLink to="/account#pagamentos" className="btn-primary">
                Ver meus pagamentos
              </LightLink>
            </div>
          </section>
        ) : (
          <section className="card mx-auto max-w-lg text-center" role="alert">
            <h2 className="text-xl font-bold text-red-700">{UPGRADE_TOASTS.paymentError().title}</h2>
            <p className="mt-2 text-slate-700">{error ?? UPGRADE_TOASTS.paymentError().description}</p>
            <LightLink to="/upgrade" className="btn-primary mt-6 inline-flex">
              Escolher outro plano
            </LightLink>
          </section>
        )}
      </div>
    </div>
  );
}
