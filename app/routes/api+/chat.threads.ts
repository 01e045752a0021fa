import { createThread } from '~/models/chat/chat.server';
import { listUserThreads } from '~/models/chat/thread-lists.server';
import { requireApiUser } from '~/models/accounts/permissions.server';
import { chatListQuerySchema, chatThreadCreateSchema } from '~/schemas/chat';
import { apiAction, apiLoader, jsonResponse, readJson } from '~/utils/api.server';
import { pageHeaders, readListQuery } from '~/utils/pagination.server';

/**
 * GET /api/chat/threads: the signed-in user's own tickets, newest activity first, a page at a
 * time (`?page=`, `?perPage=` up to 100, `?q=` on the subject); X-Total-Count carries the total.
 */
export const loader = apiLoader(async ({ request }) => {
  const user = await requireApiUser(request);
  const page = listUserThreads(user.id, readListQuery(request, chatListQuerySchema));
  return jsonResponse(page.items, { headers: pageHeaders(page) });
});

/**
 * POST /api/chat/threads: { subject } → 201 with the new ticket (its id); the first message then
 * goes to /messages, as the specification's client does. { subject, message } creates both in
 * one transaction.
 */
export const action = apiAction({
  POST: async ({ request }) => {
    const user = await requireApiUser(request);
    const input = await readJson(request, chatThreadCreateSchema);
    return jsonResponse(await createThread(user, input), { status: 201 });
  },
});
