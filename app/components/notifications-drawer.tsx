import { LightLink } from '~/components/ui/light-link';
import { useFetcher } from '@remix-run/react';
import { lazy, Suspense, useState } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import type { NotificationInbox } from '~/models/notifications/notification.server';

/** The drawer (Headless UI and the list) loads on the first click, so it weighs nothing on pages where nobody opens it. */
const NotificationsPanel = lazy(() => import('./notifications-panel'));

const buttonClass = 'relative rounded-full p-2 text-slate-600 hover:bg-slate-100';

/**
 * The bell's accessible name is its own text ('Notificações 3 não lidas'), visible badge included:
 * an aria-label that only paraphrased the badge failed axe's label-content-name-mismatch.
 */
function Bell({ unread }: { unread: number }) {
  return (
    <>
      <span className="sr-only">Notificações</span>
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M15 17h5l-1.4-1.4A2 2 0 0 1 18 14.2V11a6 6 0 1 0-12 0v3.2a2 2 0 0 1-.6 1.4L4 17h5m6 0a3 3 0 1 1-6 0" />
      </svg>
      {unread > 0 ? (
        <span
          data-testid="notifications-badge"
          className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-xs font-semibold text-white"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
      {unread > 0 ? <span className="sr-only"> não lidas</span> : null}
    </>
  );
}

/**
 * The header's bell. Without JavaScript it is a link to the /notifications page; once hydrated
 * it opens a side drawer that loads the same grouped list from that route's loader.
 */
export function NotificationsDrawer({ unread }: { unread: number }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const list = useFetcher<NotificationInbox>();

  if (!hydrated) {
    return (
      <LightLink to="/notifications" className={buttonClass}>
        <Bell unread={unread} />
      </LightLink>
    );
  }

  const close = () => setOpen(false);
  const openDrawer = () => {
    setOpen(true);
    list.load('/notifications');
  };

  return (
    <>
      <button type="button" className={buttonClass} aria-haspopup="dialog" aria-expanded={open} onClick={openDrawer}>
        <Bell unread={unread} />
      </button>
      {open ? (
        <Suspense fallback={null}>
          <NotificationsPanel list={list.data ?? null} onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}
