import { type ActionFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { EmailLinkPage } from '~/components/account/email-link-page';
import { emailLinkLoader, emailLinkToken } from '~/plumbing/email-link-page.server';
import { revertEmail } from '~/models/accounts/email-change.server';
import { emailLinkSchema } from '~/schemas/email-link';
import { handleForm, intent } from '~/utils/form.server';
import { pageMeta } from '~/utils/meta';
import { redirectWithToast } from '~/utils/toast.server';
import { logoutCookie } from '~/models/accounts/auth.server';

export const meta: MetaFunction = () => [
  ...pageMeta('Não fui eu', 'Restaure o e-mail anterior da sua conta no E-Engenharia.'),
  { name: 'robots', content: 'noindex' },
];

/** /email/revert?token=…: 'Não fui eu' in the mail to the old address after a change (docs/accounts-and-sessions.md). No login: the token is the permission. */
export const loader = emailLinkLoader('revert');

export async function action(args: ActionFunctionArgs) {
  return handleForm(args, {
    'revert-email': intent({
      schema: emailLinkSchema,
      // Every session ended, this browser's too: its cookie goes, and the login page says what happened.
      run: async () => {
        const { email } = revertEmail(emailLinkToken(args.request));
        return redirectWithToast(
          '/auth',
          {
            title: 'E-mail restaurado',
            description: `O e-mail ${email} voltou a ser o da conta e todas as sessões foram encerradas. Crie uma nova senha em “Esqueceu sua senha?”.`,
            type: 'success',
          },
          { headers: { 'Set-Cookie': await logoutCookie(args.request) } },
        );
      },
    }),
  });
}

export default function RevertEmail() {
  const { invalid, address } = useLoaderData<typeof loader>();
  return (
    <EmailLinkPage
      intent="revert-email"
      title="Não fui eu"
      invalid={invalid}
      question={
        <>
          Devolver <strong>{address}</strong> à conta e encerrar todas as sessões abertas? Quem trocou o e-mail sabia a sua senha: depois,
          crie uma nova pela recuperação de senha.
        </>
      }
      button="Restaurar meu e-mail e encerrar as sessões"
    />
  );
}
