import { FRESH_CHECK_WINDOW_MS, renewFreshCheck } from '~/models/accounts/fresh-check.server';
import { requestAddress } from '~/models/accounts/auth.server';
import { requireApiUser } from '~/models/accounts/permissions.server';
import { FRESH_CHECK_API_MAX_BYTES, freshCheckApiSchema } from '~/schemas/fresh-check';
import { apiAction, readJson } from '~/utils/api.server';

/**
 * POST /api/fresh-check: renews the fresh check of the caller's session (decision 060) with
 * `{ "code" }` (two-step sign-in on) or `{ "password" }`; counted like a sign-in guess. The
 * dangerous admin endpoints answer 403 `{ freshCheckRequired: true }` past the 10 minutes.
 */
export const action = apiAction({
  POST: async ({ request, context }) => {
    const user = await requireApiUser(request);
    const { code, password } = await readJson(request, freshCheckApiSchema, { maxBytes: FRESH_CHECK_API_MAX_BYTES });
    const now = new Date();
    await renewFreshCheck(request, user, code || password || '', requestAddress(request, context), now);
    return { freshCheckUntil: new Date(now.getTime() + FRESH_CHECK_WINDOW_MS).toISOString() };
  },
});
