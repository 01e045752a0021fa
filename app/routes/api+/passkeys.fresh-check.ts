import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { requestAddress } from '~/models/accounts/auth.server';
import { FRESH_CHECK_WINDOW_MS, renewFreshCheckWithProof } from '~/models/accounts/fresh-check.server';
import { verifyPasskey } from '~/models/accounts/passkeys.server';
import { requireApiUser } from '~/models/accounts/permissions.server';
import { passkeyFreshCheckSchema } from '~/schemas/passkeys';
import { apiAction, readJson } from '~/utils/api.server';

/** POST /api/passkeys/fresh-check: renews the fresh check (decision 060) with one of the caller's passkeys. */
export const action = apiAction({
  POST: async ({ request, context }) => {
    const user = await requireApiUser(request);
    const { response } = await readJson(request, passkeyFreshCheckSchema);
    const now = new Date();
    await verifyPasskey(request, response as AuthenticationResponseJSON, requestAddress(request, context), user.id, now);
    await renewFreshCheckWithProof(request, user.id, now);
    return { freshCheckUntil: new Date(now.getTime() + FRESH_CHECK_WINDOW_MS).toISOString() };
  },
});
