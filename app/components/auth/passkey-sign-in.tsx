import { useSearchParams } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { FormError } from '~/components/ui/form-error';
import { PasskeyError, passkeysSupported, signInWithPasskey } from '~/utils/passkey-ceremony';

/**
 * 'Entrar com passkey' on /auth (decision 067). The passkey API needs JavaScript, so the button
 * is rendered only after hydration in a browser that offers it; e-mail and password stay above.
 */
export function PasskeySignIn() {
  const hydrated = useHydrated();
  const [supported, setSupported] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [searchParams] = useSearchParams();
  useEffect(() => {
    if (hydrated) void passkeysSupported().then(setSupported, () => setSupported(false));
  }, [hydrated]);
  if (!hydrated || !supported) return null;

  const start = async () => {
    setWaiting(true);
    setError(null);
    try {
      const target = await signInWithPasskey(searchParams.get('redirectTo'));
      window.location.assign(target);
    } catch (failure) {
      setError(failure instanceof PasskeyError ? failure.message : String(failure));
      setWaiting(false);
    }
  };
  return (
    <div className="mt-6 space-y-3 border-t border-slate-200 pt-6">
      <FormError title="Falha no login" errors={error ? [error] : null} />
      <button type="button" className="btn-secondary w-full" onClick={() => void start()} disabled={waiting}>
        {waiting ? 'Aguardando a passkey...' : 'Entrar com passkey'}
      </button>
    </div>
  );
}
