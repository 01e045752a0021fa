import { LightLink } from '~/components/ui/light-link';
import { getInputProps } from '@conform-to/react';
import { Alert } from '~/components/ui/alert';
import { CpfInput } from '~/components/ui/cpf-input';
import { Field } from '~/components/ui/field';
import { FormError } from '~/components/ui/form-error';
import { IntentForm } from '~/components/ui/intent-form';
import { PasswordInput } from '~/components/ui/password-input';
import { DialogCloseLink, UrlDialog } from '~/components/ui/url-dialog';
import { RECOVERY_EXPIRED, recoverEmailSchema, recoverSchema, resetSchema } from '~/schemas/auth';
import { useIntentForm } from '~/utils/intent-form';

/**
 * The recovery flow's two dialogs (the specification's Screens and routes): `?dialog=recover`, then
 * `?dialog=reset`; beside the first, `?dialog=recover-email` sends a link instead (docs/mail.md),
 * which leads to the same `?dialog=reset`.
 */
export const RECOVERY_DIALOGS = ['recover', 'recover-email', 'reset'] as const;

export function RecoverDialog() {
  const { form, fields, submitting } = useIntentForm('recover', recoverSchema);
  return (
    <UrlDialog title="Recuperação de Senha">
      <p className="mb-4 text-sm text-slate-600">Informe seu e-mail ou nome de usuário e o CPF cadastrado.</p>
      <IntentForm intent="recover" form={form} className="space-y-4">
        <FormError title="Erro na recuperação" errors={form.errors} />
        <Field
          label="E-mail ou nome de usuário"
          errors={fields.identifier.errors}
          inputProps={{ ...getInputProps(fields.identifier, { type: 'text' }), autoComplete: 'username' }}
        />
        <Field label="CPF" errors={fields.cpf.errors} inputProps={{ id: fields.cpf.id }}>
          <CpfInput {...getInputProps(fields.cpf, { type: 'text' })} id={fields.cpf.id} />
        </Field>
        <div className="flex justify-end gap-2">
          <DialogCloseLink>Cancelar</DialogCloseLink>
          <button type="submit" className="btn-primary" disabled={submitting}>
            {submitting ? 'Verificando...' : 'Verificar'}
          </button>
        </div>
      </IntentForm>
      <p className="mt-4 border-t border-slate-200 pt-4 text-sm text-slate-600">
        Prefere não usar o CPF?{' '}
        <LightLink to="/auth?dialog=recover-email" className="font-medium text-brand-700 hover:underline" replace>
          Recuperar senha por e-mail
        </LightLink>
      </p>
    </UrlDialog>
  );
}

/** 'Recuperar senha por e-mail': the answer is the same whether the address has an account or not. */
export function RecoverEmailDialog() {
  const { form, fields, submitting } = useIntentForm('recover-email', recoverEmailSchema);
  return (
    <UrlDialog title="Recuperar senha por e-mail">
      <p className="mb-4 text-sm text-slate-600">
        Informe o e-mail da sua conta. Enviaremos um link para criar uma nova senha, válido por 30 minutos.
      </p>
      <IntentForm intent="recover-email" form={form} className="space-y-4">
        <FormError title="Erro na recuperação" errors={form.errors} />
        <Field
          label="E-mail"
          errors={fields.email.errors}
          inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }}
        />
        <div className="flex justify-end gap-2">
          <LightLink to="/auth?dialog=recover" className="btn-secondary" replace>
            Voltar
          </LightLink>
          <button type="submit" className="btn-primary" disabled={submitting}>
            {submitting ? 'Enviando...' : 'Enviar link'}
          </button>
        </div>
      </IntentForm>
    </UrlDialog>
  );
}

export function ResetDialog({ hasRecoveryToken }: { hasRecoveryToken: boolean }) {
  const { form, fields, submitting } = useIntentForm('reset', resetSchema);
  return (
    <UrlDialog title="Definir Nova Senha">
      <IntentForm intent="reset" form={form} className="space-y-4">
        {!hasRecoveryToken && !form.errors ? <Alert title="Erro ao redefinir senha">{RECOVERY_EXPIRED}</Alert> : null}
        <FormError title="Erro ao redefinir senha" errors={form.errors} />
        <Field label="Nova senha" errors={fields.password.errors} inputProps={{ id: fields.password.id }}>
          <PasswordInput {...getInputProps(fields.password, { type: 'password' })} id={fields.password.id} autoComplete="new-password" />
        </Field>
        <Field label="Confirmar nova senha" errors={fields.confirmPassword.errors} inputProps={{ id: fields.confirmPassword.id }}>
          <PasswordInput
            {...getInputProps(fields.confirmPassword, { type: 'password' })}
            id={fields.confirmPassword.id}
            autoComplete="new-password"
          />
        </Field>
        <div className="flex justify-end gap-2">
          <LightLink to="/auth?dialog=recover" className="btn-secondary">
            Voltar
          </LightLink>
          <button type="submit" className="btn-primary" disabled={submitting}>
            {submitting ? 'Redefinindo...' : 'Redefinir Senha'}
          </button>
        </div>
      </IntentForm>
    </UrlDialog>
  );
}
