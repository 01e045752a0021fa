import { listAdminThreads } from '~/models/chat/thread-lists.server';
import { requireApiAdmin } from '~/models/accounts/permissions.server';
import { adminChatListQuerySchema } from '~/schemas/chat';
import { apiLoader, jsonResponse } from '~/utils/api.server';
import { pageHeaders, readListQuery } from '~/utils/pagination.server';

/**
 * GET /api/chat/admin/threads (admin): every ticket with its user's name, newest activity first,
 * a page at a time (`?q=` on the subject, `?status=open|closed`); X-Total-Count carries the total.
 */
export const loader = apiLoader(async ({ request }) => {
  await requireApiAdmin(request);
  const page = listAdminThreads(readListQuery(request, adminChatListQuerySchema));
  return jsonResponse(page.items, { headers: pageHeaders(page) });
});
