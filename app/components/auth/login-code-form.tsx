import { getInputProps } from '@conform-to/react';
import { useSearchParams } from '@remix-run/react';
import { LightLink } from '~/components/ui/light-link';
import { IntentForm } from '~/components/ui/intent-form';
import { Field } from '~/components/ui/field';
import { FormError } from '~/components/ui/form-error';
import { loginCodeSchema } from '~/schemas/two-factor';
import { useIntentForm } from '~/utils/intent-form';

/** The second step of sign-in for an account with two-step sign-in: the authenticator code or a recovery code. */
export function LoginCodeForm() {
  const [searchParams] = useSearchParams();
  const { form, fields, submitting } = useIntentForm('login-code', loginCodeSchema);
  return (
    <IntentForm intent="login-code" form={form} className="space-y-4">
      <input type="hidden" name="redirectTo" value={searchParams.get('redirectTo') ?? ''} />
      <h2 className="text-lg font-semibold">Verificação em duas etapas</h2>
      <p className="text-sm text-slate-600">
        Digite o código de 6 dígitos do seu aplicativo autenticador, ou um dos seus códigos de recuperação.
      </p>
      <FormError title="Falha no login" errors={form.errors} />
      <Field
        label="Código de verificação"
        errors={fields.code.errors}
        inputProps={{ ...getInputProps(fields.code, { type: 'text' }), autoComplete: 'one-time-code', inputMode: 'text', autoFocus: true }}
      />
      <button type="submit" className="btn-primary w-full" disabled={submitting}>
        {submitting ? 'Verificando...' : 'Verificar'}
      </button>
      <LightLink to="/auth" className="block text-center text-sm text-brand-700 hover:underline">
        Voltar e entrar com outra conta
      </LightLink>
    </IntentForm>
  );
}
