import { apiAction, jsonResponse } from '~/utils/api.server';
import { logoutCookie } from '~/models/auth.server';
import { assertSameOrigin } from '~/utils/security.server';

export const action = apiAction({
  POST: async ({ request }) => {
    assertSameOrigin(request);
    return jsonResponse({ message: 'Você saiu da sua conta.' }, { headers: { 'Set-Cookie': await logoutCookie(request) } });
  },
});
