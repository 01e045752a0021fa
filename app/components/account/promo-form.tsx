import { useActionData } from '@remix-run/react';
import { IntentForm } from '~/components/ui/intent-form';
import { PromoCodeInput } from '~/components/ui/promo-code-input';
import { accountPromoSchema } from '~/schemas/account';
import { useIntentForm } from '~/utils/intent-form';

/** The account page's promo activation: errors as red inline text, success as green (the specification's Screens and routes). */
export function PromoForm() {
  // No client validation: the server answers the empty code with the inline text and its toast.
  const { form, fields, submitting } = useIntentForm('promo', accountPromoSchema, { id: 'account-promo', clientValidation: false });
  const data = useActionData<{ intent?: string; success?: string }>();
  const success = data?.intent === 'promo' ? data.success : undefined;
  const error = fields.code.errors?.[0] ?? form.errors?.[0];
  return (
    <section className="card" aria-labelledby="promo-title">
      <h2 id="promo-title" className="text-lg font-semibold">
        Código Promocional
      </h2>
      <p className="mt-1 text-sm text-slate-600">Tem um código? Ative-o para ganhar dias de acesso Pro.</p>
      <IntentForm intent="promo" form={form} className="mt-4 space-y-3">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
          <div className="flex-1">
            <PromoCodeInput
              field={fields.code}
              placeholder="Digite o código"
              invalid={Boolean(error)}
              describedBy={error ? `${fields.code.id}-error` : success ? 'promo-success' : undefined}
            />
          </div>
          <button type="submit" className="btn-primary" disabled={submitting}>
            {submitting ? 'Ativando...' : 'Ativar código'}
          </button>
        </div>
        {error ? (
          <p id={`${fields.code.id}-error`} className="text-sm text-red-600" role="alert">
            {error}
          </p>
        ) : null}
        {!error && success ? (
          <p id="promo-success" className="text-sm text-green-700" role="status">
            {success}
          </p>
        ) : null}
      </IntentForm>
    </section>
  );
}
