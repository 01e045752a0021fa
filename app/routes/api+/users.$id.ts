import { ADMIN_USER_ERRORS, updateUserAsAdmin } from '~/models/admin/users.server';
import { deleteUserAsAdmin } from '~/models/privacy/account-deletion.server';
import { toPublicUser } from '~/models/accounts/user.server';
import { adminUserUpdateSchema } from '~/schemas/admin-user';
import { apiAction, idParam, readJson } from '~/utils/api.server';
import { requireApiAdmin } from '~/models/accounts/permissions.server';
import { makesAdmin, requireApiFreshCheck } from '~/models/accounts/fresh-check.server';

export const action = apiAction({
  /** username, email, cpf, role, proDays (default 0: days added to the current period). */
  PATCH: async ({ request, params }) => {
    const admin = await requireApiAdmin(request);
    const id = idParam(params.id, ADMIN_USER_ERRORS.notFound);
    const input = await readJson(request, adminUserUpdateSchema);
    if (makesAdmin(id, input.role)) await requireApiFreshCheck(request);
    return toPublicUser(updateUserAsAdmin(admin, id, input));
  },
  DELETE: async ({ request, params }) => {
    const admin = await requireApiAdmin(request);
    const id = idParam(params.id, ADMIN_USER_ERRORS.notFound);
    await requireApiFreshCheck(request);
    deleteUserAsAdmin(admin, id);
    return { message: 'Usuário excluído' };
  },
});
