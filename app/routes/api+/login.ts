import { getUserById, toPublicUser } from '~/models/accounts/user.server';
import { loginApiSchema } from '~/schemas/auth';
import { loginCodeApiSchema } from '~/schemas/two-factor';
import { apiAction, jsonResponse, readJson, validateJson } from '~/utils/api.server';
import { authenticateWithPassword, loginCookies, requestAddress } from '~/models/accounts/auth.server';
import { clearPendingLoginCookie, completePendingLogin, startPendingLogin } from '~/models/accounts/pending-login.server';
import { assertPasswordSignInAllowed, hasTwoFactor } from '~/models/accounts/two-factor-state.server';
import { z } from 'zod';

/** Any JSON object: which step it is (password, or the code of two-step sign-in) is read from its fields. */
const anyObject = z.object({}).passthrough();

export const action = apiAction({
  POST: async ({ request, context }) => {
    const body = await readJson(request, anyObject);
    const address = requestAddress(request, context);
    // The second call of a two-step sign-in: `{ "code" }` with the pending-login cookie of the first (decision 055).
    if ('code' in body && !('password' in body)) {
      const { code } = validateJson(body, loginCodeApiSchema);
      const user = await completePendingLogin(request, code, address);
      const headers = new Headers();
      headers.append('Set-Cookie', await clearPendingLoginCookie());
      for (const cookie of await loginCookies(request, user, address)) headers.append('Set-Cookie', cookie);
      return jsonResponse(toPublicUser(getUserById(user.id) ?? user), { headers });
    }
    const { email, password } = validateJson(body, loginApiSchema);
    // The same password check and limits as the /auth page.
    const user = await authenticateWithPassword(address, email, password);
    assertPasswordSignInAllowed(user);
    if (hasTwoFactor(user.id)) {
      return jsonResponse({ twoFactorRequired: true }, { status: 202, headers: { 'Set-Cookie': await startPendingLogin(user.id) } });
    }
    const cookies = await loginCookies(request, user, address);
    return jsonResponse(toPublicUser(getUserById(user.id) ?? user), {
      headers: cookies.map((cookie): [string, string] => ['Set-Cookie', cookie]),
    });
  },
});
