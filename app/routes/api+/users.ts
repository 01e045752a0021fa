import { createUserAsAdmin, listUsers } from '~/models/admin-users.server';
import { toPublicUser } from '~/models/user.server';
import { adminUserCreateSchema, userListQuerySchema } from '~/schemas/admin-user';
import { apiAction, apiLoader, firstIssueMessage, jsonResponse, readJson } from '~/utils/api.server';
import { requireApiAdmin } from '~/models/permissions.server';
import { AppError } from '~/utils/errors';

/**
 * GET /api/users (admin): an array of users, newest first, 100 a page (`?page=`);
 * `?q=` matches username or e-mail, `?role=` the role in force. X-Total-Count carries the total.
 */
export const loader = apiLoader(async ({ request }) => {
  await requireApiAdmin(request);
  const query = userListQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) throw new AppError(400, firstIssueMessage(query.error));
  const { users, total } = listUsers(query.data);
  return jsonResponse(users, { headers: { 'X-Total-Count': String(total) } });
});

/** POST /api/users (admin): username, email, password, cpf, role, proDays (default 30). */
export const action = apiAction({
  POST: async ({ request }) => {
    const admin = await requireApiAdmin(request);
    const input = await readJson(request, adminUserCreateSchema);
    return jsonResponse(toPublicUser(await createUserAsAdmin(input, admin.id)), { status: 201 });
  },
});
