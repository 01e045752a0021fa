import { getInputProps, getTextareaProps } from '@conform-to/react';
import { Field, TextareaField } from '~/components/ui/field';
import { FormError } from '~/components/ui/form-error';
import { IntentForm } from '~/components/ui/intent-form';
import { courseCertificateSchema, INSTRUCTOR_ROWS, WORKLOAD_MAX_HOURS } from '~/schemas/course-certificate';
import { useIntentForm } from '~/utils/intent-form';

/**
 * 'Dados do certificado' (admins; issue 31, item 3): the course's workload, syllabus, instructors and
 * technical lead, printed on the certificates issued from now on. A plain form with fixed rows.
 */
export function CourseCertificateFields({ defaults, lessonTitles }: { defaults: Record<string, string>; lessonTitles: string[] }) {
  const { form, fields, submitting, lastResult } = useIntentForm('certificate-fields', courseCertificateSchema, {
    defaultValue: defaults,
  });
  const all = fields as unknown as Record<string, Parameters<typeof getInputProps>[0]>;
  return (
    <IntentForm intent="certificate-fields" form={form} className="mt-4 space-y-6">
      <FormError
        title="Erro ao salvar os dados do certificado"
        errors={lastResult?.status === 'error' ? lastResult.error?.[''] : undefined}
      />
      <Field
        label="Carga horária (horas)"
        errors={fields.workloadHours.errors}
        hint="Um número inteiro, impresso no certificado. Em branco: o certificado usa a duração do curso."
        inputProps={{
          ...getInputProps(fields.workloadHours, { type: 'number' }),
          min: 1,
          max: WORKLOAD_MAX_HOURS,
          step: 1,
          inputMode: 'numeric',
        }}
      />
      <TextareaField
        label="Conteúdo programático"
        errors={fields.syllabus.errors}
        hint={
          lessonTitles.length > 0
            ? `Um tópico por linha. Em branco: os títulos das aulas (${lessonTitles.join('; ')}).`
            : 'Um tópico por linha. Em branco: os títulos das aulas.'
        }
        textareaProps={{ ...getTextareaProps(fields.syllabus), rows: 6 }}
      />
      <fieldset className="space-y-3">
        <legend className="label">Instrutores e qualificação</legend>
        <p className="text-xs text-slate-500">Até {INSTRUCTOR_ROWS} instrutores; linhas em branco são ignoradas.</p>
        {Array.from({ length: INSTRUCTOR_ROWS }, (_, index) => (
          <div key={index} className="grid gap-3 sm:grid-cols-2">
            <Field
              label={`Instrutor ${index + 1}`}
              errors={all[`instructorName${index}`].errors}
              inputProps={{ ...getInputProps(all[`instructorName${index}`], { type: 'text' }), maxLength: 120 }}
            />
            <Field
              label={`Qualificação do instrutor ${index + 1}`}
              errors={all[`instructorQualification${index}`].errors}
              inputProps={{ ...getInputProps(all[`instructorQualification${index}`], { type: 'text' }), maxLength: 200 }}
            />
          </div>
        ))}
      </fieldset>
      <fieldset className="space-y-3">
        <legend className="label">Responsável técnico</legend>
        <div className="grid gap-3 sm:grid-cols-3">
          <Field
            label="Nome do responsável técnico"
            errors={fields.technicalLeadName.errors}
            inputProps={{ ...getInputProps(fields.technicalLeadName, { type: 'text' }), maxLength: 120 }}
          />
          <Field
            label="Profissão"
            errors={fields.technicalLeadProfession.errors}
            inputProps={{ ...getInputProps(fields.technicalLeadProfession, { type: 'text' }), maxLength: 120 }}
          />
          <Field
            label="Registro profissional"
            hint="Ex.: CREA-SP 5061234567"
            errors={fields.technicalLeadRegistration.errors}
            inputProps={{ ...getInputProps(fields.technicalLeadRegistration, { type: 'text' }), maxLength: 80 }}
          />
        </div>
      </fieldset>
      <button type="submit" className="btn-primary" disabled={submitting}>
        {submitting ? 'Salvando...' : 'Salvar dados do certificado'}
      </button>
    </IntentForm>
  );
}
