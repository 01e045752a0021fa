import { syncAllUserRoles } from '~/models/role-grant.server';
import { apiAction } from '~/utils/api.server';
import { requireApiAdmin } from '~/models/permissions.server';

/** POST /api/admin/force-expiration-check (admin): applies every ended period now. */
export const action = apiAction({
  POST: async ({ request }) => {
    await requireApiAdmin(request);
    const updated = syncAllUserRoles();
    return { message: 'Verificação concluída', updated };
  },
});
