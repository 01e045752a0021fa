import { markNotificationRead, NOTIFICATION_NOT_FOUND } from '~/models/notifications/notification.server';
import { apiAction, idParam } from '~/utils/api.server';
import { requireApiUser } from '~/models/accounts/permissions.server';

/** PATCH /api/notifications/{id}/read: no body; read for this user only. */
export const action = apiAction({
  PATCH: async ({ request, params }) => {
    const user = await requireApiUser(request);
    markNotificationRead(user, idParam(params.id, NOTIFICATION_NOT_FOUND));
    return { message: 'Notificação marcada como lida' };
  },
});
