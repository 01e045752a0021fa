import { apiAction, jsonResponse, requireSameOrigin } from '~/utils/api.server';
import { logoutCookie } from '~/models/accounts/auth.server';

export const action = apiAction({
  POST: async ({ request }) => {
    requireSameOrigin(request);
    return jsonResponse({ message: 'Você saiu da sua conta.' }, { headers: { 'Set-Cookie': await logoutCookie(request) } });
  },
});
