import { createNotification, listNotificationsFor } from '~/models/notifications/notification.server';
import { notificationCreateSchema } from '~/schemas/notification';
import { apiAction, apiLoader, jsonResponse, readJson } from '~/utils/api.server';
import { requireApiAdmin, requireApiUser } from '~/models/accounts/permissions.server';

/** GET /api/notifications: the signed-in user's notifications, with their own read state. */
export const loader = apiLoader(async ({ request }) => listNotificationsFor(await requireApiUser(request)));

/** POST /api/notifications (admin): title, message, type, targetRole, and optional link, expiresAt, userId. */
export const action = apiAction({
  POST: async ({ request }) => {
    const admin = await requireApiAdmin(request);
    const input = await readJson(request, notificationCreateSchema);
    return jsonResponse(createNotification(admin, input), { status: 201 });
  },
});
