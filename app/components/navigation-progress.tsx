import { useNavigation } from '@remix-run/react';
import { loadingTextFor } from '~/utils/loading-texts';

/**
 * A thin bar while a page loads (the spinner the specification asks for on protected routes),
 * with the page's own loading text where the specification names one.
 */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  const text = navigation.state === 'loading' ? loadingTextFor(navigation.location.pathname) : null;
  return (
    <>
      <div role="progressbar" aria-label="Carregando" className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-brand-100">
        <div className="h-full w-1/3 animate-pulse bg-brand-600" />
      </div>
      {text ? (
        <p
          role="status"
          className="fixed left-1/2 top-3 z-50 -translate-x-1/2 rounded-full bg-white px-4 py-1.5 text-sm text-slate-700 shadow ring-1 ring-slate-200"
        >
          {text}
        </p>
      ) : null}
    </>
  );
}
