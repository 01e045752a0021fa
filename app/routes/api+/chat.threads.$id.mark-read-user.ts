import { markRead } from '~/models/chat/chat.server';
import { requireApiUser } from '~/models/accounts/permissions.server';
import { CHAT_MESSAGES } from '~/schemas/chat';
import { apiAction, idParam } from '~/utils/api.server';

/** POST /api/chat/threads/{id}/mark-read-user (the ticket's owner): empty body → { thread }, read for its user. */
export const action = apiAction({
  POST: async ({ request, params }) => {
    const user = await requireApiUser(request);
    return { thread: markRead(user, idParam(params.id, CHAT_MESSAGES.notFound), 'user') };
  },
});
