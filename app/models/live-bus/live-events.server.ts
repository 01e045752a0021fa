import { formatEventId, parseEventId, type LiveEventType } from '../../live/protocol';

/**
 * The event bus behind the live updates (one event stream per tab): models publish after their
 * transaction commits, the stream route subscribes to the channels of its viewer. In one process
 * memory is the whole truth; a restart changes the boot id, and a client whose last event id names
 * another boot resynchronises.
 *
 * With one process per core (http-server/cluster.js, docs/decisions/026) each worker is joined to the
 * primary by `connectLiveRelay`: `publish` hands the event to the primary, which numbers it (one
 * sequence and one boot id for the whole cluster) and sends it to every worker, the publishing one
 * included; each worker delivers it to its own streams and keeps it in its ring, so every stream
 * gets it once, in the cluster's order, and `Last-Event-ID` resumes on whichever worker a tab
 * reconnects to. Access signals travel the same way.
 *
 * Listeners live in Sets inside a Map (not an EventEmitter: thousands of open tabs would trip its
 * listener warning), and the last RECENT_LIMIT events are kept so a reconnecting stream can be
 * sent what it missed (`Last-Event-ID`). The wire format is in app/live/protocol.ts.
 */

export type { LiveEventType };

export type LiveEvent = {
  /** `${boot}-${sequence}`: what the stream sends as the SSE `id:`. */
  id: string;
  sequence: number;
  channel: string;
  type: LiveEventType;
  data: unknown;
};

export type LiveListener = (event: LiveEvent) => void;

/** Who an event is for. */
export const liveChannels = {
  /** Everything about one user's own account: their unread counts, notifications. */
  user: (userId: number) => `user:${userId}`,
  /** Every signed-in admin (the support desk's unread count). */
  admins: 'admins',
  /** Everyone viewing one ticket (its owner and the admins who opened it). */
  thread: (threadId: number) => `thread:${threadId}`,
  /** One login session (ended when the same account logs in elsewhere). */
  session: (sessionId: string) => `session:${sessionId}`,
  /** Every signed-in user (broadcast notifications). */
  everyone: 'everyone',
} as const;

/** The boot id of a process alone; a cluster worker takes the primary's (`connectLiveRelay`). */
let bootId = Date.now().toString(36);
/** The boot id in every event id of this process (of the whole cluster in a cluster). */
export const currentBootId = () => bootId;
/**
 * Events kept for reconnecting streams. A tab that was offline longer than it takes the site to
 * publish this many events gets `resync` and reloads its data instead.
 */
const RECENT_LIMIT = 2000;

const listeners = new Map<string, Set<LiveListener>>();
/** A ring of the last RECENT_LIMIT events: slot `sequence % RECENT_LIMIT`. */
const recent: Array<LiveEvent | undefined> = new Array(RECENT_LIMIT);
let sequence = 0;

/**
 * Deliveries waiting for their turn, in the order of publishing. At most DELIVERIES_PER_TURN
 * listeners are called per turn of the event loop, the rest after `setImmediate`: a notice to
 * 10,000 open tabs is written in slices between other requests instead of holding the process
 * for the whole fan-out. Every listener still gets the events in the order they were published.
 */
const DELIVERIES_PER_TURN = 1000;
type Delivery = { event: LiveEvent; subscribers: LiveListener[]; next: number };
const pending: Delivery[] = [];
let draining = false;

function drain(): void {
  let budget = DELIVERIES_PER_TURN;
  while (pending.length > 0 && budget > 0) {
    const delivery = pending[0];
    const end = Math.min(delivery.subscribers.length, delivery.next + budget);
    for (; delivery.next < end; delivery.next += 1, budget -= 1) {
      try {
        delivery.subscribers[delivery.next](delivery.event);
      } catch (error) {
        console.error('live listener failed', error);
      }
    }
    if (delivery.next >= delivery.subscribers.length) pending.shift();
  }
  draining = pending.length > 0;
  if (draining) setImmediate(drain);
}

/**
 * Sends an event to whoever listens on `channel` now (at once when nothing is waiting and the
 * audience is small), and keeps it for reconnecting streams.
 */
export function publish(channel: string, type: LiveEventType, data: unknown): LiveEvent {
  if (relay) {
    // In a cluster the primary numbers it and sends it back to every worker, this one too.
    relay({ kind: 'live:publish', channel, type, data });
    return { id: '', sequence: 0, channel, type, data };
  }
  return accept({ id: formatEventId(bootId, sequence + 1), sequence: sequence + 1, channel, type, data });
}

/** An event numbered (here, or by the cluster's primary): kept for reconnecting streams and delivered. */
function accept(event: LiveEvent): LiveEvent {
  sequence = event.sequence;
  recent[sequence % RECENT_LIMIT] = event;
  const subscribers = listeners.get(event.channel);
  if (subscribers && subscribers.size > 0) {
    pending.push({ event, subscribers: [...subscribers], next: 0 });
    if (!draining) drain();
  }
  return event;
}

/** Listens on several channels; the returned function removes every listener it added. */
export function subscribe(channels: readonly string[], listener: LiveListener): () => void {
  for (const channel of channels) {
    let set = listeners.get(channel);
    if (!set) listeners.set(channel, (set = new Set()));
    set.add(listener);
  }
  return () => {
    for (const channel of channels) {
      const set = listeners.get(channel);
      if (!set) continue;
      set.delete(listener);
      if (set.size === 0) listeners.delete(channel);
    }
  };
}

/**
 * The id of the last event published (`${boot}-0` before any): a loader that reads state sends
 * it along, and the page's stream resumes from there, so nothing published between the read and
 * the stream's opening is lost.
 */
export function currentEventId(): string {
  return formatEventId(bootId, sequence);
}

/**
 * The events on `channels` after `lastEventId`, for a stream that reconnects. null when they
 * cannot be known (another boot, or older than what is kept): the client must reload its state.
 */
export function eventsSince(lastEventId: string, channels: readonly string[]): LiveEvent[] | null {
  const cursor = parseEventId(lastEventId);
  if (!cursor || cursor.boot !== bootId || cursor.sequence > sequence) return null;
  const oldestKept = Math.max(1, sequence - RECENT_LIMIT + 1);
  if (cursor.sequence + 1 < oldestKept) return null;
  const wanted = new Set(channels);
  const missed: LiveEvent[] = [];
  for (let next = cursor.sequence + 1; next <= sequence; next += 1) {
    const event = recent[next % RECENT_LIMIT];
    if (event && event.sequence === next && wanted.has(event.channel)) missed.push(event);
  }
  return missed;
}

/**
 * Access signals: a user's role, password or sessions changed, or the account went. Every such
 * write calls `publishAccessChanged(userId)`; the user's version moves at once (to the global
 * sequence, so a stream admitted before the change sees its version as older), and the watcher
 * (the stream module) makes each open stream of that user re-read its session and user. A stream
 * compares the version before writing any event: one Map read per event, no query. One entry per
 * user whose access changed since the process started (bounded by the users table).
 */
const accessVersions = new Map<number, number>();
let accessSequence = 0;
const accessWatchers = new Set<(userId: number) => void>();

export function publishAccessChanged(userId: number): void {
  applyAccessChanged(userId);
  // The other workers hear of it after the transaction that changed it (better-sqlite3's are
  // synchronous: a microtask runs after the commit), so their re-read sees the change.
  const send = relay;
  if (send) queueMicrotask(() => send({ kind: 'live:access', userId }));
}

function applyAccessChanged(userId: number): void {
  accessSequence += 1;
  accessVersions.set(userId, accessSequence);
  for (const watcher of accessWatchers) watcher(userId);
}

/** The version of a user's access: a stream whose snapshot is older must re-read it. */
export const accessVersion = (userId: number) => accessVersions.get(userId) ?? 0;

/** The latest access version of anyone: what a stream being admitted now is at least as new as. */
export const currentAccessVersion = () => accessSequence;

export function watchAccess(watcher: (userId: number) => void): () => void {
  accessWatchers.add(watcher);
  return () => accessWatchers.delete(watcher);
}

/** How many listeners are attached, on one channel or on all (the stream benchmark and tests read it). */
export function listenerCount(channel?: string): number {
  if (channel !== undefined) return listeners.get(channel)?.size ?? 0;
  let total = 0;
  for (const set of listeners.values()) total += set.size;
  return total;
}

/**
 * What a cluster worker and its primary say to each other about the bus (http-server/cluster.js holds
 * the primary's side). Worker → primary: `live:hello` once, then `live:publish` and `live:access`.
 * Primary → worker: `live:sync` (the boot id, the last sequence and the events kept), then every
 * `live:event` in the cluster's order and the `live:access` of the other workers.
 */
export type LiveEventRecord = { sequence: number; channel: string; type: LiveEventType; data: unknown };
export type LiveRelayMessage =
  | { kind: 'live:hello' }
  | { kind: 'live:publish'; channel: string; type: LiveEventType; data: unknown }
  | { kind: 'live:access'; userId: number }
  | { kind: 'live:sync'; boot: string; sequence: number; events: LiveEventRecord[] }
  | { kind: 'live:event'; event: LiveEventRecord };

let relay: ((message: LiveRelayMessage) => void) | null = null;

const numbered = (record: LiveEventRecord): LiveEvent => ({ ...record, id: formatEventId(bootId, record.sequence) });

/**
 * Joins this process to a cluster's bus: from now on `publish` and `publishAccessChanged` go
 * through `send` (to the primary), and the returned function takes the primary's messages (it
 * ignores anything else and answers whether it took it). Says hello at once; the primary answers
 * with `live:sync` before any event.
 */
export function connectLiveRelay(send: (message: LiveRelayMessage) => void): (message: unknown) => boolean {
  relay = send;
  send({ kind: 'live:hello' });
  return (message) => {
    if (!message || typeof message !== 'object' || !('kind' in message)) return false;
    const received = message as LiveRelayMessage;
    switch (received.kind) {
      case 'live:sync':
        bootId = received.boot;
        sequence = received.sequence;
        recent.fill(undefined);
        for (const record of received.events) recent[record.sequence % RECENT_LIMIT] = numbered(record);
        return true;
      case 'live:event':
        accept(numbered(received.event));
        return true;
      case 'live:access':
        applyAccessChanged(received.userId);
        return true;
      default:
        return false;
    }
  };
}
