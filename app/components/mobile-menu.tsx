import { lazy, Suspense, useContext, useEffect, useState, type ReactNode } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { LightLinkPath } from '~/components/ui/light-link';

/** The dialog (Headless UI) loads on the first tap, so it weighs nothing on pages where nobody opens the menu. */
const MobileMenuDialog = lazy(() => import('./mobile-menu-dialog'));

const toggleClass = 'rounded-md p-2 text-slate-700 hover:bg-slate-100';

function MenuIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M4 6h16M4 12h16M4 18h16" />
    </svg>
  );
}

export function CloseIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M6 6l12 12M18 6L6 18" />
    </svg>
  );
}

/**
 * The header's menu below `lg`. Without JavaScript (and before hydration) a native disclosure: ☰
 * opens a panel that fills the screen under the header, and the same control, now ✕ 'Fechar menu',
 * closes it; following a link loads a page with it closed. Once hydrated, ☰ opens a full-screen
 * dialog (focus trap, Escape, its own ✕) that also closes on navigation. `children` gets the close
 * function for the links inside.
 */
export function MobileMenu({ children }: { children: (close: () => void) => ReactNode }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const pathname = useContext(LightLinkPath);
  useEffect(() => setOpen(false), [pathname]);
  const close = () => setOpen(false);

  if (!hydrated) {
    return (
      <details className="group lg:hidden">
        <summary data-testid="menu-button" className={`list-none [&::-webkit-details-marker]:hidden ${toggleClass}`}>
          <span className="group-open:hidden">
            <MenuIcon />
            <span className="sr-only">Abrir menu</span>
          </span>
          <span className="hidden group-open:inline">
            <CloseIcon />
            <span className="sr-only">Fechar menu</span>
          </span>
        </summary>
        <div
          data-testid="mobile-menu"
          className="fixed inset-x-0 bottom-0 top-16 z-40 flex flex-col overflow-y-auto border-t border-slate-200 bg-white"
        >
          {children(close)}
        </div>
      </details>
    );
  }

  return (
    <div className="lg:hidden">
      <button
        type="button"
        data-testid="menu-button"
        className={toggleClass}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <MenuIcon />
        <span className="sr-only">Abrir menu</span>
      </button>
      {open ? (
        <Suspense fallback={null}>
          <MobileMenuDialog onClose={close}>{children(close)}</MobileMenuDialog>
        </Suspense>
      ) : null}
    </div>
  );
}
