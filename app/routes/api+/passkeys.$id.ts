import { requireApiFreshCheck } from '~/models/accounts/fresh-check.server';
import { removePasskey } from '~/models/accounts/passkeys.server';
import { requireApiUser } from '~/models/accounts/permissions.server';
import { apiAction, idParam } from '~/utils/api.server';

/** DELETE /api/passkeys/:id: removes one of the caller's passkeys, after a fresh check (decision 060). */
export const action = apiAction({
  DELETE: async ({ request, params }) => {
    const user = await requireApiUser(request);
    const id = idParam(params.id, 'Passkey não encontrada.');
    await requireApiFreshCheck(request);
    removePasskey(user, id);
    return { ok: true };
  },
});
