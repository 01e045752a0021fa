import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { requestAddress } from '~/models/accounts/auth.server';
import { listPasskeys, registerPasskey } from '~/models/accounts/passkeys.server';
import { requireApiUser, requireApiUserForSetup } from '~/models/accounts/permissions.server';
import { passkeyRegisterSchema } from '~/schemas/passkeys';
import { apiAction, apiLoader, jsonResponse, readJson } from '~/utils/api.server';

/** GET /api/passkeys: the caller's passkeys (name and dates; never the key). */
export const loader = apiLoader(async ({ request }) => {
  const user = await requireApiUser(request);
  return { passkeys: listPasskeys(user.id) };
});

/** POST /api/passkeys: keeps a new passkey from the answer to a registration challenge (201). */
export const action = apiAction({
  POST: async ({ request, context }) => {
    const user = await requireApiUserForSetup(request);
    const { name, response } = await readJson(request, passkeyRegisterSchema);
    const row = await registerPasskey(user, request, name, response as RegistrationResponseJSON, requestAddress(request, context));
    return jsonResponse({ id: row.id, name }, { status: 201 });
  },
});
