import { createUserAsAdmin, listUsers } from '~/models/admin/users.server';
import { toPublicUser } from '~/models/accounts/user.server';
import { adminUserCreateSchema, userListQuerySchema } from '~/schemas/admin-user';
import { apiAction, apiLoader, jsonResponse, readJson } from '~/utils/api.server';
import { pageHeaders, readListQuery } from '~/utils/pagination.server';
import { requireApiAdmin } from '~/models/accounts/permissions.server';
import { makesAdmin, requireApiFreshCheck } from '~/models/accounts/fresh-check.server';

/**
 * GET /api/users (admin): an array of users, newest first, a page at a time (`?page=`, `?perPage=` up to 100);
 * `?q=` matches username or e-mail, `?role=` the role in force. X-Total-Count carries the total.
 */
export const loader = apiLoader(async ({ request }) => {
  await requireApiAdmin(request);
  const page = listUsers(readListQuery(request, userListQuerySchema));
  return jsonResponse(page.items, { headers: pageHeaders(page) });
});

/** POST /api/users (admin): username, email, password, cpf, role, proDays (default 30). */
export const action = apiAction({
  POST: async ({ request }) => {
    const admin = await requireApiAdmin(request);
    const input = await readJson(request, adminUserCreateSchema);
    if (makesAdmin(null, input.role)) await requireApiFreshCheck(request);
    return jsonResponse(toPublicUser(await createUserAsAdmin(admin, input)), { status: 201 });
  },
});
