import { updateAccount } from '~/models/account.server';
import { requestAddress } from '~/models/auth.server';
import { toPublicUser } from '~/models/user.server';
import { profileApiSchema } from '~/schemas/auth';
import { apiAction, readJson } from '~/utils/api.server';
import { requireApiUser } from '~/models/permissions.server';

export const action = apiAction({
  PATCH: async ({ request, context }) => {
    const user = await requireApiUser(request);
    const input = await readJson(request, profileApiSchema);
    return toPublicUser(await updateAccount(user.id, input, requestAddress(request, context)));
  },
});
