import { Authenticator } from 'remix-auth';
import { FormStrategy } from 'remix-auth-form';
import type { UserRow } from '../../../db/schema';
import { authenticateWithPassword } from './auth.server';

/**
 * Sign-in strategies (decision 010). The `/auth` form signs in through remix-auth's
 * `FormStrategy`, whose verify function is THE password check (`authenticateWithPassword`, which
 * reserves the rate-limit attempt before argon2 runs): the JSON login, the password change and
 * 'Excluir conta' call the same function, so every way in shares its limits. remix-auth v4 does
 * not touch the session: `loginCookies` starts it once the strategy has answered.
 *
 * Another way in (Google sign-in through one of remix-auth's OAuth2 strategies) is one more
 * `use(...)` under its own name; its verify finds or creates the user and the route calls
 * `loginCookies` the same way.
 */
export const PASSWORD_STRATEGY = 'password';

export type PasswordCredentials = { email: string; password: string };

/** The strategy's verify closes over the client's address, which the request alone does not carry behind a proxy. */
function authenticatorFor(address: string): Authenticator<UserRow> {
  return new Authenticator<UserRow>().use(
    new FormStrategy<UserRow>(({ form }) =>
      authenticateWithPassword(address, String(form.get('email') ?? ''), String(form.get('password') ?? '')),
    ),
    PASSWORD_STRATEGY,
  );
}

/**
 * Signs in with the credentials the form kit has already read and validated: the strategy gets
 * a request built from them (the original body is spent), at the same URL. Throws the password
 * check's own refusals (401, 429) unchanged.
 */
export function signInWithPassword(address: string, url: string, credentials: PasswordCredentials): Promise<UserRow> {
  const request = new Request(url, { method: 'POST', body: new URLSearchParams(credentials) });
  return authenticatorFor(address).authenticate(PASSWORD_STRATEGY, request);
}
