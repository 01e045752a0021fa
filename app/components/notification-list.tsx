import { LightLink } from '~/components/ui/light-link';
import { firstReplyError } from '~/utils/form-reply';
import type { FormReply } from '~/utils/form.server';
import { useFetcher } from '@remix-run/react';
import type { NotificationGroup, NotificationView } from '~/models/notifications/notification.server';
import { formatDateTime } from '~/utils/format';

/** What the /notifications action answers, to a fetcher or (without JavaScript) to the page. */
export type MarkReadResult = FormReply;

const accents: Record<NotificationView['type'], string> = {
  error: 'border-l-red-500',
  warning: 'border-l-amber-500',
  success: 'border-l-green-500',
  info: 'border-l-brand-500',
};

function NotificationLink({ href, onNavigate }: { href: string; onNavigate?: () => void }) {
  const className = 'mt-1 inline-block text-sm font-medium text-brand-700 hover:underline';
  if (href.startsWith('/')) {
    return (
      <LightLink to={href} className={className} onClick={onNavigate}>
        Ver mais
      </LightLink>
    );
  }
  return (
    <a href={href} className={className} target="_blank" rel="noopener noreferrer">
      Ver mais
    </a>
  );
}

function NotificationItem({ item, onNavigate }: { item: NotificationView; onNavigate?: () => void }) {
  const fetcher = useFetcher<MarkReadResult>();
  // Dimmed as soon as the click is sent; back to unread if the server refuses.
  const read = item.isRead || fetcher.state !== 'idle';
  return (
    <li
      data-testid="notification-item"
      data-read={read ? 'true' : 'false'}
      className={`rounded-md border border-l-4 border-slate-200 bg-white p-3 ${accents[item.type]} ${read ? 'opacity-60' : ''}`}
    >
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold">
            {read ? null : <span className="mr-2 inline-block h-2 w-2 rounded-full bg-brand-600" aria-label="Não lida" />}
            {item.title}
          </p>
          <p className="mt-1 whitespace-pre-line break-words text-sm text-slate-700">{item.message}</p>
          {item.link ? <NotificationLink href={item.link} onNavigate={onNavigate} /> : null}
          <p className="mt-1 text-xs text-slate-500">
            <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
          </p>
          {fetcher.state === 'idle' && firstReplyError(fetcher.data?.result) ? (
            <p role="alert" className="field-error">
              <strong>Erro</strong>: {firstReplyError(fetcher.data?.result)}
            </p>
          ) : null}
        </div>
        {read ? null : (
          <fetcher.Form method="post" action="/notifications">
            <input type="hidden" name="intent" value="read" />
            <input type="hidden" name="id" value={item.id} />
            <button type="submit" className="btn-ghost whitespace-nowrap px-2 py-1 text-xs">
              Marcar como lida
            </button>
          </fetcher.Form>
        )}
      </div>
    </li>
  );
}

/**
 * The grouped list of the drawer and of the /notifications page. Each unread item has its own
 * mark-as-read form: a fetcher once JavaScript runs, a plain post to /notifications without it.
 */
export function NotificationList({ groups, onNavigate }: { groups: NotificationGroup[]; onNavigate?: () => void }) {
  if (groups.length === 0) return <p className="text-sm text-slate-600">Nenhuma notificação no momento.</p>;
  return (
    <div className="space-y-6">
      {groups.map((group) => (
        <section key={group.type} aria-labelledby={`notifications-group-${group.type}`}>
          <h3 id={`notifications-group-${group.type}`} className="text-xs font-semibold uppercase tracking-wide text-slate-500">
            {group.title}
          </h3>
          <ul className="mt-2 space-y-2">
            {group.items.map((item) => (
              <NotificationItem key={item.id} item={item} onNavigate={onNavigate} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
