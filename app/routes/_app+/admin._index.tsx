import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireAdmin } from '~/models/accounts/permissions.server';
import { safeRedirect } from '~/utils/toast.server';
import { withParams } from '~/utils/url-state';

/** The `?tab=` values of the specification's links, each now a nested route. */
const TABS = ['users', 'tools', 'promocodes', 'courses', 'notifications', 'prices', 'refunds', 'inbox', 'audit'] as const;

/**
 * `/admin` opens the users tab; the specification's `/admin?tab=promocodes&courseId=3` (and every
 * `?tab=`) goes to the nested route with the other parameters kept: `/admin/promocodes?courseId=3`.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const tab = params.get('tab');
  const target = TABS.find((name) => name === tab) ?? 'users';
  return safeRedirect(`/admin/${target}${withParams(params, { tab: null })}`);
}
