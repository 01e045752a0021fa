import { useSearchParams } from '@remix-run/react';
import { PasskeyButton } from '~/components/passkey-button';
import { signInWithPasskey } from '~/utils/passkey-ceremony';

/**
 * 'Entrar com passkey' on /auth (decision 067). The passkey API needs JavaScript, so the button
 * is rendered only after hydration in a browser that offers it; e-mail and password stay above.
 */
export function PasskeySignIn() {
  const [searchParams] = useSearchParams();
  return (
    <PasskeyButton
      label="Entrar com passkey"
      errorTitle="Falha no login"
      className="mt-6 space-y-3 border-t border-slate-200 pt-6"
      run={async () => window.location.assign(await signInWithPasskey(searchParams.get('redirectTo')))}
    />
  );
}
