import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { EmailLinkPage } from '~/components/account/email-link-page';
import { confirmEmail, readEmailLink } from '~/models/accounts/email-change.server';
import { emailLinkSchema } from '~/schemas/email-link';
import { handleForm, intent } from '~/utils/form.server';
import { pageMeta } from '~/utils/meta';

export const meta: MetaFunction = () => [...pageMeta('Confirmar e-mail', 'Confirme o endereço de e-mail da sua conta no E-Engenharia.'), { name: 'robots', content: 'noindex' }];

const tokenOf = (request: Request) => new URL(request.url).searchParams.get('token') ?? '';

/** /email/confirm?token=…: the link of the welcome mail and of 'Confirme seu e-mail' (docs/accounts-and-sessions.md). No login: the token is the permission. */
export async function loader({ request }: LoaderFunctionArgs) {
  const view = readEmailLink(tokenOf(request), 'confirm');
  return json(view.state === 'invalid' ? { invalid: view.message, address: null } : { invalid: null, address: view.address }, {
    status: view.state === 'invalid' ? 400 : 200,
    headers: { 'Cache-Control': 'no-store' },
  });
}

export async function action(args: ActionFunctionArgs) {
  return handleForm(args, {
    'confirm-email': intent({
      schema: emailLinkSchema,
      run: () => json({ intent: 'confirm-email', result: null, done: true, ...confirmEmail(tokenOf(args.request)) }),
    }),
  });
}

export default function ConfirmEmail() {
  const { invalid, address } = useLoaderData<typeof loader>();
  const data = useActionData<{ done?: boolean; email?: string }>();
  return (
    <EmailLinkPage
      intent="confirm-email"
      title="Confirmar e-mail"
      invalid={invalid}
      done={data?.done ? <>O e-mail {data.email} foi confirmado.</> : null}
      question={
        <>
          Confirmar <strong>{address}</strong> como o e-mail da sua conta?
        </>
      }
      button="Confirmar meu e-mail"
    />
  );
}
