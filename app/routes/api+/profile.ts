import { toPublicUser, updateAccount } from '~/models/user.server';
import { profileApiSchema } from '~/schemas/auth';
import { apiAction, readJson } from '~/utils/api.server';
import { requireApiUser } from '~/models/permissions.server';

export const action = apiAction({
  PATCH: async ({ request }) => {
    const user = await requireApiUser(request);
    const input = await readJson(request, profileApiSchema);
    return toPublicUser(await updateAccount(user.id, input));
  },
});
