import { LightLink } from '~/components/ui/light-link';
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useLocation, useNavigate } from '@remix-run/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { DIALOG_PARAM, withParams } from '~/utils/url-state';

const widths = { md: 'max-w-md', lg: 'max-w-2xl', xl: 'max-w-5xl' } as const;

/** The current page without the dialog's parameters (`dialog` and the ones it names). */
export function useDialogCloseLink(params: readonly string[] = []): string {
  const location = useLocation();
  const changes = Object.fromEntries([DIALOG_PARAM, ...params].map((name) => [name, null]));
  return `${location.pathname}${withParams(location.search, changes)}`;
}

type UrlDialogProps = {
  title: string;
  children: ReactNode;
  /** Parameters besides `dialog` that belong to this dialog (e.g. `tool`), dropped on close. */
  params?: readonly string[];
  size?: keyof typeof widths;
};

/** Set by the root layout once React has hydrated the page (app/root.tsx). */
const pageHydrated = () => typeof document !== 'undefined' && document.documentElement.dataset.hydrated === 'true';

/** A field of the server's HTML that the visitor changed (or is in) before the page hydrated. */
function touchedBeforeHydration(panel: HTMLElement): boolean {
  if (panel.contains(document.activeElement)) return true;
  return Array.from(panel.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>('input, textarea, select')).some(
    (field) => {
      if (field instanceof HTMLSelectElement) return Array.from(field.options).some((option) => option.selected !== option.defaultSelected);
      if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio'))
        return field.checked !== field.defaultChecked;
      return field.value !== field.defaultValue;
    },
  );
}

/**
 * A dialog whose open state is the URL (`?dialog=...`, see docs/decisions/006): rendered by the
 * server as a plain overlay (works without JavaScript; its links close it), and by Headless UI
 * once hydrated (focus trap, Escape, no full reload). It works out its own close link.
 * Headless UI's dialog is a new element tree: a visitor who typed into the server's overlay before
 * the page hydrated (a slow phone) keeps that overlay, and what they typed, until it closes.
 */
export function UrlDialog({ title, children, params = [], size = 'md' }: UrlDialogProps) {
  const [enhanced, setEnhanced] = useState(pageHydrated);
  const overlay = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const closeTo = useDialogCloseLink(params);
  const panel = `w-full ${widths[size]} max-h-[90vh] overflow-y-auto rounded-lg bg-white p-6 shadow-xl`;

  useEffect(() => {
    if (enhanced || (overlay.current && touchedBeforeHydration(overlay.current))) return;
    setEnhanced(true);
  }, [enhanced]);

  if (!enhanced) {
    return (
      <div className="fixed inset-0 z-40 flex items-center justify-center bg-slate-900/50 p-4">
        <div ref={overlay} role="dialog" aria-modal="true" aria-labelledby="url-dialog-title" className={panel}>
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

/** The dialog's 'Cancelar' / 'Fechar' link: a plain link to the page without the dialog. */
export function DialogCloseLink({
  children,
  params = [],
  className = 'btn-secondary',
}: {
  children: ReactNode;
  params?: readonly string[];
  className?: string;
}) {
  const closeTo = useDialogCloseLink(params);
  return (
    <LightLink to={closeTo} className={className} preventScrollReset>
      {children}
    </LightLink>
  );
}
