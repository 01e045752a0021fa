import { listMessages, postMessage } from '~/models/chat/chat.server';
import { requireApiUser } from '~/models/accounts/permissions.server';
import { CHAT_MESSAGES, chatMessageSchema, chatMessagesQuerySchema } from '~/schemas/chat';
import { apiAction, apiLoader, idParam, jsonResponse, readJson } from '~/utils/api.server';
import { AppError } from '~/utils/errors';

/**
 * GET /api/chat/threads/{id}/messages: an array in order of arrival — the latest `limit` (default
 * and most 500), `?before=ID` for older ones, `?after=ID` for what came after a message the
 * client has. X-Total-Count is the ticket's number of messages.
 */
export const loader = apiLoader(async ({ request, params }) => {
  const user = await requireApiUser(request);
  const threadId = idParam(params.id, CHAT_MESSAGES.notFound);
  const parsed = chatMessagesQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) throw new AppError(400, parsed.error.issues[0]?.message ?? 'Parâmetros inválidos');
  const page = listMessages(user, threadId, parsed.data);
  return jsonResponse(page.items, { headers: { 'X-Total-Count': String(page.total) } });
});

/** POST { message } (the owner or an admin, open tickets only) → 201 with the message. */
export const action = apiAction({
  POST: async ({ request, params }) => {
    const user = await requireApiUser(request);
    const threadId = idParam(params.id, CHAT_MESSAGES.notFound);
    const { message } = await readJson(request, chatMessageSchema);
    return jsonResponse(await postMessage(user, threadId, message), { status: 201 });
  },
});
