import { LightLink } from '~/components/ui/light-link';
import { getInputProps } from '@conform-to/react';
import { useSearchParams } from '@remix-run/react';
import { IntentForm } from '~/components/ui/intent-form';
import { Field } from '~/components/ui/field';
import { FormError } from '~/components/ui/form-error';
import { PasswordInput } from '~/components/ui/password-input';
import { loginSchema } from '~/schemas/auth';
import { useIntentForm } from '~/utils/intent-form';
import { dialogLink } from '~/utils/url-state';

export function LoginForm() {
  const [searchParams] = useSearchParams();
  const { form, fields, submitting } = useIntentForm('login', loginSchema);
  return (
    <IntentForm intent="login" form={form} className="space-y-4">
      <input type="hidden" name="redirectTo" value={searchParams.get('redirectTo') ?? ''} />
      <FormError title="Falha no login" errors={form.errors} />
      <Field
        label="E-mail"
        errors={fields.email.errors}
        inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }}
      />
      <Field label="Senha" errors={fields.password.errors} inputProps={{ id: fields.password.id }}>
        <PasswordInput {...getInputProps(fields.password, { type: 'password' })} id={fields.password.id} autoComplete="current-password" />
      </Field>
      <div className="flex justify-end">
        <LightLink to={dialogLink(searchParams, 'recover')} className="text-sm text-brand-700 hover:underline" preventScrollReset>
          Esqueceu sua senha?
        </LightLink>
      </div>
      <button type="submit" className="btn-primary w-full" disabled={submitting}>
        {submitting ? 'Entrando...' : 'Entrar'}
      </button>
    </IntentForm>
  );
}
