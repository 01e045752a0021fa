import { deleteNotification, NOTIFICATION_NOT_FOUND } from '~/models/notifications/notification.server';
import { apiAction, idParam } from '~/utils/api.server';
import { requireApiAdmin } from '~/models/accounts/permissions.server';

/** DELETE /api/notifications/{id} (admin). */
export const action = apiAction({
  DELETE: async ({ request, params }) => {
    const admin = await requireApiAdmin(request);
    deleteNotification(admin, idParam(params.id, NOTIFICATION_NOT_FOUND));
    return { message: 'Notificação excluída' };
  },
});
