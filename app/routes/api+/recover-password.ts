import { verifyIdentityWithLimits } from '~/models/account-flows.server';
import { recoverApiSchema } from '~/schemas/auth';
import { apiAction, readJson } from '~/utils/api.server';
import { requestAddress } from '~/models/auth.server';

export const action = apiAction({
  POST: async ({ request }) => {
    const { identifier, cpf } = await readJson(request, recoverApiSchema);
    return verifyIdentityWithLimits(requestAddress(request), identifier, cpf);
  },
});
