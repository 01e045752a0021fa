import { getUserById, toPublicUser } from '~/models/accounts/user.server';
import { loginApiSchema } from '~/schemas/auth';
import { apiAction, jsonResponse, readJson } from '~/utils/api.server';
import { authenticateWithPassword, loginCookie, requestAddress } from '~/models/accounts/auth.server';

export const action = apiAction({
  POST: async ({ request, context }) => {
    const { email, password } = await readJson(request, loginApiSchema);
    // The same password check and limits as the /auth page.
    const address = requestAddress(request, context);
    const user = await authenticateWithPassword(address, email, password);
    const cookie = await loginCookie(request, user, address);
    return jsonResponse(toPublicUser(getUserById(user.id) ?? user), { headers: { 'Set-Cookie': cookie } });
  },
});
