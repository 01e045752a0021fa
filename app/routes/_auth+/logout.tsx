import type { ActionFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { logoutCookie } from '~/models/accounts/auth.server';
import { handleForm, intent } from '~/utils/form.server';
import { redirectWithToast, safeRedirect } from '~/utils/toast.server';

export function loader() {
  return safeRedirect('/');
}

export async function action(args: ActionFunctionArgs) {
  return handleForm(args, {
    logout: intent({
      schema: z.object({}),
      run: async () =>
        redirectWithToast(
          '/',
          { title: 'Logout bem-sucedido', description: 'Você saiu da sua conta.', type: 'success' },
          { headers: { 'Set-Cookie': await logoutCookie(args.request) } },
        ),
    }),
  });
}
