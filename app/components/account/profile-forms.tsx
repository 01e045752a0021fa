import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { Form } from '@remix-run/react';
import { Field } from '~/components/ui/field';
import { FormError } from '~/components/ui/form-error';
import { PasswordInput } from '~/components/ui/password-input';
import { accountPasswordSchema, accountProfileSchema } from '~/schemas/account';
import { useIntentResult, useIntentSubmitting } from '~/utils/intent-form';

/** Every message of a failed reply (field or form), for the alert above the form. */
const replyErrors = (result: ReturnType<typeof useIntentResult>) => (result?.status === 'error' ? Object.values(result.error ?? {}).flatMap((errors) => errors ?? []) : []);

export function ProfileForm({ username, email }: { username: string; email: string }) {
  const lastResult = useIntentResult('profile');
  const submitting = useIntentSubmitting('profile');
  const [form, fields] = useForm({
    id: 'profile',
    lastResult,
    defaultValue: { username, email },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: accountProfileSchema }),
    shouldValidate: 'onBlur',
  });
  return (
    <section className="card" aria-labelledby="profile-title">
      <h2 id="profile-title" className="text-lg font-semibold">
        Perfil
      </h2>
      <Form method="post" className="mt-4 space-y-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="profile" />
        <FormError title="Erro ao atualizar perfil" errors={replyErrors(lastResult)} />
        <Field label="Nome de usuário" errors={fields.username.errors} inputProps={{ ...getInputProps(fields.username, { type: 'text' }), autoComplete: 'username' }} />
        <Field label="E-mail" errors={fields.email.errors} inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }} />
        <button type="submit" className="btn-primary" disabled={submitting}>
          {submitting ? 'Salvando...' : 'Salvar perfil'}
        </button>
      </Form>
    </section>
  );
}

export function PasswordForm() {
  const lastResult = useIntentResult('password');
  const submitting = useIntentSubmitting('password');
  const [form, fields] = useForm({
    id: 'password',
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: accountPasswordSchema }),
    shouldValidate: 'onBlur',
  });
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
      <Form method="post" className="mt-4 space-y-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="password" />
        <FormError title="Erro ao atualizar senha" errors={replyErrors(lastResult)} />
        {passwordField(fields.currentPassword, 'Senha atual', 'current-password')}
        {passwordField(fields.newPassword, 'Nova senha', 'new-password')}
        {passwordField(fields.confirmPassword, 'Confirmar nova senha', 'new-password')}
        <button type="submit" className="btn-primary" disabled={submitting}>
          {submitting ? 'Atualizando...' : 'Atualizar senha'}
        </button>
      </Form>
    </section>
  );
}
