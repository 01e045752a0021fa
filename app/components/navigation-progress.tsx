import { useNavigation } from '@remix-run/react';

/** A thin bar while a page loads: the spinner the specification asks for on protected routes. */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div role="progressbar" aria-label="Carregando" className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-brand-100">
      <div className="h-full w-1/3 animate-pulse bg-brand-600" />
    </div>
  );
}
