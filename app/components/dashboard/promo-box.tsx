import { Alert } from '~/components/ui/alert';
import { IntentForm } from '~/components/ui/intent-form';
import { PromoCodeInput } from '~/components/ui/promo-code-input';
import { accountPromoSchema } from '~/schemas/account';
import { PROMO_CODE_EMPTY } from '~/schemas/promo-code';
import { useIntentForm } from '~/utils/intent-form';

/** The dashboard's promo-code box (intent 'promo'); errors show above the field under 'Erro' or 'Código Promocional'. */
export function PromoBox() {
  const { form, fields, submitting } = useIntentForm('promo', accountPromoSchema, { shouldValidate: 'onSubmit' });
  const error = fields.code.errors?.[0] ?? form.errors?.[0];
  return (
    <section className="card" aria-labelledby="promo-title">
      <h2 id="promo-title" className="font-semibold">
        Código Promocional
      </h2>
      <p className="mt-1 text-sm text-slate-600">Tem um código? Ative-o para ganhar dias de acesso.</p>
      <IntentForm intent="promo" form={form} className="mt-3 space-y-3">
        {error ? (
          <div id={`${fields.code.id}-error`}>
            <Alert title={error === PROMO_CODE_EMPTY ? 'Código Promocional' : 'Erro'}>{error}</Alert>
          </div>
        ) : null}
        <div className="flex gap-2">
          <PromoCodeInput
            field={fields.code}
            placeholder="Digite seu código"
            invalid={Boolean(error)}
            describedBy={error ? `${fields.code.id}-error` : undefined}
          />
          <button type="submit" className="btn-primary shrink-0" disabled={submitting}>
            {submitting ? 'Ativando...' : 'Ativar'}
          </button>
        </div>
      </IntentForm>
    </section>
  );
}
