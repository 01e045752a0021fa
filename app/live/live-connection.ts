import type { LiveStore } from './live-store';
import { LIVE_PATH, LIVE_STREAM_EVENT_TYPES, SESSION_ENDED_PATH, type LiveStreamEventType, type LiveWireData } from './protocol';

/**
 * The tab's one EventSource (loaded by `useLiveEvents` after hydration, so none of this is in the
 * root chunk). EventSource reconnects by itself after a network loss and sends `Last-Event-ID`;
 * this module reopens it when the ticket on screen changes (resuming from the last event seen)
 * and, when the server refused the stream, asks whether the session is still alive: if not, the
 * tab goes to /auth with 'Sessão expirada', otherwise it tries again a little later (no sooner
 * than the `Retry-After` of a 429: the account already holds as many streams as allowed).
 */

export { LiveStore } from './live-store';

export type LiveConnector = typeof connectLive;

const RETRY_MIN_MS = 2_000;
const RETRY_MAX_MS = 60_000;

/** `Retry-After` in seconds, as milliseconds with up to a second of spread (tabs refused together do not return together); 0 when absent. */
function retryAfterMs(header: string | null): number {
  const seconds = Number(header);
  if (!header || !Number.isFinite(seconds) || seconds <= 0) return 0;
  return Math.min(seconds, 3600) * 1000 + Math.floor(Math.random() * 1000);
}

function leaveForAuth(): void {
  const here = `${window.location.pathname}${window.location.search}`;
  window.location.assign(`${SESSION_ENDED_PATH}?${new URLSearchParams({ redirectTo: here })}`);
}

export function connectLive(store: LiveStore): () => void {
  let source: EventSource | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let retryDelay = RETRY_MIN_MS;
  let stopped = false;
  /** The ticket the open EventSource carries. */
  let openedFor: number | null = null;

  const onMessage = (message: MessageEvent<string>) => {
    let wire: LiveWireData;
    try {
      wire = JSON.parse(message.data) as LiveWireData;
    } catch {
      return;
    }
    const type = message.type as LiveStreamEventType;
    retryDelay = RETRY_MIN_MS;
    store.receive({ id: message.lastEventId || null, type, channel: wire.channel, data: wire.data });
    if (type === 'session-ended') {
      stop();
      leaveForAuth();
    }
  };

  function close() {
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
    if (!source) return;
    for (const type of LIVE_STREAM_EVENT_TYPES) source.removeEventListener(type, onMessage as EventListener);
    source.onerror = null;
    source.close();
    source = null;
  }

  function open() {
    close();
    if (stopped) return;
    const params = new URLSearchParams();
    const thread = store.thread;
    openedFor = thread?.threadId ?? null;
    if (thread) params.set('thread', String(thread.threadId));
    const since = store.resumeFrom();
    if (since) params.set('lastEventId', since);
    const query = params.toString();
    const opened = new EventSource(query ? `${LIVE_PATH}?${query}` : LIVE_PATH);
    for (const type of LIVE_STREAM_EVENT_TYPES) opened.addEventListener(type, onMessage as EventListener);
    opened.onerror = () => {
      // CONNECTING: the browser is already retrying (network loss). CLOSED: the server said no.
      if (opened.readyState === EventSource.CLOSED && source === opened) void recover();
    };
    source = opened;
  }

  async function recover() {
    close();
    let status = 0;
    let wait = retryDelay;
    try {
      const response = await fetch(`${LIVE_PATH}?probe=1`, { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
      status = response.status;
      // 429: this account holds as many streams as allowed (other tabs), or this address tried too often.
      if (status === 429) wait = Math.max(wait, retryAfterMs(response.headers.get('Retry-After')));
    } catch {
      // offline: try again later
    }
    if (stopped) return;
    if (status === 401) {
      stop();
      leaveForAuth();
      return;
    }
    retryTimer = setTimeout(open, wait);
    retryDelay = Math.min(RETRY_MAX_MS, retryDelay * 2);
  }

  function stop() {
    stopped = true;
    unwatch();
    close();
  }

  const unwatch = store.onThreadChange(() => {
    if ((store.thread?.threadId ?? null) !== openedFor && !retryTimer) open();
  });
  open();
  return stop;
}
