import { describe, expect, test, vi } from 'vitest';
import { watchNavigation, whenIdle, type NavigationSource, type RouterNavigation } from './router-navigation';

/** A router stand-in: its state changes, and subscribers are told synchronously, as Remix's router does. */
function fakeRouter() {
  const listeners = new Set<(state: { navigation: RouterNavigation }) => void>();
  const source: NavigationSource & { go(navigation: Partial<RouterNavigation>): void } = {
    state: { navigation: { state: 'idle' } as RouterNavigation },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    go(navigation) {
      source.state = { navigation: navigation as RouterNavigation };
      for (const listener of listeners) listener(source.state);
    },
  };
  return source;
}

describe("the router's navigation, as the live stream reads it", () => {
  test('a request while the router is loading (before React has drawn it) waits for idle, then runs once', async () => {
    vi.useFakeTimers();
    try {
      const router = fakeRouter();
      const run = vi.fn();
      const gate = whenIdle(router, run);
      gate.request();
      expect(run).toHaveBeenCalledTimes(1);
      router.go({ state: 'submitting', formAction: '/chat/1' });
      gate.request();
      router.go({ state: 'loading' });
      gate.request();
      vi.runAllTimers();
      expect(run).toHaveBeenCalledTimes(1);
      router.go({ state: 'idle' });
      vi.runAllTimers();
      expect(run).toHaveBeenCalledTimes(2);
      // Disposed: nothing more.
      router.go({ state: 'loading' });
      gate.request();
      gate.dispose();
      router.go({ state: 'idle' });
      vi.runAllTimers();
      expect(run).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  test('a watcher hears the submission at the moment the router starts it, and each navigation once', () => {
    const router = fakeRouter();
    const seen: string[] = [];
    const unwatch = watchNavigation(router, (navigation) => seen.push(`${navigation.state}${navigation.formAction ?? ''}`));
    router.go({ state: 'submitting', formAction: '/logout' });
    expect(seen).toEqual(['idle', 'submitting/logout']);
    unwatch();
    router.go({ state: 'idle' });
    expect(seen).toHaveLength(2);
  });

  test('without a router (before hydration, on the server) requests run at once', () => {
    const run = vi.fn();
    whenIdle(null, run).request();
    expect(run).toHaveBeenCalledOnce();
  });
});
