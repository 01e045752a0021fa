import { getInputProps, getSelectProps, getTextareaProps } from '@conform-to/react';
import { Field, SelectField, TextareaField } from '~/components/ui/field';
import { FormError } from '~/components/ui/form-error';
import { IntentForm } from '~/components/ui/intent-form';
import { MAX_PROJECT_DESCRIPTION, projectSchema, type ProjectFields } from '~/schemas/projects';
import { MEMORIAL_LIMITS } from '~/schemas/memorial-profile';
import { useIntentForm } from '~/utils/intent-form';
import { PROJECT_STATUSES, PROJECT_STATUS_LABELS } from '~/utils/value-sets';

/** 'Novo projeto' and 'Dados do projeto': one form, posted as `intent` (works without JavaScript). */
export function ProjectForm({ intent, defaults, submitLabel }: { intent: string; defaults: ProjectFields; submitLabel: string }) {
  const { form, fields, submitting } = useIntentForm(intent, projectSchema, { id: `project-${intent}`, defaultValue: defaults });
  const text = (name: 'name' | 'client' | 'place' | 'art' | 'engineerName' | 'crea', label: string, max: number) => (
    <Field
      key={fields[name].key}
      label={label}
      errors={fields[name].errors}
      inputProps={{ ...getInputProps(fields[name], { type: 'text' }), maxLength: max, autoComplete: 'off' }}
    />
  );
  return (
    <IntentForm intent={intent} form={form} className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <FormError title="Não foi possível salvar o projeto" errors={form.errors} />
      </div>
      <div className="sm:col-span-2">{text('name', 'Nome do projeto', 120)}</div>
      {text('client', 'Cliente', MEMORIAL_LIMITS.client)}
      {text('place', 'Local', MEMORIAL_LIMITS.place)}
      {text('art', 'ART', MEMORIAL_LIMITS.art)}
      {text('engineerName', 'Responsável técnico', MEMORIAL_LIMITS.engineerName)}
      {text('crea', 'CREA', MEMORIAL_LIMITS.crea)}
      <SelectField
        label="Situação"
        errors={fields.status.errors}
        options={PROJECT_STATUSES.map((status) => ({ value: status, label: PROJECT_STATUS_LABELS[status] }))}
        selectProps={getSelectProps(fields.status)}
      />
      <TextareaField
        key={fields.description.key}
        className="sm:col-span-2"
        label="Descrição"
        errors={fields.description.errors}
        textareaProps={{ ...getTextareaProps(fields.description), rows: 3, maxLength: MAX_PROJECT_DESCRIPTION }}
      />
      <div className="sm:col-span-2">
        <button type="submit" className="btn-primary" disabled={submitting}>
          {submitting ? 'Salvando...' : submitLabel}
        </button>
      </div>
    </IntentForm>
  );
}
