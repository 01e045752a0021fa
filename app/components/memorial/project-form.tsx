import { getInputProps } from '@conform-to/react';
import { Field } from '~/components/ui/field';
import { FormError } from '~/components/ui/form-error';
import { IntentForm } from '~/components/ui/intent-form';
import {
  MEMORIAL_LABELS,
  MEMORIAL_LIMITS,
  memorialProfileSchema,
  type MemorialProfile,
  type MemorialProfileField,
} from '~/schemas/memorial-profile';
import { useIntentForm } from '~/utils/intent-form';

export const PROJECT_INTENT = 'project';

const HINTS: Partial<Record<MemorialProfileField, string>> = {
  engineerName: 'Nome de quem assina o memorial.',
  crea: 'Ex.: SP-123456/D ou o número nacional (10 dígitos).',
  art: 'Número da Anotação de Responsabilidade Técnica.',
};

const AUTOCOMPLETE: Partial<Record<MemorialProfileField, string>> = { engineerName: 'name' };

/**
 * 'Dados do projeto': saved for the signed-in user and offered again on their next memorial.
 * A plain POST to the memorial's own URL (its query string is the calculation), so it works
 * without JavaScript; never printed.
 */
export function MemorialProjectForm({ profile }: { profile: MemorialProfile }) {
  const { form, fields, submitting, lastResult } = useIntentForm(PROJECT_INTENT, memorialProfileSchema, {
    id: 'memorial-project',
    defaultValue: profile,
  });
  const field = (name: MemorialProfileField) => (
    <Field
      key={name}
      label={MEMORIAL_LABELS[name]}
      errors={fields[name].errors}
      hint={HINTS[name]}
      inputProps={{
        ...getInputProps(fields[name], { type: 'text' }),
        maxLength: MEMORIAL_LIMITS[name],
        autoComplete: AUTOCOMPLETE[name] ?? 'off',
      }}
    />
  );
  return (
    <section className="card print:hidden" aria-labelledby="memorial-project-title" data-testid="memorial-project-form">
      <h2 id="memorial-project-title" className="text-lg font-semibold">
        Dados do projeto
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Impressos no memorial e guardados para o seu próximo memorial. Campos em branco saem como linhas para preencher à mão.
      </p>
      <IntentForm intent={PROJECT_INTENT} form={form} className="mt-4 space-y-4">
        <FormError
          title="Não foi possível salvar os dados do projeto"
          errors={lastResult?.status === 'error' ? (lastResult.error?.[''] ?? null) : null}
        />
        <div className="grid gap-4 sm:grid-cols-2">{(['projectName', 'client', 'place'] as const).map(field)}</div>
        <div className="grid gap-4 sm:grid-cols-3">{(['engineerName', 'crea', 'art'] as const).map(field)}</div>
        <button type="submit" className="btn-primary" disabled={submitting}>
          {submitting ? 'Salvando...' : 'Salvar dados do projeto'}
        </button>
      </IntentForm>
    </section>
  );
}
