import { getInputProps } from '@conform-to/react';
import { Form } from '@remix-run/react';
import { Field } from '~/components/ui/field';
import { FormError } from '~/components/ui/form-error';
import { IntentForm } from '~/components/ui/intent-form';
import { PasswordInput } from '~/components/ui/password-input';
import { twoFactorConfirmSchema, twoFactorDisableSchema, twoFactorRegenerateSchema } from '~/schemas/two-factor';
import { formatDateTime } from '~/utils/format';
import { useIntentForm, useIntentSubmitting } from '~/utils/intent-form';

export type TwoFactorView =
  | { state: 'off' }
  | { state: 'setting-up'; setup: { secret: string; uri: string; qr: { size: number; path: string } } }
  | { state: 'on'; enabledAt: string; recoveryCodesLeft: number };

/** 'Minha Conta' → 'Segurança': two-step sign-in with an authenticator app, and its recovery codes. */
export function TwoFactorSection({ status, recoveryCodes }: { status: TwoFactorView; recoveryCodes: string[] | null }) {
  return (
    <section id="seguranca" className="card" aria-labelledby="security-title">
      <h2 id="security-title" className="text-lg font-semibold">
        Segurança
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Com a verificação em duas etapas, entrar na sua conta pede, além da senha, um código de 6 dígitos do seu aplicativo autenticador
        (Google Authenticator, Microsoft Authenticator, 1Password, Authy…). Uma senha roubada sozinha não abre a conta.
      </p>
      <p className="mt-3 text-sm">
        Verificação em duas etapas: <strong data-testid="two-factor-state">{status.state === 'on' ? 'Ativada' : 'Desativada'}</strong>
      </p>
      {recoveryCodes ? <RecoveryCodes codes={recoveryCodes} /> : null}
      {status.state === 'off' ? <StartSetup /> : null}
      {status.state === 'setting-up' ? <ConfirmSetup setup={status.setup} /> : null}
      {status.state === 'on' ? (
        <>
          <p className="mt-1 text-sm text-slate-600">
            Ativada em {formatDateTime(status.enabledAt)}. Códigos de recuperação restantes:{' '}
            <strong data-testid="recovery-codes-left">{status.recoveryCodesLeft}</strong>
          </p>
          <RegenerateCodes />
          <DisableTwoFactor />
        </>
      ) : null}
    </section>
  );
}

function StartSetup() {
  const submitting = useIntentSubmitting('two-factor-start');
  return (
    <Form method="post" className="mt-4">
      <input type="hidden" name="intent" value="two-factor-start" />
      <button type="submit" className="btn-primary" disabled={submitting}>
        Ativar verificação em duas etapas
      </button>
    </Form>
  );
}

function ConfirmSetup({ setup }: { setup: { secret: string; uri: string; qr: { size: number; path: string } } }) {
  const { form, fields, submitting } = useIntentForm('two-factor-confirm', twoFactorConfirmSchema);
  const cancelling = useIntentSubmitting('two-factor-cancel');
  return (
    <div className="mt-4 space-y-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
        <li>Abra o aplicativo autenticador e leia o código QR (ou digite a chave abaixo).</li>
        <li>Digite o código de 6 dígitos que o aplicativo mostrar.</li>
      </ol>
      <svg
        role="img"
        aria-label="Código QR para o aplicativo autenticador"
        data-testid="two-factor-qr"
        data-uri={setup.uri}
        viewBox={`-2 -2 ${setup.qr.size + 4} ${setup.qr.size + 4}`}
        className="h-48 w-48 bg-white text-slate-900"
        shapeRendering="crispEdges"
      >
        <path d={setup.qr.path} fill="currentColor" />
      </svg>
      <p className="text-sm">
        Chave para digitar no aplicativo:{' '}
        <code data-testid="two-factor-secret" className="break-all rounded bg-slate-100 px-1 font-mono">
          {setup.secret}
        </code>
      </p>
      <IntentForm intent="two-factor-confirm" form={form} className="space-y-3">
        <FormError title="Erro ao ativar" errors={form.errors} />
        <Field
          label="Código do aplicativo"
          errors={fields.code.errors}
          inputProps={{ ...getInputProps(fields.code, { type: 'text' }), autoComplete: 'one-time-code', inputMode: 'numeric' }}
        />
        <button type="submit" className="btn-primary" disabled={submitting}>
          {submitting ? 'Confirmando...' : 'Confirmar e ativar'}
        </button>
      </IntentForm>
      <Form method="post">
        <input type="hidden" name="intent" value="two-factor-cancel" />
        <button type="submit" className="btn-secondary" disabled={cancelling}>
          Cancelar ativação
        </button>
      </Form>
    </div>
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <div className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-4" role="status">
      <h3 className="font-semibold">Seus códigos de recuperação</h3>
      <p className="mt-1 text-sm text-slate-700">
        Guarde estes códigos em lugar seguro: eles aparecem só agora. Cada um entra na sua conta uma única vez se você perder o celular.
      </p>
      <ul data-testid="recovery-codes" className="mt-3 grid grid-cols-2 gap-2 font-mono text-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </div>
  );
}

function RegenerateCodes() {
  const { form, fields, submitting } = useIntentForm('two-factor-recovery-codes', twoFactorRegenerateSchema);
  return (
    <IntentForm intent="two-factor-recovery-codes" form={form} className="mt-4 space-y-3">
      <h3 className="font-semibold">Gerar novos códigos de recuperação</h3>
      <FormError title="Erro ao gerar códigos" errors={form.errors} />
      <Field
        label="Código do aplicativo"
        errors={fields.code.errors}
        inputProps={{ ...getInputProps(fields.code, { type: 'text' }), autoComplete: 'one-time-code', inputMode: 'numeric' }}
      />
      <button type="submit" className="btn-secondary" disabled={submitting}>
        Gerar novos códigos
      </button>
    </IntentForm>
  );
}

function DisableTwoFactor() {
  const { form, fields, submitting } = useIntentForm('two-factor-disable', twoFactorDisableSchema);
  return (
    <IntentForm intent="two-factor-disable" form={form} className="mt-6 space-y-3">
      <h3 className="font-semibold">Desativar verificação em duas etapas</h3>
      <FormError title="Erro ao desativar" errors={form.errors} />
      <Field label="Sua senha atual" errors={fields.password.errors} inputProps={{ id: fields.password.id }}>
        <PasswordInput {...getInputProps(fields.password, { type: 'password' })} id={fields.password.id} autoComplete="current-password" />
      </Field>
      <Field
        label="Código do aplicativo ou de recuperação"
        errors={fields.code.errors}
        inputProps={{ ...getInputProps(fields.code, { type: 'text' }), autoComplete: 'one-time-code' }}
      />
      <button type="submit" className="btn-danger" disabled={submitting}>
        Desativar
      </button>
    </IntentForm>
  );
}
