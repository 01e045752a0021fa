import { json, type ActionFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { EmailLinkPage } from '~/components/account/email-link-page';
import { emailLinkLoader, emailLinkToken } from '~/plumbing/email-link-page.server';
import { confirmEmail } from '~/models/accounts/email-change.server';
import { emailLinkSchema } from '~/schemas/email-link';
import { handleForm, intent } from '~/utils/form.server';
import { pageMeta } from '~/utils/meta';

export const meta: MetaFunction = () => [
  ...pageMeta('Confirmar e-mail', 'Confirme o endereço de e-mail da sua conta no E-Engenharia.'),
  { name: 'robots', content: 'noindex' },
];

/** /email/confirm?token=…: the link of the welcome mail and of 'Confirme seu e-mail' (docs/accounts-and-sessions.md). No login: the token is the permission. */
export const loader = emailLinkLoader('confirm');

export async function action(args: ActionFunctionArgs) {
  return handleForm(args, {
    'confirm-email': intent({
      schema: emailLinkSchema,
      run: () => json({ intent: 'confirm-email', result: null, done: true, ...confirmEmail(emailLinkToken(args.request)) }),
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
