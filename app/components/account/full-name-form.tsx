import { getInputProps } from '@conform-to/react';
import { Field } from '~/components/ui/field';
import { FormError } from '~/components/ui/form-error';
import { IntentForm } from '~/components/ui/intent-form';
import { accountFullNameSchema } from '~/schemas/full-name';
import { useIntentForm } from '~/utils/intent-form';

/** 'Minha Conta' → 'Nome completo': the name printed on certificates, memorials and receipts (a plain form). */
export function FullNameForm({ fullName }: { fullName: string | null }) {
  const { form, fields, submitting, lastResult } = useIntentForm('full-name', accountFullNameSchema, {
    defaultValue: { fullName: fullName ?? '' },
  });
  return (
    <section className="card" aria-labelledby="full-name-title" id="nome-completo">
      <h2 id="full-name-title" className="text-lg font-semibold">
        Nome completo
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        É o nome impresso nos seus certificados, memoriais de cálculo e recibos. Obrigatório para emitir um certificado.
      </p>
      <IntentForm intent="full-name" form={form} className="mt-4 space-y-4">
        <FormError title="Erro ao salvar o nome" errors={lastResult?.status === 'error' ? lastResult.error?.[''] : undefined} />
        <Field
          label="Nome completo"
          errors={fields.fullName.errors}
          inputProps={{ ...getInputProps(fields.fullName, { type: 'text' }), autoComplete: 'name', maxLength: 120 }}
        />
        <button type="submit" className="btn-primary" disabled={submitting}>
          {submitting ? 'Salvando...' : 'Salvar nome completo'}
        </button>
      </IntentForm>
    </section>
  );
}
