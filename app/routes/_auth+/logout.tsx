import type { ActionFunctionArgs } from '@remix-run/node';
import { logoutCookie } from '~/models/auth.server';
import { readForm } from '~/utils/form.server';
import { redirectWithToast, safeRedirect } from '~/utils/toast.server';

export function loader() {
  return safeRedirect('/');
}

export async function action({ request }: ActionFunctionArgs) {
  await readForm(request);
  return redirectWithToast(
    '/',
    { title: 'Logout bem-sucedido', description: 'Você saiu da sua conta.', type: 'success' },
    { headers: { 'Set-Cookie': await logoutCookie(request) } },
  );
}
