import { getInputProps, type SubmissionResult } from '@conform-to/react';
import { Field } from '~/components/ui/field';
import { FormError } from '~/components/ui/form-error';
import { IntentForm } from '~/components/ui/intent-form';
import { PasswordInput } from '~/components/ui/password-input';
import { accountPasswordSchema, accountProfileSchema } from '~/schemas/account';
import { useIntentForm } from '~/utils/intent-form';

/** Every message of a failed reply (field or form), for the alert above the form. */
const replyErrors = (result: SubmissionResult<string[]> | undefined) =>
  result?.status === 'error' ? Object.values(result.error ?? {}).flatMap((errors) => errors ?? []) : [];

export function ProfileForm({ username, email }: { username: string; email: string }) {
  const { form, fields, submitting, lastResult } = useIntentForm('profile', accountProfileSchema, { defaultValue: { username, email } });
  return (
    <section className="card" aria-labelledby="profile-title">
      <h2 id="profile-title" className="text-lg font-semibold">
        Perfil
      </h2>
      <IntentForm intent="profile" form={form} className="mt-4 space-y-4">
        <FormError title="Erro ao atualizar perfil" errors={replyErrors(lastResult)} />
        <Field
          label="Nome de usuário"
          errors={fields.username.errors}
          inputProps={{ ...getInputProps(fields.username, { type: 'text' }), autoComplete: 'username' }}
        />
        <Field
          label="E-mail"
          errors={fields.email.errors}
          inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }}
        />
        <button type="submit" className="btn-primary" disabled={submitting}>
          {submitting ? 'Salvando...' : 'Salvar perfil'}
        </button>
      </IntentForm>
    </section>
  );
}

export function PasswordForm() {
  const { form, fields, submitting, lastResult } = useIntentForm('password', accountPasswordSchema);
  const passwordField = (field: typeof fields.currentPassword, label: string, autoComplete: string) => (
    <Field label={label} errors={field.errors} inputProps={{ id: field.id }}>
      <PasswordInput {...getInputProps(field, { type: 'password' })} id={field.id} autoComplete={autoComplete} />
    </Field>
  );
  return (
    <section className="card" aria-labelledby="password-title">
      <h2 id="password-title" className="text-lg font-semibold">
        Alterar senha
      </h2>
      <IntentForm intent="password" form={form} className="mt-4 space-y-4">
        <FormError title="Erro ao atualizar senha" errors={replyErrors(lastResult)} />
        {passwordField(fields.currentPassword, 'Senha atual', 'current-password')}
        {passwordField(fields.newPassword, 'Nova senha', 'new-password')}
        {passwordField(fields.confirmPassword, 'Confirmar nova senha', 'new-password')}
        <button type="submit" className="btn-primary" disabled={submitting}>
          {submitting ? 'Atualizando...' : 'Atualizar senha'}
        </button>
      </IntentForm>
    </section>
  );
}
