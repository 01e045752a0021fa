/**
 * The data router's own navigation state, read and watched synchronously. `useNavigation` gives
 * the same state only once React has rendered it, and React renders the router's updates in a
 * transition: on a busy machine (or a slow phone) that render comes after the submission's request
 * has left and its answer, or a live event it caused, has come back. The live stream must act on
 * the state the router is in, not on the one last drawn. (Remix puts its router on
 * `window.__remixRouter`; it is there once the page is hydrated, which the live code waits for.)
 */

type DataRouter = typeof window.__remixRouter;
export type RouterNavigation = DataRouter['state']['navigation'];

/** A router-like source (`window.__remixRouter`, or a stand-in in tests). */
export type NavigationSource = {
  state: { navigation: RouterNavigation };
  subscribe(listener: (state: { navigation: RouterNavigation }) => void): () => void;
};

const IDLE = { state: 'idle' } as RouterNavigation;

export function pageRouter(): NavigationSource | null {
  return typeof window === 'undefined' ? null : (window.__remixRouter ?? null);
}

/** Calls `listener` now and at every change of the router's navigation; returns the unsubscribe. */
export function watchNavigation(source: NavigationSource | null, listener: (navigation: RouterNavigation) => void): () => void {
  if (!source) return () => {};
  let last: RouterNavigation | null = null;
  const onState = (state: { navigation: RouterNavigation }) => {
    if (state.navigation === last) return;
    last = state.navigation;
    listener(state.navigation);
  };
  onState(source.state);
  return source.subscribe(onState);
}

/**
 * `run` when no navigation is under way: at once if the router is idle, else once it next is
 * (several requests meanwhile make one call). Returns the request function and its disposer.
 */
export function whenIdle(source: NavigationSource | null, run: () => void): { request: () => void; dispose: () => void } {
  let pending = false;
  const navigation = () => source?.state.navigation ?? IDLE;
  const unsubscribe = source
    ? source.subscribe((state) => {
        if (!pending || state.navigation.state !== 'idle') return;
        pending = false;
        // Not inside the router's own update: it is still notifying its subscribers.
        setTimeout(() => (navigation().state === 'idle' ? run() : (pending = true)), 0);
      })
    : () => {};
  return {
    request() {
      if (navigation().state === 'idle') run();
      else pending = true;
    },
    dispose() {
      pending = false;
      unsubscribe();
    },
  };
}
