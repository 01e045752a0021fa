import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { Form, Link } from '@remix-run/react';
import { Alert } from '~/components/ui/alert';
import { CpfInput } from '~/components/ui/cpf-input';
import { Field } from '~/components/ui/field';
import { FormError } from '~/components/ui/form-error';
import { PasswordInput } from '~/components/ui/password-input';
import { DialogCloseLink, UrlDialog } from '~/components/ui/url-dialog';
import { RECOVERY_EXPIRED, recoverSchema, resetSchema } from '~/schemas/auth';
import { useIntentResult, useIntentSubmitting } from '~/utils/intent-form';

/** The recovery flow's two dialogs (section 2): `?dialog=recover`, then `?dialog=reset`. */
export const RECOVERY_DIALOGS = ['recover', 'reset'] as const;

export function RecoverDialog() {
  const lastResult = useIntentResult('recover');
  const submitting = useIntentSubmitting('recover');
  const [form, fields] = useForm({
    id: 'recover',
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: recoverSchema }),
    shouldValidate: 'onBlur',
  });
  return (
    <UrlDialog title="Recuperação de Senha">
      <p className="mb-4 text-sm text-slate-600">Informe seu e-mail ou nome de usuário e o CPF cadastrado.</p>
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="recover" />
        <FormError title="Erro na recuperação" errors={form.errors} />
        <Field label="E-mail ou nome de usuário" errors={fields.identifier.errors} inputProps={{ ...getInputProps(fields.identifier, { type: 'text' }), autoComplete: 'username' }} />
        <Field label="CPF" errors={fields.cpf.errors} inputProps={{ id: fields.cpf.id }}>
          <CpfInput {...getInputProps(fields.cpf, { type: 'text' })} id={fields.cpf.id} />
        </Field>
        <div className="flex justify-end gap-2">
          <DialogCloseLink>Cancelar</DialogCloseLink>
          <button type="submit" className="btn-primary" disabled={submitting}>
            {submitting ? 'Verificando...' : 'Verificar'}
          </button>
        </div>
      </Form>
    </UrlDialog>
  );
}

export function ResetDialog({ hasRecoveryToken }: { hasRecoveryToken: boolean }) {
  const lastResult = useIntentResult('reset');
  const submitting = useIntentSubmitting('reset');
  const [form, fields] = useForm({
    id: 'reset',
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetSchema }),
    shouldValidate: 'onBlur',
  });
  return (
    <UrlDialog title="Definir Nova Senha">
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="reset" />
        {!hasRecoveryToken && !form.errors ? <Alert title="Erro ao redefinir senha">{RECOVERY_EXPIRED}</Alert> : null}
        <FormError title="Erro ao redefinir senha" errors={form.errors} />
        <Field label="Nova senha" errors={fields.password.errors} inputProps={{ id: fields.password.id }}>
          <PasswordInput {...getInputProps(fields.password, { type: 'password' })} id={fields.password.id} autoComplete="new-password" />
        </Field>
        <Field label="Confirmar nova senha" errors={fields.confirmPassword.errors} inputProps={{ id: fields.confirmPassword.id }}>
          <PasswordInput {...getInputProps(fields.confirmPassword, { type: 'password' })} id={fields.confirmPassword.id} autoComplete="new-password" />
        </Field>
        <div className="flex justify-end gap-2">
          <Link to="/auth?dialog=recover" className="btn-secondary">
            Voltar
          </Link>
          <button type="submit" className="btn-primary" disabled={submitting}>
            {submitting ? 'Redefinindo...' : 'Redefinir Senha'}
          </button>
        </div>
      </Form>
    </UrlDialog>
  );
}
