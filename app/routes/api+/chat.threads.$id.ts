import { deleteThread, getThread } from '~/models/chat/chat.server';
import { requireApiAdmin, requireApiUser } from '~/models/accounts/permissions.server';
import { CHAT_MESSAGES } from '~/schemas/chat';
import { apiAction, apiLoader, idParam } from '~/utils/api.server';

/** GET /api/chat/threads/{id}: { thread } with userName; someone else's ticket is the same 404 as a missing one. */
export const loader = apiLoader(async ({ request, params }) => {
  const user = await requireApiUser(request);
  return { thread: getThread(user, idParam(params.id, CHAT_MESSAGES.notFound)) };
});

export const action = apiAction({
  /** DELETE (admin): the ticket and its messages. Anyone else gets 403, whatever the id. */
  DELETE: async ({ request, params }) => {
    const admin = await requireApiAdmin(request);
    deleteThread(admin, idParam(params.id, CHAT_MESSAGES.notFound));
    return { message: 'Ticket excluído' };
  },
});
