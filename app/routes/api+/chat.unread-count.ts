import { countUserUnreadThreads } from '~/models/chat/thread-lists.server';
import { requireApiUser } from '~/models/accounts/permissions.server';
import { apiLoader } from '~/utils/api.server';

/** GET /api/chat/unread-count: how many of the user's tickets have a reply they have not opened (a number). */
export const loader = apiLoader(async ({ request }) => {
  const user = await requireApiUser(request);
  return countUserUnreadThreads(user.id);
});
