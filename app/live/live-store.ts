import { parseEventId, resumePoint, type ChatMessageEventData, type LiveStreamEventType } from './protocol';

/**
 * The tab's live state (loaded after hydration with the connection, app/live/live-connection.ts):
 * the events the tab's stream delivered, de-duplicated by id, folded into what the hooks of
 * app/live/live.tsx read — the header's counts and the live messages of the ticket on screen.
 *
 * Counts merge the loader's value with the events after it: the root loader sends the bus's
 * event id at the moment it counted (`liveCursor`), and only events after that id change what a
 * badge shows, so a loader answer and an event can arrive in either order.
 */

export type LiveStreamEvent = { id: string | null; type: LiveStreamEventType; channel: string; data: unknown };

export type LiveCounter = 'notifications' | 'adminChats' | 'userChats';

type CounterEntry = { boot: string; sequence: number; count?: number; added?: number };

type WatchedThread = { threadId: number; cursor: string | null };

const SEEN_LIMIT = 500;
const DELTA_LIMIT = 200;
const EMPTY: readonly never[] = [];

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

export class LiveStore {
  /** The viewer's role: a notice for one role counts only for that role. */
  role: string | null = null;
  /** The root loader's event id (where its counts stand). */
  baseCursor: string | null = null;
  /** The last event id this tab received. */
  lastEventId: string | null = null;

  private readonly seen = new Set<string>();
  private readonly counters = new Map<LiveCounter, CounterEntry[]>();
  private readonly watched: WatchedThread[] = [];
  private messages: { threadId: number; list: ReadonlyArray<{ id: number }> } | null = null;
  private readonly snapshotListeners = new Set<() => void>();
  private readonly eventListeners = new Set<(event: LiveStreamEvent) => void>();
  private readonly threadListeners = new Set<() => void>();

  /** For useSyncExternalStore: called after anything a hook reads changed. */
  subscribe = (listener: () => void) => {
    this.snapshotListeners.add(listener);
    return () => this.snapshotListeners.delete(listener);
  };

  /** Every event as it arrives (after de-duplication). */
  onEvent(listener: (event: LiveStreamEvent) => void): () => void {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }

  /** Called when the viewed thread may have changed (the connection reopens when it did). */
  onThreadChange(listener: () => void): () => void {
    this.threadListeners.add(listener);
    return () => this.threadListeners.delete(listener);
  }

  /** The ticket on screen, if any: the stream carries its messages. */
  get thread(): WatchedThread | null {
    return this.watched[this.watched.length - 1] ?? null;
  }

  /** Where a (re)opened stream resumes: nothing after the tab's state or the viewed ticket's loader is missed. */
  resumeFrom(): string | null {
    return resumePoint([this.lastEventId ?? this.baseCursor, this.thread?.cursor]);
  }

  watchThread(threadId: number, cursor: string | null): () => void {
    const entry = { threadId, cursor };
    this.watched.push(entry);
    this.threadMayHaveChanged();
    return () => {
      const index = this.watched.indexOf(entry);
      if (index >= 0) this.watched.splice(index, 1);
      this.threadMayHaveChanged();
    };
  }

  private checkScheduled = false;

  /**
   * Announced once the current effects are done, so a page that registers its ticket again (its
   * loader ran again) is one announcement, which the connection ignores when the ticket is the
   * one it already carries.
   */
  private threadMayHaveChanged() {
    if (this.checkScheduled) return;
    this.checkScheduled = true;
    queueMicrotask(() => {
      this.checkScheduled = false;
      const current = this.thread?.threadId ?? null;
      if (this.messages && this.messages.threadId !== current) {
        this.messages = null;
        this.notify();
      }
      for (const listener of this.threadListeners) listener();
    });
  }

  receive(event: LiveStreamEvent): void {
    if (event.id && event.type !== 'resync' && event.type !== 'session-ended') {
      if (this.seen.has(event.id)) return;
      this.seen.add(event.id);
      if (this.seen.size > SEEN_LIMIT) this.seen.delete(this.seen.values().next().value as string);
    }
    if (event.id) this.lastEventId = event.id;
    const changed = this.apply(event);
    for (const listener of this.eventListeners) listener(event);
    if (changed) this.notify();
  }

  private apply(event: LiveStreamEvent): boolean {
    const data = isRecord(event.data) ? event.data : {};
    switch (event.type) {
      case 'resync':
        // What was missed is unknown: the loaders reload (useLiveEvents revalidates) and set new bases.
        this.counters.clear();
        return true;
      case 'chat-unread':
        return this.count(event.channel === 'admins' ? 'adminChats' : 'userChats', event.id, data);
      case 'notifications':
        if (typeof data.role === 'string' && data.role !== 'all' && data.role !== this.role) return false;
        return this.count('notifications', event.id, data);
      case 'chat-message':
        return this.addMessage(data as ChatMessageEventData);
      default:
        return false;
    }
  }

  private count(counter: LiveCounter, id: string | null, data: Record<string, unknown>): boolean {
    const cursor = parseEventId(id);
    if (!cursor) return false;
    const entry: CounterEntry = { ...cursor };
    if (typeof data.count === 'number') entry.count = data.count;
    else if (typeof data.added === 'number') entry.added = data.added;
    else return false;
    let list = this.counters.get(counter) ?? [];
    // An exact count makes every earlier entry useless, whichever loader base it is merged with.
    if (entry.count !== undefined) list = list.filter((item) => item.boot !== entry.boot || item.sequence > entry.sequence);
    list.push(entry);
    list.sort((a, b) => (a.boot === b.boot ? a.sequence - b.sequence : 0));
    if (list.length > DELTA_LIMIT) list = list.slice(-DELTA_LIMIT);
    this.counters.set(counter, list);
    return true;
  }

  /** What a badge shows: the loader's `base` (counted at `baseCursor`) and the events after it. */
  countOf(counter: LiveCounter, base: number, baseCursor: string | null): number {
    const from = parseEventId(baseCursor);
    let value = base;
    for (const entry of this.counters.get(counter) ?? EMPTY) {
      if (from && entry.boot === from.boot && entry.sequence <= from.sequence) continue;
      value = entry.count ?? Math.max(0, value + (entry.added ?? 0));
    }
    return value;
  }

  private addMessage(data: ChatMessageEventData): boolean {
    const thread = this.thread;
    const message = data.message;
    if (!thread || data.threadId !== thread.threadId || !isRecord(message) || typeof message.id !== 'number') return false;
    const list = this.messages?.threadId === thread.threadId ? this.messages.list : EMPTY;
    if (list.some((item) => item.id === message.id)) return false;
    this.messages = { threadId: thread.threadId, list: [...list, message as { id: number }] };
    return true;
  }

  /** The messages that arrived live for this thread (a new array only when one was added). */
  messagesOf(threadId: number): ReadonlyArray<{ id: number }> {
    return this.messages?.threadId === threadId ? this.messages.list : EMPTY;
  }

  private notify() {
    for (const listener of this.snapshotListeners) listener();
  }
}
