import { getInputProps } from '@conform-to/react';
import { HoneypotInputs } from 'remix-utils/honeypot/react';
import { CpfInput } from '~/components/ui/cpf-input';
import { Field } from '~/components/ui/field';
import { FormError } from '~/components/ui/form-error';
import { IntentForm } from '~/components/ui/intent-form';
import { PasswordInput } from '~/components/ui/password-input';
import { registerSchema } from '~/schemas/auth';
import { useIntentForm } from '~/utils/intent-form';

export function RegisterForm() {
  const { form, fields, submitting } = useIntentForm('register', registerSchema);
  return (
    <IntentForm intent="register" form={form} className="space-y-4">
      <HoneypotInputs label="Deixe este campo em branco" />
      <FormError title="Falha no registro" errors={form.errors} />
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
      <Field
        label="CPF"
        errors={fields.cpf.errors}
        hint="Seu CPF será usado para a recuperação de senha."
        inputProps={{ id: fields.cpf.id }}
      >
        <CpfInput
          {...getInputProps(fields.cpf, { type: 'text' })}
          id={fields.cpf.id}
          aria-describedby={`${fields.cpf.id}-hint${fields.cpf.errors ? ` ${fields.cpf.id}-error` : ''}`}
        />
      </Field>
      <Field label="Senha" errors={fields.password.errors} inputProps={{ id: fields.password.id }}>
        <PasswordInput {...getInputProps(fields.password, { type: 'password' })} id={fields.password.id} autoComplete="new-password" />
      </Field>
      <Field
        label="Código promocional (opcional)"
        errors={fields.promoCode.errors}
        inputProps={{ ...getInputProps(fields.promoCode, { type: 'text' }), autoComplete: 'off' }}
      />
      <button type="submit" className="btn-primary w-full" disabled={submitting}>
        {submitting ? 'Criando conta...' : 'Criar conta'}
      </button>
    </IntentForm>
  );
}
