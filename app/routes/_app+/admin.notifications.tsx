import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData, useLocation } from '@remix-run/react';
import { ListCount } from '~/components/ui/list-table';
import { NotificationForm, NotificationHistory } from '~/components/admin/notifications';
import { Pagination } from '~/components/ui/pagination';
import { createNotification, deleteNotification, listSentNotifications } from '~/models/notifications/notification.server';
import { requireAdmin } from '~/models/accounts/permissions.server';
import { notificationFormSchema, notificationIdSchema } from '~/schemas/notification';
import { handleForm, intent } from '~/utils/form.server';
import { formatDateTime } from '~/utils/format';
import { listQuerySchema } from '~/utils/list-query';
import { pageMeta } from '~/utils/meta';
import { parseListQuery } from '~/utils/pagination.server';
import { redirectWithToast } from '~/utils/toast.server';

export const meta: MetaFunction = () =>
  pageMeta('Notificações — Administração', 'Enviar notificações aos usuários e consultar o histórico.');

const historyQuerySchema = listQuerySchema({ sorts: ['recent'], perPage: 20, maxPerPage: 100 });

/** /admin/notifications?page=: the send form and the history, newest first, 20 a page. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const page = listSentNotifications(parseListQuery(new URL(request.url).searchParams, historyQuerySchema));
  return json({ ...page, items: page.items.map((item) => ({ ...item, sentAt: formatDateTime(item.createdAt) })) });
}

export async function action(args: ActionFunctionArgs) {
  const admin = await requireAdmin(args.request);
  const url = new URL(args.request.url);
  const back = `${url.pathname}${url.search}`;
  return handleForm(args, {
    send: intent({
      schema: notificationFormSchema,
      refusalToast: (message) => ({ title: 'Erro ao criar notificação', description: message, type: 'error' }),
      run: (input) => {
        const sent = createNotification(admin, { ...input, userId: null });
        // The newest is on the first page.
        return redirectWithToast(url.pathname, {
          title: 'Notificação enviada',
          description: `“${sent.title}” foi enviada.`,
          type: 'success',
        });
      },
    }),
    delete: intent({
      schema: notificationIdSchema,
      refusalToast: (message) => ({ title: 'Erro ao excluir notificação', description: message, type: 'error' }),
      run: ({ id }) => {
        deleteNotification(admin, id);
        return redirectWithToast(back, {
          title: 'Notificação excluída',
          description: 'A notificação foi removida para todos.',
          type: 'success',
        });
      },
    }),
  });
}

export default function AdminNotifications() {
  const { items, total, page, pageCount } = useLoaderData<typeof loader>();
  const location = useLocation();
  return (
    <div className="space-y-6">
      <NotificationForm key={location.key} />
      <section className="card" aria-labelledby="notification-history-heading">
        <h2 id="notification-history-heading" className="text-lg font-semibold">
          Histórico de notificações
        </h2>
        <ListCount total={total} one="notificação enviada" many="notificações enviadas" />
        <NotificationHistory items={items} />
        <Pagination page={page} pageCount={pageCount} />
      </section>
    </div>
  );
}
