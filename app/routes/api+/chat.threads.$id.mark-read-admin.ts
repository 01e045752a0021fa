import { markRead } from '~/models/chat/chat.server';
import { requireApiAdmin } from '~/models/accounts/permissions.server';
import { CHAT_MESSAGES } from '~/schemas/chat';
import { apiAction, idParam } from '~/utils/api.server';

/** POST /api/chat/threads/{id}/mark-read-admin (admin): empty body → { thread }, read for the support team. */
export const action = apiAction({
  POST: async ({ request, params }) => {
    const admin = await requireApiAdmin(request);
    return { thread: markRead(admin, idParam(params.id, CHAT_MESSAGES.notFound), 'admin') };
  },
});
