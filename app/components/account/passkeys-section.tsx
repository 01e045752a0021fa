import { Form, useRevalidator } from '@remix-run/react';
import { useState, type FormEvent } from 'react';
import { usePasskeySupport } from '~/components/passkey-button';
import { Field } from '~/components/ui/field';
import { FormError } from '~/components/ui/form-error';
import { PASSKEY_NAME_REQUIRED } from '~/schemas/passkeys';
import { formatDateTime } from '~/utils/format';
import { useIntentSubmitting } from '~/utils/intent-form';
import { addPasskey, PasskeyError } from '~/utils/passkey-ceremony';

export type PasskeyView = { id: number; name: string; createdAt: string; lastUsedAt: string | null };

/**
 * 'Minha Conta' → 'Segurança' → 'Passkeys' (decision 067): the account's passkeys with their
 * dates and 'Remover' (a plain form; the fresh check comes first), and 'Adicionar passkey',
 * which needs the browser's passkey API and so appears only once the page runs JavaScript.
 */
export function PasskeysSection({ passkeys, max }: { passkeys: PasskeyView[]; max: number }) {
  return (
    <section id="passkeys" className="card" aria-labelledby="passkeys-title">
      <h2 id="passkeys-title" className="text-lg font-semibold">
        Passkeys
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Com uma passkey você entra sem digitar a senha, com a digital, o rosto ou o PIN do seu aparelho. Ela vale pela senha e pelo código
        da verificação em duas etapas.
      </p>
      {passkeys.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600" data-testid="passkeys-empty">
          Nenhuma passkey cadastrada.
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200 rounded-md border border-slate-200" data-testid="passkeys-list">
          {passkeys.map((passkey) => (
            <PasskeyItem key={passkey.id} passkey={passkey} />
          ))}
        </ul>
      )}
      {passkeys.length < max ? <AddPasskey /> : <p className="mt-3 text-sm text-slate-600">Limite de {max} passkeys por conta.</p>}
    </section>
  );
}

function PasskeyItem({ passkey }: { passkey: PasskeyView }) {
  const removing = useIntentSubmitting('passkey-remove');
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-3">
      <div className="min-w-0">
        <p className="break-words font-medium">{passkey.name}</p>
        <p className="text-xs text-slate-600">
          Adicionada em {formatDateTime(passkey.createdAt)} ·{' '}
          {passkey.lastUsedAt ? `Último uso em ${formatDateTime(passkey.lastUsedAt)}` : 'Ainda não usada'}
        </p>
      </div>
      <Form method="post">
        <input type="hidden" name="intent" value="passkey-remove" />
        <input type="hidden" name="passkeyId" value={passkey.id} />
        <button type="submit" className="btn-secondary" disabled={removing} aria-label={`Remover a passkey ${passkey.name}`}>
          Remover
        </button>
      </Form>
    </li>
  );
}

type AddState = { status: 'idle' | 'waiting' | 'done' } | { status: 'error'; message: string };

function AddPasskey() {
  const supported = usePasskeySupport();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [state, setState] = useState<AddState>({ status: 'idle' });
  const revalidator = useRevalidator();

  if (supported === null) {
    return (
      <p className="mt-3 text-sm text-slate-600" data-testid="passkey-needs-js">
        Para adicionar uma passkey, use um navegador com JavaScript ativado.
      </p>
    );
  }
  if (!supported) return <p className="mt-3 text-sm text-slate-600">Este navegador não oferece passkeys.</p>;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setNameError(PASSKEY_NAME_REQUIRED);
    setNameError(null);
    setState({ status: 'waiting' });
    try {
      await addPasskey(trimmed);
      setName('');
      setState({ status: 'done' });
      revalidator.revalidate();
    } catch (error) {
      setState({ status: 'error', message: error instanceof PasskeyError ? error.message : String(error) });
    }
  };
  return (
    <form className="mt-4 space-y-3" onSubmit={(event) => void submit(event)} noValidate>
      <FormError title="Passkey não cadastrada" errors={state.status === 'error' ? [state.message] : null} />
      {state.status === 'done' ? (
        <p role="status" className="text-sm text-green-800">
          Passkey adicionada.
        </p>
      ) : null}
      <Field
        label="Nome da passkey"
        hint="Para reconhecê-la na lista (ex.: Celular, Notebook do escritório)."
        errors={nameError ? [nameError] : undefined}
        inputProps={{
          id: 'passkey-name',
          name: 'name',
          value: name,
          maxLength: 60,
          onChange: (event) => setName(event.target.value),
          autoComplete: 'off',
        }}
      />
      <button type="submit" className="btn-primary" disabled={state.status === 'waiting'}>
        {state.status === 'waiting' ? 'Aguardando a passkey...' : 'Adicionar passkey'}
      </button>
    </form>
  );
}
