import { assertAccountAccess, setPasswordRecoveryAs } from '~/models/accounts/account.server';
import { toPublicUser } from '~/models/accounts/user.server';
import { passwordRecoveryApiSchema } from '~/schemas/account';
import { apiAction, idParam, readJson } from '~/utils/api.server';
import { requireApiUser } from '~/models/accounts/permissions.server';

/** PATCH /api/users/{id}/password-recovery: own account, or any account for an admin. Returns the user. */
export const action = apiAction({
  PATCH: async ({ request, params }) => {
    const actor = await requireApiUser(request);
    const id = idParam(params.id, 'Usuário não encontrado');
    assertAccountAccess(actor, id);
    const { disablePasswordRecovery } = await readJson(request, passwordRecoveryApiSchema);
    return toPublicUser(setPasswordRecoveryAs(actor, id, disablePasswordRecovery));
  },
});
