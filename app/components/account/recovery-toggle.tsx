import { Form } from '@remix-run/react';
import { useIntentSubmitting } from '~/utils/intent-form';

/** Flips disablePasswordRecovery: the form posts the value it switches to. */
export function RecoveryToggle({ disabled }: { disabled: boolean }) {
  const submitting = useIntentSubmitting('recovery');
  return (
    <section className="card" aria-labelledby="recovery-title">
      <h2 id="recovery-title" className="text-lg font-semibold">
        Recuperação de senha
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Quando ativada, você pode redefinir sua senha informando seu e-mail ou nome de usuário e o seu CPF, ou recebendo um link no seu
        e-mail.
      </p>
      <Form method="post" className="mt-4 flex flex-wrap items-center gap-3">
        <input type="hidden" name="intent" value="recovery" />
        <input type="hidden" name="disablePasswordRecovery" value={disabled ? 'false' : 'true'} />
        <span className="text-sm">
          Status: <strong data-testid="recovery-state">{disabled ? 'Desativada' : 'Ativada'}</strong>
        </span>
        <button
          type="submit"
          role="switch"
          aria-checked={!disabled}
          className={disabled ? 'btn-primary' : 'btn-secondary'}
          disabled={submitting}
        >
          {disabled ? 'Ativar recuperação de senha' : 'Desativar recuperação de senha'}
        </button>
      </Form>
    </section>
  );
}
