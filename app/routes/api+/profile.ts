import { updateAccount } from '~/models/accounts/account.server';
import { requestAddress } from '~/models/accounts/auth.server';
import { toOwnUser } from '~/models/accounts/user.server';
import { profileApiSchema } from '~/schemas/auth';
import { apiAction, readJson } from '~/utils/api.server';
import { requireApiUser } from '~/models/accounts/permissions.server';

export const action = apiAction({
  PATCH: async ({ request, context }) => {
    const user = await requireApiUser(request);
    const input = await readJson(request, profileApiSchema);
    return toOwnUser(await updateAccount(user.id, input, requestAddress(request, context)));
  },
});
