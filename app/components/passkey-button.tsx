import { useEffect, useState } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { FormError } from '~/components/ui/form-error';
import { PasskeyError, passkeysSupported } from '~/utils/passkey-ceremony';

/** Whether this browser offers passkeys: null until the page has hydrated and asked (decision 067). */
export function usePasskeySupport(): boolean | null {
  const hydrated = useHydrated();
  const [supported, setSupported] = useState<boolean | null>(null);
  useEffect(() => {
    if (hydrated) void passkeysSupported().then(setSupported, () => setSupported(false));
  }, [hydrated]);
  return hydrated ? supported : null;
}

type PasskeyButtonProps = {
  label: string;
  /** The title above a failure's message. */
  errorTitle: string;
  /** The ceremony and what follows it; a `PasskeyError` is shown as its message. */
  run: () => Promise<void>;
  className?: string;
};

/**
 * A button that runs one passkey ceremony, shown only after hydration in a browser that offers
 * passkeys (the API needs JavaScript; the forms around it work without).
 */
export function PasskeyButton({ label, errorTitle, run, className = 'mt-4 space-y-3 border-t border-slate-200 pt-4' }: PasskeyButtonProps) {
  const supported = usePasskeySupport();
  const [waiting, setWaiting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!supported) return null;

  const start = async () => {
    setWaiting(true);
    setError(null);
    try {
      await run();
    } catch (failure) {
      setError(failure instanceof PasskeyError ? failure.message : String(failure));
      setWaiting(false);
    }
  };
  return (
    <div className={className}>
      <FormError title={errorTitle} errors={error ? [error] : null} />
      <button type="button" className="btn-secondary w-full" onClick={() => void start()} disabled={waiting}>
        {waiting ? 'Aguardando a passkey...' : label}
      </button>
    </div>
  );
}
