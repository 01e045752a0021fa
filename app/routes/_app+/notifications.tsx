import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { NotificationList, type MarkReadResult } from '~/components/notification-list';
import { Alert } from '~/components/ui/alert';
import { markNotificationRead, notificationInbox } from '~/models/notifications/notification.server';
import { markReadSchema } from '~/schemas/notification';
import { requireUser } from '~/models/accounts/permissions.server';
import { handleForm, intent } from '~/utils/form.server';
import { firstReplyError } from '~/utils/form-reply';
import { pageMeta } from '~/utils/meta';

export const meta: MetaFunction = () => pageMeta('Notificações', 'Avisos e confirmações da sua conta na E-Engenharia.');

/** The grouped list: this page, and the drawer's data (fetcher.load('/notifications')). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return json(notificationInbox(user));
}

/**
 * Mark as read. It answers data rather than redirecting, so the drawer's fetcher stays where it
 * is; marking twice is harmless, so a re-post after a reload without JavaScript is too.
 */
export async function action(args: ActionFunctionArgs) {
  const user = await requireUser(args.request);
  return handleForm(args, {
    read: intent({
      schema: markReadSchema,
      run: ({ id }, submission) => {
        markNotificationRead(user, id);
        return json<MarkReadResult>({ intent: 'read', result: submission.reply() });
      },
    }),
  });
}

export default function NotificationsPage() {
  const { groups, unread } = useLoaderData<typeof loader>();
  const error = firstReplyError(useActionData<MarkReadResult>()?.result);
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-bold">Notificações</h1>
      <p className="mt-1 text-sm text-slate-600">
        {unread === 0 ? 'Nenhuma notificação não lida.' : unread === 1 ? '1 notificação não lida.' : `${unread} notificações não lidas.`}
      </p>
      {error ? (
        <div className="mt-4">
          <Alert title="Erro">{error}</Alert>
        </div>
      ) : null}
      <div className="mt-6">
        <NotificationList groups={groups} />
      </div>
    </div>
  );
}
