import { requestAddress } from '~/models/accounts/auth.server';
import { passkeyRegistrationOptions } from '~/models/accounts/passkeys.server';
import { requireApiUserForSetup } from '~/models/accounts/permissions.server';
import { emptyBodySchema } from '~/schemas/passkeys';
import { apiAction, readJson } from '~/utils/api.server';

/**
 * POST /api/passkeys/register-options: a registration challenge for `navigator.credentials.create`.
 * An admin who must still set up a second factor may call it: a passkey is one (decision 067).
 */
export const action = apiAction({
  POST: async ({ request, context }) => {
    const user = await requireApiUserForSetup(request);
    await readJson(request, emptyBodySchema);
    return passkeyRegistrationOptions(user, request, requestAddress(request, context));
  },
});
