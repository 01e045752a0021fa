import { closeThread } from '~/models/chat/chat.server';
import { requireApiUser } from '~/models/accounts/permissions.server';
import { CHAT_MESSAGES } from '~/schemas/chat';
import { apiAction, idParam } from '~/utils/api.server';

/** PATCH /api/chat/threads/{id}/close: empty body; the owner or an admin → { message, thread }. */
export const action = apiAction({
  PATCH: async ({ request, params }) => {
    const user = await requireApiUser(request);
    return { message: 'Ticket encerrado', thread: closeThread(user, idParam(params.id, CHAT_MESSAGES.notFound)) };
  },
});
