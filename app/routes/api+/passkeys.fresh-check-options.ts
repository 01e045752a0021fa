import { requestAddress } from '~/models/accounts/auth.server';
import { passkeyAuthenticationOptions } from '~/models/accounts/passkeys.server';
import { requireApiUser } from '~/models/accounts/permissions.server';
import { emptyBodySchema } from '~/schemas/passkeys';
import { apiAction, readJson } from '~/utils/api.server';

/** POST /api/passkeys/fresh-check-options: a challenge that only the caller's own passkeys can answer. */
export const action = apiAction({
  POST: async ({ request, context }) => {
    const user = await requireApiUser(request);
    await readJson(request, emptyBodySchema);
    return passkeyAuthenticationOptions(request, requestAddress(request, context), user.id);
  },
});
