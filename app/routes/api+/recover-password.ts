import { verifyIdentityWithLimits } from '~/models/accounts/account-flows.server';
import { recoverApiSchema } from '~/schemas/auth';
import { apiAction, readJson } from '~/utils/api.server';
import { requestAddress } from '~/models/accounts/auth.server';

export const action = apiAction({
  POST: async ({ request, context }) => {
    const { identifier, cpf } = await readJson(request, recoverApiSchema);
    return verifyIdentityWithLimits(requestAddress(request, context), identifier, cpf);
  },
});
