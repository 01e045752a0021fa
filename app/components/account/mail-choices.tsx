import { Form } from '@remix-run/react';
import { StaticMarkup } from '~/components/static-markup';
import { useIntentSubmitting } from '~/utils/intent-form';

type Choice = { kind: string; label: string; description: string; enabled: boolean };

/** 'E-mails': one checkbox per kind the user may switch off; receipts and security mails always go (docs/mail.md). */
export function MailChoicesSection({ choices }: { choices: Choice[] }) {
  const submitting = useIntentSubmitting('mail-choices');
  return (
    <section id="emails" className="card" aria-labelledby="emails-title">
      <h2 id="emails-title" className="text-lg font-semibold">
        E-mails
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Escolha o que receber por e-mail. Recibos de pagamento, recuperação de senha e avisos de segurança sempre são enviados.
      </p>
      <Form method="post" className="mt-4 space-y-3">
        <input type="hidden" name="intent" value="mail-choices" />
        {/* The choices depend on the account's opt-outs alone: rendered once per set of choices (decision 079). */}
        <StaticMarkup
          as="div"
          markupKey={`mail-choices:${JSON.stringify(choices)}`}
          content={() => <MailChoiceFields choices={choices} />}
        />
        <button type="submit" className="btn-secondary" disabled={submitting}>
          {submitting ? 'Salvando...' : 'Salvar preferências de e-mail'}
        </button>
      </Form>
    </section>
  );
}

function MailChoiceFields({ choices }: { choices: Choice[] }) {
  return (
    <fieldset className="space-y-3">
      <legend className="sr-only">Tipos de e-mail</legend>
      {choices.map((choice) => (
        <div key={choice.kind} className="flex items-start gap-3">
          <input
            id={`mail-${choice.kind}`}
            type="checkbox"
            name="enabled"
            value={choice.kind}
            defaultChecked={choice.enabled}
            className="mt-1 h-4 w-4 rounded border-slate-300"
            aria-describedby={`mail-${choice.kind}-help`}
          />
          <div>
            <label htmlFor={`mail-${choice.kind}`} className="text-sm font-medium">
              {choice.label}
            </label>
            <p id={`mail-${choice.kind}-help`} className="text-xs text-slate-600">
              {choice.description}
            </p>
          </div>
        </div>
      ))}
    </fieldset>
  );
}
