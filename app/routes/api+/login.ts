import { getUserById, toPublicUser } from '~/models/user.server';
import { loginApiSchema } from '~/schemas/auth';
import { apiAction, jsonResponse, readJson } from '~/utils/api.server';
import { authenticator, loginCookie } from '~/models/auth.server';

export const action = apiAction({
  POST: async ({ request }) => {
    const { email, password } = await readJson(request, loginApiSchema);
    // The same remix-auth strategy as the /auth page, fed the validated JSON as a form.
    const headers = new Headers(request.headers);
    headers.delete('Content-Type');
    headers.delete('Content-Length');
    const form = new FormData();
    form.set('email', email);
    form.set('password', password);
    const user = await authenticator.authenticate('password', new Request(request.url, { method: 'POST', headers, body: form }));
    const cookie = await loginCookie(request, user);
    return jsonResponse(toPublicUser(getUserById(user.id) ?? user), { headers: { 'Set-Cookie': cookie } });
  },
});
