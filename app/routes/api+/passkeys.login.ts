import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { loginCookies, requestAddress } from '~/models/accounts/auth.server';
import { verifyPasskey } from '~/models/accounts/passkeys.server';
import { toPublicUser } from '~/models/accounts/user.server';
import { passkeyLoginSchema } from '~/schemas/passkeys';
import { apiAction, jsonResponse, readJson } from '~/utils/api.server';
import { safeRedirectPath, toastCookie } from '~/utils/toast.server';

/**
 * POST /api/passkeys/login: signs in with a passkey (both factors, decision 067) and answers the
 * user and where the page goes next; the session starts as the password's does.
 */
export const action = apiAction({
  POST: async ({ request, context }) => {
    const { response, redirectTo } = await readJson(request, passkeyLoginSchema);
    const address = requestAddress(request, context);
    const user = await verifyPasskey(request, response as AuthenticationResponseJSON, address);
    const target = safeRedirectPath(redirectTo);
    const headers = new Headers();
    for (const cookie of await loginCookies(request, user, address)) headers.append('Set-Cookie', cookie);
    headers.append(
      'Set-Cookie',
      await toastCookie({ title: 'Login bem-sucedido', description: `Bem-vindo, ${user.username}!`, type: 'success' }),
    );
    return jsonResponse({ user: toPublicUser(user), redirectTo: target }, { headers });
  },
});
