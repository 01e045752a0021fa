import { runExpiryCheck } from '~/models/admin/users.server';
import { apiAction } from '~/utils/api.server';
import { requireApiAdmin } from '~/models/accounts/permissions.server';

/** POST /api/admin/force-expiration-check (admin): applies every ended period now (audited). */
export const action = apiAction({
  POST: async ({ request }) => {
    const admin = await requireApiAdmin(request);
    const updated = runExpiryCheck(admin);
    return { message: 'Verificação concluída', updated };
  },
});
