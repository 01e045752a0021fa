import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { EmailLinkPage } from '~/components/account/email-link-page';
import { readEmailLink, revertEmail } from '~/models/accounts/email-change.server';
import { emailLinkSchema } from '~/schemas/email-link';
import { handleForm, intent } from '~/utils/form.server';
import { pageMeta } from '~/utils/meta';

export const meta: MetaFunction = () => [...pageMeta('Não fui eu', 'Restaure o e-mail anterior da sua conta no E-Engenharia.'), { name: 'robots', content: 'noindex' }];

const tokenOf = (request: Request) => new URL(request.url).searchParams.get('token') ?? '';

/** /email/revert?token=…: 'Não fui eu' in the mail to the old address after a change (docs/accounts-and-sessions.md). No login: the token is the permission. */
export async function loader({ request }: LoaderFunctionArgs) {
  const view = readEmailLink(tokenOf(request), 'revert');
  return json(view.state === 'invalid' ? { invalid: view.message, address: null } : { invalid: null, address: view.address }, {
    status: view.state === 'invalid' ? 400 : 200,
    headers: { 'Cache-Control': 'no-store' },
  });
}

export async function action(args: ActionFunctionArgs) {
  return handleForm(args, {
    'revert-email': intent({
      schema: emailLinkSchema,
      run: () => json({ intent: 'revert-email', result: null, done: true, ...revertEmail(tokenOf(args.request)) }),
    }),
  });
}

export default function RevertEmail() {
  const { invalid, address } = useLoaderData<typeof loader>();
  const data = useActionData<{ done?: boolean; email?: string }>();
  return (
    <EmailLinkPage
      intent="revert-email"
      title="Não fui eu"
      invalid={invalid}
      done={Boolean(data?.done)}
      question={
        <>
          Devolver <strong>{address}</strong> à conta e encerrar todas as sessões abertas? Quem trocou o e-mail sabia a sua senha: depois, crie uma nova pela recuperação de senha.
        </>
      }
      button="Restaurar meu e-mail e encerrar as sessões"
      doneText={
        <>
          O e-mail {data?.email} voltou a ser o da conta e todas as sessões foram encerradas. Crie uma nova senha em Entrar → Esqueci minha senha.
        </>
      }
    />
  );
}
