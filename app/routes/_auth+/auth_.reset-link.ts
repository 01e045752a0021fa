import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { isLiveRecoveryToken } from '~/models/accounts/password-recovery.server';
import { requireAnonymous } from '~/models/accounts/permissions.server';
import { authSessionStorage, getAuthSession } from '~/utils/session.server';

/**
 * /auth/reset-link?token=…: the link of 'Recuperar senha por e-mail' (docs/mail.md). A live token
 * moves into the session and the browser goes on to 'Definir Nova Senha' (`/auth?dialog=reset`),
 * so the token leaves the address bar and never reaches a page's Referer. A dead one goes there
 * too, without a token: the dialog then says the recovery session expired. Nothing is spent here;
 * the password form spends the token.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const session = await getAuthSession(request);
  if (token.length > 0 && token.length <= 200 && isLiveRecoveryToken(token)) session.set('recoveryToken', token);
  else session.unset('recoveryToken');
  return redirect('/auth?dialog=reset', {
    headers: { 'Set-Cookie': await authSessionStorage.commitSession(session), 'Cache-Control': 'no-store' },
  });
}
