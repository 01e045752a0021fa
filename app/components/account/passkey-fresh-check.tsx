import { useSubmit } from '@remix-run/react';
import { PasskeyButton } from '~/components/passkey-button';
import { freshCheckWithPasskey } from '~/utils/passkey-ceremony';

/**
 * 'Confirmar com passkey' in the fresh-check step (decisions 060, 067): the passkey renews the
 * check, then the pending action is posted again as it was. Rendered only after hydration; the
 * code or password form above works without JavaScript.
 */
export function PasskeyFreshCheck({ intent, fields }: { intent: string; fields: Array<[string, string]> }) {
  const submit = useSubmit();
  return (
    <PasskeyButton
      label="Confirmar com passkey"
      errorTitle="Verificação não concluída"
      run={async () => {
        await freshCheckWithPasskey();
        const formData = new FormData();
        formData.set('intent', intent);
        for (const [name, value] of fields) formData.append(name, value);
        submit(formData, { method: 'post' });
      }}
    />
  );
}
