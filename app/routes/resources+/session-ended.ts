import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireUser } from '~/models/accounts/permissions.server';
import { safePath } from '~/utils/safe-path';
import { safeRedirect } from '~/utils/toast.server';

/**
 * Where a tab goes when its event stream says the session ended: the page guard clears the
 * session and sends it to /auth with 'Sessão expirada' (and the reason), coming back to
 * `redirectTo` after the next login. A session still alive goes straight back.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const redirectTo = safePath(new URL(request.url).searchParams.get('redirectTo'), '/dashboard');
  await requireUser(request, redirectTo);
  return safeRedirect(redirectTo);
}
