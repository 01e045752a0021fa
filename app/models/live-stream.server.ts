import type { IncomingMessage, ServerResponse } from 'node:http';
import { errorResponse } from '../utils/api.server';
import { LIVE_PING_INTERVAL_MS, type LiveWireData, type SessionEndedEventData } from '../utils/live-protocol';
import { getAuthSession } from '../utils/session.server';
import { readSessionUser, SESSION_MESSAGES } from './auth.server';
import { canViewThread } from './chat.server';
import { BOOT_ID, currentEventId, eventsSince, liveChannels, subscribe, type LiveEvent } from './live-events.server';
import { isSessionActive } from './session.server';

/**
 * The one event stream of each signed-in tab (GET /resources/live, decision 015): the viewer's
 * channels of the bus as server-sent events, what a reconnecting tab missed, a comment every
 * 25 s, and the end of the stream when the session ends.
 *
 * Built for many idle connections in one process: a connection is one small object and two
 * closures; the pings come from one shared timer that visits a 25th of the connections each
 * second (no timer per stream, no burst of 10,000 writes at once), and each event is encoded
 * once however many streams carry it.
 */

const encoder = new TextEncoder();
const PING = encoder.encode(': ping\n\n');
const PING_SLICES = 25;
const TICK_MS = LIVE_PING_INTERVAL_MS / PING_SLICES;

/** The slices of open connections; the timer visits slice `turn % PING_SLICES` on each tick. */
const slices: Array<Set<LiveConnection>> = Array.from({ length: PING_SLICES }, () => new Set());
let openCount = 0;
let nextSlice = 0;
let turn = 0;
let timer: ReturnType<typeof setInterval> | null = null;

const HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  // no-transform: compression (server.js) leaves the stream alone, and so do proxies.
  'Cache-Control': 'no-cache, no-transform',
  // nginx-style proxies pass events on at once instead of buffering them.
  'X-Accel-Buffering': 'no',
  'X-Content-Type-Options': 'nosniff',
} as const;

function frame(id: string | null, type: string, wire: LiveWireData): Uint8Array {
  // JSON.stringify escapes line breaks inside strings: the data is always one line.
  return encoder.encode(`${id ? `id: ${id}\n` : ''}event: ${type}\ndata: ${JSON.stringify(wire)}\n\n`);
}

/** Each published event is encoded once, whichever number of streams it goes to. */
const encoded = new WeakMap<LiveEvent, Uint8Array>();
function encodeEvent(event: LiveEvent): Uint8Array {
  let bytes = encoded.get(event);
  if (!bytes) {
    bytes = frame(event.id, event.type, { channel: event.channel, data: event.data });
    encoded.set(event, bytes);
  }
  return bytes;
}

function tick(): void {
  const slice = slices[turn % PING_SLICES];
  turn += 1;
  if (slice.size === 0) return;
  const now = new Date();
  for (const connection of slice) {
    if (isSessionActive(connection.sessionId, now)) connection.write(PING);
    else connection.end({ reason: 'expired' });
  }
}

/** A client that stops reading (buffered bytes above this) is hung up on instead of filling memory. */
const MAX_BUFFERED_BYTES = 256 * 1024;

class LiveConnection {
  closed = false;
  private unsubscribe: (() => void) | null = null;
  private readonly slice: number;

  constructor(
    readonly sessionId: string,
    private readonly res: ServerResponse,
  ) {
    this.slice = nextSlice;
    nextSlice = (nextSlice + 1) % PING_SLICES;
  }

  open(channels: readonly string[], lastEventId: string | null): void {
    slices[this.slice].add(this);
    openCount += 1;
    timer ??= setInterval(tick, TICK_MS).unref();
    // A reconnecting tab after a restart waits 1-6 s, so 10,000 tabs do not come back at once.
    this.write(encoder.encode(`retry: ${1000 + Math.floor(Math.random() * 5000)}\n\n`));
    // Subscribing and reading what was missed happen in the same turn: no event falls between.
    this.unsubscribe = subscribe(channels, (event) => this.deliver(event));
    if (lastEventId) {
      const missed = eventsSince(lastEventId, channels);
      if (missed === null) this.write(frame(currentEventId(), 'resync', { channel: 'stream', data: { boot: BOOT_ID } }));
      else for (const event of missed) this.deliver(event);
    }
  }

  private deliver(event: LiveEvent): void {
    this.write(encodeEvent(event));
    if (event.type === 'session-ended') this.close();
  }

  write(bytes: Uint8Array): void {
    if (this.closed) return;
    if (this.res.destroyed || this.res.writableLength > MAX_BUFFERED_BYTES) {
      this.close();
      return;
    }
    this.res.write(bytes);
  }

  /** Tells the tab its session is over, then hangs up. */
  end(data: SessionEndedEventData): void {
    this.write(frame(null, 'session-ended', { channel: liveChannels.session(this.sessionId), data }));
    this.close();
  }

  /** Frees everything the connection holds; safe to call more than once (the response's 'close' calls it too). */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.unsubscribe?.();
    this.unsubscribe = null;
    if (slices[this.slice].delete(this)) openCount -= 1;
    if (openCount === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
    if (!this.res.writableEnded) this.res.end();
  }
}

/** The thread id of `?thread=`, when it is a positive integer. */
function threadParam(url: URL): number | null {
  const raw = url.searchParams.get('thread');
  if (!raw || !/^\d{1,12}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

type Admission = { sessionId: string; channels: string[]; lastEventId: string | null };

/**
 * Who may open a stream, and on which channels: 401 without a live session (no cookie is
 * cleared here: the page the tab goes to next says why the session ended); `?thread=ID` adds
 * that ticket's channel when the viewer may see it (never another user's); `Last-Event-ID` (or
 * `?lastEventId=` for a new EventSource) is where the stream resumes. `?probe=1` and HEAD only
 * answer 204 for a live session (the client asks before opening again).
 */
export async function admitLiveStream(request: Request): Promise<Admission | Response> {
  const { user, ended } = await readSessionUser(request);
  const sessionId = user ? (await getAuthSession(request)).get('sessionId') : undefined;
  if (!user || !sessionId) {
    return errorResponse(401, ended ? SESSION_MESSAGES[ended] : SESSION_MESSAGES.unauthenticated, ended ? { sessionExpired: true } : {}, {
      headers: { 'Cache-Control': 'no-store' },
    });
  }
  const url = new URL(request.url);
  if (url.searchParams.has('probe') || request.method === 'HEAD') {
    return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
  }
  if (request.method !== 'GET') return errorResponse(405, 'Método não permitido', {}, { headers: { Allow: 'GET, HEAD' } });
  const channels = [liveChannels.user(user.id), liveChannels.session(sessionId), liveChannels.everyone];
  if (user.role === 'admin') channels.push(liveChannels.admins);
  const threadId = threadParam(url);
  if (threadId !== null && canViewThread(user, threadId)) channels.push(liveChannels.thread(threadId));
  return { sessionId, channels, lastEventId: request.headers.get('Last-Event-ID') ?? url.searchParams.get('lastEventId') };
}

/** Headers a stream needs from the Node request (the session cookie and the resume point), nothing else. */
function streamRequest(req: IncomingMessage): Request {
  const headers = new Headers();
  if (req.headers.cookie) headers.set('Cookie', req.headers.cookie);
  const lastEventId = req.headers['last-event-id'];
  if (typeof lastEventId === 'string') headers.set('Last-Event-ID', lastEventId);
  return new Request(new URL(req.url ?? '/', 'http://localhost'), { method: req.method, headers });
}

async function sendResponse(res: ServerResponse, response: Response): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer());
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => (headers[name] = value));
  res.writeHead(response.status, headers);
  res.end(body);
}

/**
 * GET /resources/live, served by server.js on Node's own request and response (decision 015):
 * the Request built for the session check is dropped once it is done, so an open stream holds
 * only its socket, Node's two objects and one LiveConnection.
 */
export async function serveLiveStream(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const admission = await admitLiveStream(streamRequest(req));
  if (admission instanceof Response) return sendResponse(res, admission);
  if (res.destroyed || !res.socket || res.socket.destroyed) return; // the tab left during the check
  if (shuttingDown) {
    return sendResponse(res, errorResponse(503, 'Servidor reiniciando.', {}, { headers: { 'Cache-Control': 'no-store', 'Retry-After': '2' } }));
  }
  res.writeHead(200, HEADERS);
  const connection = new LiveConnection(admission.sessionId, res);
  res.on('close', () => connection.close());
  connection.open(admission.channels, admission.lastEventId);
}

let shuttingDown = false;

/**
 * Graceful shutdown (server.js): ends every open stream and answers 503 to any stream still being
 * admitted. The tabs' EventSource reconnects by itself, to whichever machine then answers.
 * Returns how many streams it ended.
 */
export function endLiveStreams(): number {
  shuttingDown = true;
  let ended = 0;
  for (const slice of slices) {
    for (const connection of [...slice]) {
      connection.close();
      ended += 1;
    }
  }
  return ended;
}

/** Open streams (the stream benchmark and the tests read it). */
export const openLiveStreamCount = () => openCount;
