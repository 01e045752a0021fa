import { countAdminUnreadThreads } from '~/models/chat/thread-lists.server';
import { requireApiAdmin } from '~/models/accounts/permissions.server';
import { apiLoader } from '~/utils/api.server';

/** GET /api/chat/admin/unread-count (admin): tickets with news for the support team (a number). */
export const loader = apiLoader(async ({ request }) => {
  await requireApiAdmin(request);
  return countAdminUnreadThreads();
});
