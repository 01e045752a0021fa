import { LightLink } from '~/components/ui/light-link';
import { getInputProps } from '@conform-to/react';
import { Alert } from '~/components/ui/alert';
import { CpfInput } from '~/components/ui/cpf-input';
import { Field } from '~/components/ui/field';
import { FormError } from '~/components/ui/form-error';
import { IntentForm } from '~/components/ui/intent-form';
import { PasswordInput } from '~/components/ui/password-input';
import { DialogCloseLink, UrlDialog } from '~/components/ui/url-dialog';
import { RECOVERY_EXPIRED, recoverSchema, resetSchema } from '~/schemas/auth';
import { useIntentForm } from '~/utils/intent-form';

/** The recovery flow's two dialogs (the specification's Screens and routes): `?dialog=recover`, then `?dialog=reset`. */
export const RECOVERY_DIALOGS = ['recover', 'reset'] as const;

export function RecoverDialog() {
  const { form, fields, submitting } = useIntentForm('recover', recoverSchema);
  return (
    <UrlDialog title="Recuperação de Senha">
      <p className="mb-4 text-sm text-slate-600">Informe seu e-mail ou nome de usuário e o CPF cadastrado.</p>
      <IntentForm intent="recover" form={form} className="space-y-4">
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
          <PasswordInput {...getInputProps(fields.confirmPassword, { type: 'password' })} id={fields.confirmPassword.id} autoComplete="new-password" />
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
