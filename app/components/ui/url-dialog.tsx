import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useNavigate } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';

type UrlDialogProps = { title: string; closeTo: string; children: ReactNode; size?: 'md' | 'lg' | 'xl' };

const widths = { md: 'max-w-md', lg: 'max-w-2xl', xl: 'max-w-5xl' } as const;

/**
 * A dialog whose open state is the URL (`?dialog=...`): rendered by the server as a plain
 * overlay (works without JavaScript, links close it), and by Headless UI once hydrated.
 */
export function UrlDialog({ title, closeTo, children, size = 'md' }: UrlDialogProps) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const panel = `w-full ${widths[size]} max-h-[90vh] overflow-y-auto rounded-lg bg-white p-6 shadow-xl`;

  if (!hydrated) {
    return (
      <div className="fixed inset-0 z-40 flex items-center justify-center bg-slate-900/50 p-4">
        <div role="dialog" aria-modal="true" aria-labelledby="url-dialog-title" className={panel}>
          <h2 id="url-dialog-title" className="text-lg font-semibold">
            {title}
          </h2>
          <div className="mt-4">{children}</div>
        </div>
      </div>
    );
  }
  return (
    <Dialog
      open
      onClose={() => navigate(closeTo, { preventScrollReset: true })}
      className="fixed inset-0 z-40 flex items-center justify-center p-4"
    >
      <DialogBackdrop className="fixed inset-0 bg-slate-900/50" />
      <DialogPanel className={`relative ${panel}`}>
        <DialogTitle className="text-lg font-semibold">{title}</DialogTitle>
        <div className="mt-4">{children}</div>
      </DialogPanel>
    </Dialog>
  );
}
