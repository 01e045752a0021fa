import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { Alert } from '~/components/ui/alert';
import { LightLink } from '~/components/ui/light-link';
import { readUnsubscribe, unsubscribe, UNSUBSCRIBE_INVALID } from '~/models/mail/preferences.server';
import { MAIL_KINDS } from '~/models/mail/kinds';
import { isAppError } from '~/utils/errors';
import { readForm } from '~/utils/form.server';
import { pageMeta } from '~/utils/meta';

export const meta: MetaFunction = () => [
  ...pageMeta('Cancelar e-mails', 'Deixe de receber um tipo de e-mail do E-Engenharia.'),
  { name: 'robots', content: 'noindex' },
];

function read(request: Request) {
  try {
    return readUnsubscribe(new URL(request.url).searchParams);
  } catch (error) {
    if (isAppError(error)) return null;
    throw error;
  }
}

/**
 * /email/unsubscribe?u=&k=&t=: the link every optional mail carries (docs/mail.md). No login:
 * the signature in `t` is the permission. GET asks to confirm (a link checker or a preview must
 * not unsubscribe anyone); the page's button POSTs; a mail client's one-click POST (RFC 8058,
 * body `List-Unsubscribe=One-Click`, no cookie) unsubscribes at once. Both get this page with
 * 'Pronto' and a 200: a bare text answer would reach the page as its action data, which it
 * cannot render.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const found = read(request);
  if (!found) return json({ state: 'invalid' as const, label: null }, { status: 400 });
  return json({ state: 'confirm' as const, label: MAIL_KINDS[found.kind].label });
}

export async function action({ request }: ActionFunctionArgs) {
  const found = read(request);
  // The form kit's reading: the size cap, and a page with a message for a body that is not a form.
  await readForm(request);
  if (!found) return json({ done: false as const, label: null }, { status: 400 });
  const { label } = unsubscribe(found);
  return json({ done: true as const, label });
}

export default function Unsubscribe() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <div className="mx-auto max-w-lg px-4 py-12">
      <section className="card space-y-4" aria-labelledby="unsubscribe-title">
        <h1 id="unsubscribe-title" className="text-2xl font-bold">
          Cancelar e-mails
        </h1>
        {data.state === 'invalid' ? (
          <Alert title="Link inválido">
            {UNSUBSCRIBE_INVALID} Abra o link do e-mail mais recente ou escolha seus e-mails em Minha Conta.
          </Alert>
        ) : result && 'done' in result && result.done ? (
          <Alert variant="success" title="Pronto">
            Você não vai mais receber “{result.label}”. Para voltar a receber, entre em Minha Conta → E-mails.
          </Alert>
        ) : (
          <>
            <p>
              Deixar de receber os e-mails de <strong>{data.label}</strong>? Recibos de pagamento e e-mails de segurança continuam chegando.
            </p>
            <Form method="post">
              <input type="hidden" name="intent" value="unsubscribe" />
              <button type="submit" className="btn-primary" disabled={navigation.state === 'submitting'}>
                Não quero mais receber
              </button>
            </Form>
          </>
        )}
        <p className="text-sm">
          <LightLink to="/account" className="text-brand-700 hover:underline">
            Escolher meus e-mails em Minha Conta
          </LightLink>
        </p>
      </section>
    </div>
  );
}
