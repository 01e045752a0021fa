import { useNavigation } from '@remix-run/react';
import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useIdleRevalidate } from './idle-revalidate';
import type { LiveConnector } from './live-connection';
import type { LiveCounter, LiveStore } from './live-store';
import { pageRouter, watchNavigation } from './router-navigation';

/**
 * The live updates in the page: `useLiveEvents` (once, in the root layout) loads the tab's store
 * and its one EventSource after hydration, for signed-in viewers only (app/live/live-store.ts and
 * live-connection.ts, a chunk of their own: nothing of them is in the root chunk); components read
 * them through `useLiveCount` (the header's badges) and `useLiveThread` (the ticket on screen),
 * (app/live/live-thread.ts, in the ticket page's chunk), which give the loader's values until the
 * store is there.
 */

export type { LiveCounter, LiveStore };

const LiveContext = createContext<LiveStore | null>(null);

export const noop = () => () => {};

/** The submissions that end the tab's own session: the logout, 'Excluir conta' on /account, and 'Não fui eu' (/email/revert). */
function endsSession(formAction: string | undefined, formData: FormData | undefined): boolean {
  if (!formAction) return false;
  const path = formAction.split('?')[0];
  return path === '/logout' || path === '/email/revert' || (path === '/account' && formData?.get('intent') === 'delete-account');
}

/** The tab's live store, null until it has loaded (and for visitors). */
export const useLiveStore = () => useContext(LiveContext);

type LiveViewer = { id: number; role: string } | null;

type Loaded = { userId: number; store: LiveStore; connect: LiveConnector };

/**
 * The tab's live store for a signed-in viewer, or null until it has loaded (after hydration) and
 * for visitors. Used once, in the root layout, whose `LiveProvider` hands it to the hooks below.
 * The connection opens in an effect of the layout, which React runs after the page's own effects:
 * the ticket on screen (`useLiveThread`) is known before the first EventSource opens.
 */
export function useLiveEvents(viewer: LiveViewer, cursor: string | null): LiveStore | null {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const userId = viewer?.id ?? null;
  const live = loaded && loaded.userId === userId ? loaded : null;
  const revalidate = useIdleRevalidate();
  // Signing out (or deleting the account) ends this session: the stream would report it ended
  // ('Sessão expirada') and race the action's own redirect and toast, so the tab hangs up as soon
  // as it submits one of them: at the router's own 'submitting' (below), which comes before the
  // request leaves, and stays off while React's rendering of it says so.
  const navigation = useNavigation();
  const signingOut = navigation.state !== 'idle' && endsSession(navigation.formAction, navigation.formData);

  useEffect(() => {
    if (userId === null) return;
    let cancelled = false;
    void import('./live-connection').then(({ LiveStore, connectLive }) => {
      if (!cancelled) setLoaded({ userId, store: new LiveStore(), connect: connectLive });
    });
    return () => {
      cancelled = true;
    };
  }, [userId]);

  const role = viewer?.role ?? null;
  useEffect(() => {
    if (!live) return;
    live.store.role = role;
    live.store.baseCursor = cursor;
  }, [live, role, cursor]);

  useEffect(() => {
    if (!live || signingOut) return;
    const stopResync = live.store.onEvent((event) => (event.type === 'resync' ? revalidate() : undefined));
    const stop = live.connect(live.store);
    const hangUp = () => {
      unwatch();
      stopResync();
      stop();
    };
    // React renders the router's 'submitting' in a transition, which a busy machine delays past the
    // logout's answer and the stream's 'session-ended': the router's own state is read instead.
    let unwatch = () => {};
    unwatch = watchNavigation(pageRouter(), (now) => {
      if (now.state !== 'idle' && endsSession(now.formAction, now.formData)) hangUp();
    });
    return hangUp;
  }, [live, signingOut, revalidate]);

  return live?.store ?? null;
}

export function LiveProvider({ store, children }: { store: LiveStore | null; children: ReactNode }) {
  return <LiveContext.Provider value={store}>{children}</LiveContext.Provider>;
}

/** A header badge: the loader's count, moved by the events published after the loader counted. */
export function useLiveCount(counter: LiveCounter, base: number, baseCursor: string | null): number {
  const store = useContext(LiveContext);
  return useSyncExternalStore(
    store?.subscribe ?? noop,
    () => (store ? store.countOf(counter, base, baseCursor) : base),
    () => base,
  );
}
