/**
 * The wire format of the live event stream (GET /resources/live), shared by the server's bus
 * and stream (app/models/live-bus/live-events.server.ts and app/plumbing/live-stream.server.ts) and the browser's store (app/live/live.tsx).
 *
 * Each event goes out as
 *   id: <boot>-<sequence>
 *   event: <type>
 *   data: {"channel":"user:12","data":{…}}      (one line of JSON)
 * plus a `: ping` comment every 25 s. The id orders events within one server process (boot);
 * a client that reconnects sends the last one (`Last-Event-ID`, or `?lastEventId=` when it opens
 * a new EventSource itself) and gets what it missed, or a `resync` event when that is unknown.
 */

export const LIVE_PATH = '/resources/live';

/** Where the browser goes when its session ended: the server clears it and sends it to /auth with the toast. */
export const SESSION_ENDED_PATH = '/resources/session-ended';

/** Comment line cadence: Fly's proxy drops connections idle for 60 s. */
export const LIVE_PING_INTERVAL_MS = 25_000;

export type LiveEventType = 'chat-message' | 'chat-thread' | 'chat-unread' | 'notifications' | 'session-ended';

/** What the stream itself sends besides the bus's events: reload your data, what you missed is unknown. */
export type LiveStreamEventType = LiveEventType | 'resync';

export const LIVE_STREAM_EVENT_TYPES: readonly LiveStreamEventType[] = [
  'chat-message',
  'chat-thread',
  'chat-unread',
  'notifications',
  'session-ended',
  'resync',
];

/** The `data:` line of every event. */
export type LiveWireData = { channel: string; data: unknown };

/**
 * The notification badge's event: an exact count for one user (on their own channel), or one
 * more unread notice for everyone or for one exact role (a broadcast, whose count differs per
 * reader, so each tab adds it to what it shows).
 */
export type NotificationsEventData = { count: number } | { added: number; role: string };

/** Unread support threads: for a user on `user:{id}`, for the desk on `admins`. */
export type ChatUnreadEventData = { count: number };

export type ChatMessageEventData<Message = unknown> = { threadId: number; message: Message };

export type ChatThreadEventData = { threadId: number; status: string; deleted?: boolean };

export type SessionEndedEventData = { reason: 'replaced' | 'expired' };

export type LiveCursor = { boot: string; sequence: number };

/** `<boot>-<sequence>` → its parts; null for anything else. */
export function parseEventId(id: string | null | undefined): LiveCursor | null {
  if (!id) return null;
  const match = /^([a-z0-9]{1,16})-(\d{1,15})$/.exec(id);
  return match ? { boot: match[1], sequence: Number(match[2]) } : null;
}

export const formatEventId = (boot: string, sequence: number) => `${boot}-${sequence}`;

/**
 * Where a stream should resume so that nothing after any of `ids` is missed: the earliest of them
 * when they share one boot. Ids of different boots mean some state predates a server restart:
 * the answer is then an id no server accepts, so the stream answers `resync`. null when none is known.
 */
export function resumePoint(ids: ReadonlyArray<string | null | undefined>): string | null {
  let earliest: { id: string; cursor: LiveCursor } | null = null;
  for (const id of ids) {
    const cursor = parseEventId(id);
    if (!cursor || !id) continue;
    if (earliest && earliest.cursor.boot !== cursor.boot) return 'stale';
    if (!earliest || cursor.sequence < earliest.cursor.sequence) earliest = { id, cursor };
  }
  return earliest?.id ?? null;
}
