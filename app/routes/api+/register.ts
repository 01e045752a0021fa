import { registerWithLimits } from '~/models/signup/registration.server';
import { toPublicUser } from '~/models/accounts/user.server';
import { registerApiSchema } from '~/schemas/auth';
import { apiAction, jsonResponse, readJson } from '~/utils/api.server';
import { loginCookies, requestAddress } from '~/models/accounts/auth.server';

export const action = apiAction({
  POST: async ({ request, context }) => {
    const input = await readJson(request, registerApiSchema);
    const address = requestAddress(request, context);
    const { user, promoMessage } = await registerWithLimits(address, input);
    const cookies = await loginCookies(request, user, address, { firstSignIn: true });
    return jsonResponse(
      { ...toPublicUser(user), ...(promoMessage ? { promoMessage } : {}) },
      { status: 201, headers: cookies.map((cookie): [string, string] => ['Set-Cookie', cookie]) },
    );
  },
});
