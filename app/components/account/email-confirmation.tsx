import { Form } from '@remix-run/react';
import { Alert } from '~/components/ui/alert';
import { useIntentSubmitting } from '~/utils/intent-form';

/** 'Minha Conta': the address waiting for its confirmation link, and 'Reenviar link' (a plain form). */
export function EmailConfirmationNotice({ pendingEmail }: { pendingEmail: string | null }) {
  const submitting = useIntentSubmitting('resend-confirmation');
  if (!pendingEmail) return null;
  return (
    <section className="card" aria-labelledby="email-confirmation-title" data-testid="email-pending">
      <h2 id="email-confirmation-title" className="text-lg font-semibold">
        Confirmação de e-mail pendente
      </h2>
      <div className="mt-3">
        <Alert variant="info">
          <p className="break-words">
            Enviamos um link para <strong>{pendingEmail}</strong>. Até você confirmar, nossos e-mails para este endereço não trazem seu nome
            nem textos escritos na conta (como os assuntos dos seus tickets).
          </p>
        </Alert>
      </div>
      <Form method="post" className="mt-4">
        <input type="hidden" name="intent" value="resend-confirmation" />
        <button type="submit" className="btn-secondary" disabled={submitting}>
          {submitting ? 'Enviando...' : 'Reenviar link de confirmação'}
        </button>
      </Form>
    </section>
  );
}
