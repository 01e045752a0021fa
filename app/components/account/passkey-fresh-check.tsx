import { useSubmit } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { FormError } from '~/components/ui/form-error';
import { freshCheckWithPasskey, PasskeyError, passkeysSupported } from '~/utils/passkey-ceremony';

/**
 * 'Confirmar com passkey' in the fresh-check step (decisions 060, 067): the passkey renews the
 * check, then the pending action is posted again as it was. Rendered only after hydration; the
 * code or password form above works without JavaScript.
 */
export function PasskeyFreshCheck({ intent, fields }: { intent: string; fields: Array<[string, string]> }) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const [supported, setSupported] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (hydrated) void passkeysSupported().then(setSupported, () => setSupported(false));
  }, [hydrated]);
  if (!hydrated || !supported) return null;

  const start = async () => {
    setWaiting(true);
    setError(null);
    try {
      await freshCheckWithPasskey();
      const formData = new FormData();
      formData.set('intent', intent);
      for (const [name, value] of fields) formData.append(name, value);
      submit(formData, { method: 'post' });
    } catch (failure) {
      setError(failure instanceof PasskeyError ? failure.message : String(failure));
      setWaiting(false);
    }
  };
  return (
    <div className="mt-4 space-y-3 border-t border-slate-200 pt-4">
      <FormError title="Verificação não concluída" errors={error ? [error] : null} />
      <button type="button" className="btn-secondary w-full" onClick={() => void start()} disabled={waiting}>
        {waiting ? 'Aguardando a passkey...' : 'Confirmar com passkey'}
      </button>
    </div>
  );
}
