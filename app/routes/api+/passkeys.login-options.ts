import { requestAddress } from '~/models/accounts/auth.server';
import { passkeyAuthenticationOptions } from '~/models/accounts/passkeys.server';
import { emptyBodySchema } from '~/schemas/passkeys';
import { apiAction, readJson } from '~/utils/api.server';

/** POST /api/passkeys/login-options: a sign-in challenge for `navigator.credentials.get` (decision 067). */
export const action = apiAction({
  POST: async ({ request, context }) => {
    await readJson(request, emptyBodySchema);
    return passkeyAuthenticationOptions(request, requestAddress(request, context));
  },
});
