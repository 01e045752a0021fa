import { LightLink } from '~/components/ui/light-link';
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import type { NotificationInbox } from '~/models/notifications/notification.server';
import { NotificationList } from './notification-list';

/** The side drawer of the header's bell (Headless UI: focus trap, Escape, backdrop). */
export default function NotificationsPanel({ list, onClose: close }: { list: NotificationInbox | null; onClose: () => void }) {
  return (
    <Dialog open onClose={close} className="fixed inset-0 z-40">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/40" />
      <div className="fixed inset-y-0 right-0 flex max-w-full">
        <DialogPanel className="flex h-full w-screen max-w-md flex-col bg-white shadow-xl">
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
            <DialogTitle className="text-lg font-semibold">Notificações</DialogTitle>
            <button type="button" onClick={close} className="btn-ghost px-2 py-1" aria-label="Fechar notificações">
              ✕
            </button>
          </div>
          <div className="flex-1 overflow-y-auto p-4">
            {list ? (
              <NotificationList groups={list.groups} onNavigate={close} />
            ) : (
              <p className="text-sm text-slate-600" role="status">
                Carregando notificações...
              </p>
            )}
          </div>
          <div className="border-t border-slate-200 p-4">
            <LightLink to="/notifications" onClick={close} className="text-sm font-medium text-brand-700 hover:underline">
              Ver todas as notificações
            </LightLink>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
