import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ReactNode } from 'react';
import { CloseIcon } from './mobile-menu';

/**
 * The phone menu once hydrated: a full-screen Headless UI dialog (focus trap, Escape, the page
 * behind made inert) with its own visible close. Loaded on the first tap, like the notifications drawer.
 */
export default function MobileMenuDialog({ onClose: close, children }: { onClose: () => void; children: ReactNode }) {
  return (
    <Dialog open onClose={close} className="relative z-40 lg:hidden">
      <DialogPanel data-testid="mobile-menu" className="fixed inset-0 flex flex-col overflow-y-auto bg-white">
        <div className="flex h-16 shrink-0 items-center justify-between border-b border-slate-200 px-4">
          <DialogTitle className="text-lg font-bold text-brand-700">Menu</DialogTitle>
          <button type="button" onClick={close} className="rounded-md p-2 text-slate-700 hover:bg-slate-100">
            <CloseIcon />
            <span className="sr-only">Fechar menu</span>
          </button>
        </div>
        {children}
      </DialogPanel>
    </Dialog>
  );
}
