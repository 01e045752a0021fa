import { ADMIN_USER_ERRORS, resetUserPassword } from '~/models/admin/users.server';
import { adminPasswordResetSchema } from '~/schemas/admin-user';
import { apiAction, idParam, readJson } from '~/utils/api.server';
import { requireApiAdmin } from '~/models/accounts/permissions.server';

/** PATCH /api/users/{id}/reset-password (admin): { password }; the user's sessions end. */
export const action = apiAction({
  PATCH: async ({ request, params }) => {
    const admin = await requireApiAdmin(request);
    const id = idParam(params.id, ADMIN_USER_ERRORS.notFound);
    const { password } = await readJson(request, adminPasswordResetSchema);
    await resetUserPassword(admin, id, password);
    return { message: 'Senha redefinida' };
  },
});
