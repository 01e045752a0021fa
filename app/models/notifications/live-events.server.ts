import { formatEventId, parseEventId, type LiveEventType } from '../../live/protocol';

/**
 * The in-process event bus behind the live updates (one event stream per tab): models publish
 * after their transaction commits, the stream route subscribes to the channels of its viewer.
 * One process serves the whole site (one Fly machine), so memory is the whole truth; a restart
 * changes `BOOT_ID`, and a client whose last event id names another boot resynchronises.
 *
 * Listeners live in Sets inside a Map (not an EventEmitter: thousands of open tabs would trip its
 * listener warning), and the last RECENT_LIMIT events are kept so a reconnecting stream can be
 * sent what it missed (`Last-Event-ID`). The wire format is in app/live/protocol.ts.
 */

export type { LiveEventType };

export type LiveEvent = {
  /** `${BOOT_ID}-${sequence}`: what the stream sends as the SSE `id:`. */
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

export const BOOT_ID = Date.now().toString(36);
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
  sequence += 1;
  const event: LiveEvent = { id: formatEventId(BOOT_ID, sequence), sequence, channel, type, data };
  recent[sequence % RECENT_LIMIT] = event;
  const subscribers = listeners.get(channel);
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
 * The id of the last event published (`${BOOT_ID}-0` before any): a loader that reads state sends
 * it along, and the page's stream resumes from there, so nothing published between the read and
 * the stream's opening is lost.
 */
export function currentEventId(): string {
  return formatEventId(BOOT_ID, sequence);
}

/**
 * The events on `channels` after `lastEventId`, for a stream that reconnects. null when they
 * cannot be known (another boot, or older than what is kept): the client must reload its state.
 */
export function eventsSince(lastEventId: string, channels: readonly string[]): LiveEvent[] | null {
  const cursor = parseEventId(lastEventId);
  if (!cursor || cursor.boot !== BOOT_ID || cursor.sequence > sequence) return null;
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
