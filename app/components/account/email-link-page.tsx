import { Form } from '@remix-run/react';
import type { ReactNode } from 'react';
import { Alert } from '~/components/ui/alert';
import { FormError } from '~/components/ui/form-error';
import { LightLink } from '~/components/ui/light-link';
import { useIntentResult, useIntentSubmitting } from '~/utils/intent-form';

/**
 * The page behind an e-mailed link of an address change (/email/confirm, /email/revert): the GET
 * only shows what the button will do (mail scanners open links), the button POSTs.
 */
export function EmailLinkPage({
  intent,
  title,
  invalid,
  done,
  question,
  button,
}: {
  intent: string;
  title: string;
  invalid: string | null;
  /** What the button did, once it did (shown in place of the form). */
  done?: ReactNode;
  question: ReactNode;
  button: string;
}) {
  const result = useIntentResult(intent);
  const submitting = useIntentSubmitting(intent);
  return (
    <div className="mx-auto max-w-lg px-4 py-12">
      <section className="card space-y-4" aria-labelledby="email-link-title">
        <h1 id="email-link-title" className="text-2xl font-bold">
          {title}
        </h1>
        {done ? (
          <Alert variant="success" title="Pronto">
            {done}
          </Alert>
        ) : invalid ? (
          <Alert title="Link inválido">{invalid}</Alert>
        ) : (
          <>
            <FormError title="Não foi possível concluir" errors={result?.error?.['']} />
            <p className="break-words">{question}</p>
            <Form method="post">
              <input type="hidden" name="intent" value={intent} />
              <button type="submit" className="btn-primary" disabled={submitting}>
                {button}
              </button>
            </Form>
          </>
        )}
        <p className="text-sm">
          <LightLink to="/account" className="text-brand-700 hover:underline">
            Ir para Minha Conta
          </LightLink>
        </p>
      </section>
    </div>
  );
}
