import type { IncomingMessage, ServerResponse } from 'node:http';
import type { UserRow } from '../../db/schema';
import { errorResponse } from '../utils/api.server';
import { getEnv } from '../utils/env.server';
import { LIVE_PING_INTERVAL_MS, type LiveWireData, type SessionEndedEventData } from '../live/protocol';
import { getAuthSession } from '../utils/session.server';
import { readSessionUser, requestAddress, SESSION_MESSAGES } from '../models/accounts/auth.server';
import { readPermittedSession, TWO_FACTOR_REQUIRED } from '../models/accounts/permissions.server';
import { canViewThread } from '../models/chat/chat.server';
import {
  accessVersion,
  currentAccessVersion,
  currentBootId,
  currentEventId,
  eventsSince,
  liveChannels,
  subscribe,
  watchAccess,
  type LiveEvent,
} from '../models/live-bus/live-events.server';
import { isSessionActive, peekSession } from '../models/accounts/session.server';
import { getUserById } from '../models/accounts/user.server';
import { joinLiveCluster } from './live-cluster.server';
import { countRefusal, refusedTooOften } from './live-refusals.server';

/**
 * The one event stream of each signed-in tab (GET /resources/live, decision 015): the viewer's
 * channels of the bus as server-sent events, what a reconnecting tab missed, a comment every
 * 25 s, and the end of the stream when the session ends.
 *
 * Built for many idle connections in one process: a connection is one small object and two
 * closures; the pings come from one shared timer that visits a 25th of the connections each
 * second (no timer per stream, no burst of 10,000 writes at once), and each event is encoded
 * once however many streams carry it.
 *
 * A stream carries only what its reader may see now: it holds the channels its access allows and
 * the version of that access (app/models/live-bus/live-events.server.ts, `publishAccessChanged`); before
 * writing an event it checks the event's channel and that version (and the end of a role period)
 * in O(1). A change of role, password or sessions makes every stream of the user re-read its
 * session and user at once: it then ends with session-ended or carries the channels allowed now.
 *
 * Each session holds at most LIVE_STREAMS_PER_SESSION streams and each user LIVE_STREAMS_PER_USER;
 * past that a new stream is refused with 429 and Retry-After (decision 020).
 *
 * With one process per core (docs/decisions/026) the bus is the cluster's (joined below), while
 * the caps and the refusal counts stay per process: they bound what one process holds, so an
 * account may hold up to that many streams in each worker.
 */

joinLiveCluster();

const encoder = new TextEncoder();
const PING = encoder.encode(': ping\n\n');
const PING_SLICES = 25;
const TICK_MS = LIVE_PING_INTERVAL_MS / PING_SLICES;

/** The slices of open connections; the timer visits slice `turn % PING_SLICES` on each tick. */
const slices: Array<Set<LiveConnection>> = Array.from({ length: PING_SLICES }, () => new Set());
let openCount = 0;
/** Open streams per user (the cap, and the streams an access change reaches) and per session (the cap). */
const byUser = new Map<number, Set<LiveConnection>>();
const bySession = new Map<string, number>();
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

/** What a reader may receive now: the channels, and until when (the end of a role period) they hold. */
type Access = { channels: string[]; until: number | null };

class LiveConnection {
  closed = false;
  private unsubscribe: (() => void) | null = null;
  private readonly slice: number;
  private readonly listener = (event: LiveEvent) => this.deliver(event);
  private channels: readonly string[];
  private until: number | null;
  /** Events that came while the access was being re-read: written (or not) once it is known. */
  private held: LiveEvent[] | null = null;
  private recheckQueued = false;

  constructor(
    readonly sessionId: string,
    readonly userId: number,
    private readonly threadId: number | null,
    private version: number,
    access: Access,
    private readonly res: ServerResponse,
  ) {
    this.slice = nextSlice;
    nextSlice = (nextSlice + 1) % PING_SLICES;
    this.channels = access.channels;
    this.until = access.until;
  }

  open(lastEventId: string | null): void {
    slices[this.slice].add(this);
    openCount += 1;
    let mine = byUser.get(this.userId);
    if (!mine) byUser.set(this.userId, (mine = new Set()));
    mine.add(this);
    bySession.set(this.sessionId, (bySession.get(this.sessionId) ?? 0) + 1);
    timer ??= setInterval(tick, TICK_MS).unref();
    // A reconnecting tab after a restart waits 1-6 s, so 10,000 tabs do not come back at once.
    this.write(encoder.encode(`retry: ${1000 + Math.floor(Math.random() * 5000)}\n\n`));
    // Subscribing and reading what was missed happen in the same turn: no event falls between.
    this.unsubscribe = subscribe(this.channels, this.listener);
    if (lastEventId) {
      const missed = eventsSince(lastEventId, this.channels);
      if (missed === null) this.write(frame(currentEventId(), 'resync', { channel: 'stream', data: { boot: currentBootId() } }));
      else for (const event of missed) this.deliver(event);
    }
  }

  /** Every event passes here: its channel must be one the reader may see now (O(1), no query). */
  private deliver(event: LiveEvent): void {
    if (this.closed) return;
    if (this.version < accessVersion(this.userId) || (this.until !== null && Date.now() >= this.until)) {
      (this.held ??= []).push(event);
      this.recheck();
      return;
    }
    if (!this.channels.includes(event.channel)) return;
    this.write(encodeEvent(event));
    if (event.type === 'session-ended') this.close();
  }

  /**
   * The user's access changed (or its period ran out): re-read it in a microtask, that is after
   * the transaction that changed it has committed or rolled back, then end the stream or carry
   * the channels allowed now.
   */
  recheck(): void {
    if (this.recheckQueued || this.closed) return;
    this.recheckQueued = true;
    queueMicrotask(() => {
      this.recheckQueued = false;
      if (this.closed) return;
      const version = currentAccessVersion();
      let access: Access | SessionEndedEventData;
      try {
        access = readAccess(this.sessionId, this.threadId);
      } catch (error) {
        console.error('live stream access check failed', error);
        this.close();
        return;
      }
      const held = this.held ?? [];
      this.held = null;
      if ('reason' in access) {
        this.end(access);
        return;
      }
      this.version = version;
      // A period that has already ended here (the role was just recomputed) is not checked again.
      this.until = access.until !== null && access.until > Date.now() ? access.until : null;
      if (!sameChannels(this.channels, access.channels)) {
        this.unsubscribe?.();
        this.channels = access.channels;
        this.unsubscribe = subscribe(this.channels, this.listener);
      }
      for (const event of held) this.deliver(event);
    });
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
    this.held = null;
    this.unsubscribe?.();
    this.unsubscribe = null;
    if (slices[this.slice].delete(this)) {
      openCount -= 1;
      const mine = byUser.get(this.userId);
      mine?.delete(this);
      if (mine?.size === 0) byUser.delete(this.userId);
      const left = (bySession.get(this.sessionId) ?? 1) - 1;
      if (left > 0) bySession.set(this.sessionId, left);
      else bySession.delete(this.sessionId);
    }
    if (openCount === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
    if (!this.res.writableEnded) this.res.end();
  }
}

const sameChannels = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((channel, index) => channel === b[index]);

watchAccess((userId) => {
  const streams = byUser.get(userId);
  if (streams) for (const connection of streams) connection.recheck();
});

/** The channels a user may read on this session, `?thread=` included only when they may see that ticket. */
function accessOf(user: Pick<UserRow, 'id' | 'role' | 'roleExpiryDate'>, sessionId: string, threadId: number | null): Access {
  const channels = [liveChannels.user(user.id), liveChannels.session(sessionId), liveChannels.everyone];
  if (user.role === 'admin') channels.push(liveChannels.admins);
  if (threadId !== null && canViewThread(user, threadId)) channels.push(liveChannels.thread(threadId));
  return { channels, until: user.roleExpiryDate?.getTime() ?? null };
}

/** An open stream's session and user read again: what it may carry now, or why it must end. */
function readAccess(sessionId: string, threadId: number | null): Access | SessionEndedEventData {
  const session = peekSession(sessionId);
  if (session.status !== 'active') return { reason: session.status };
  const user = getUserById(session.userId);
  if (!user) return { reason: 'expired' };
  return accessOf(user, sessionId, threadId);
}

/** The thread id of `?thread=`, when it is a positive integer. */
function threadParam(url: URL): number | null {
  const raw = url.searchParams.get('thread');
  if (!raw || !/^\d{1,12}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

/**
 * Streams one session may hold: a few tabs of one browser (each signed-in tab holds one). Per
 * user twice that: one session per user is live at a time (startSession ends the others), so
 * the user's figure only matters while a replaced session's streams are being ended as the new
 * one's tabs connect. Decision 020.
 */
export const LIVE_STREAMS_PER_SESSION = 6;
export const LIVE_STREAMS_PER_USER = 2 * LIVE_STREAMS_PER_SESSION;
/** A tab refused for the cap asks again after this long (a place frees when another tab closes). */
const CAP_RETRY_AFTER_S = 60;

export const LIVE_MESSAGES = {
  tooManyStreams: 'Muitas abas abertas com atualizações ao vivo nesta conta. Feche alguma delas e tente novamente.',
  tooManyAttempts: 'Muitas tentativas. Aguarde 1 minuto e tente novamente.',
} as const;

const noStore = { 'Cache-Control': 'no-store' } as const;

/** 429 when the session or the user already holds as many streams as allowed. */
function capRefusal(sessionId: string, userId: number): Response | null {
  const full = (bySession.get(sessionId) ?? 0) >= LIVE_STREAMS_PER_SESSION || (byUser.get(userId)?.size ?? 0) >= LIVE_STREAMS_PER_USER;
  if (!full) return null;
  return errorResponse(429, LIVE_MESSAGES.tooManyStreams, {}, { headers: { ...noStore, 'Retry-After': String(CAP_RETRY_AFTER_S) } });
}

type Admission = {
  sessionId: string;
  userId: number;
  threadId: number | null;
  version: number;
  access: Access;
  lastEventId: string | null;
};

/**
 * Who may open a stream, and on which channels: 401 without a live session (no cookie is
 * cleared here: the page the tab goes to next says why the session ended); `?thread=ID` adds
 * that ticket's channel when the viewer may see it (never another user's); `Last-Event-ID` (or
 * `?lastEventId=` for a new EventSource) is where the stream resumes. `?probe=1` and HEAD only
 * answer 204 for a live session (the client asks before opening again), or 429 with Retry-After
 * when a new stream would be refused for the cap.
 */
export async function admitLiveStream(request: Request): Promise<Admission | Response> {
  // Taken before the session and user are read: a change of access during the check makes the stream re-read them.
  const version = currentAccessVersion();
  const { user, ended } = await readPermittedSession(request);
  const sessionId = user ? (await getAuthSession(request)).get('sessionId') : undefined;
  if (!user && (await readSessionUser(request)).user) {
    // An admin who must still set up a second factor is signed in, only held on 'Segurança': a 401
    // would send the tab through 'Sessão expirada' and reload the setup page in a loop.
    return errorResponse(403, TWO_FACTOR_REQUIRED, { twoFactorSetupRequired: true }, { headers: noStore });
  }
  if (!user || !sessionId) {
    return errorResponse(401, ended ? SESSION_MESSAGES[ended] : SESSION_MESSAGES.unauthenticated, ended ? { sessionExpired: true } : {}, {
      headers: noStore,
    });
  }
  const url = new URL(request.url);
  if (url.searchParams.has('probe') || request.method === 'HEAD') {
    return capRefusal(sessionId, user.id) ?? new Response(null, { status: 204, headers: noStore });
  }
  if (request.method !== 'GET') return errorResponse(405, 'Método não permitido', {}, { headers: { Allow: 'GET, HEAD' } });
  const threadId = threadParam(url);
  return {
    sessionId,
    userId: user.id,
    threadId,
    version,
    access: accessOf(user, sessionId, threadId),
    lastEventId: request.headers.get('Last-Event-ID') ?? url.searchParams.get('lastEventId'),
  };
}

/** Headers a stream needs from the Node request (the session cookie, the resume point, the client's address), nothing else. */
function streamRequest(req: IncomingMessage): Request {
  const headers = new Headers();
  for (const name of ['cookie', 'last-event-id', 'fly-client-ip', getEnv().clientIpHeader]) {
    const value = name ? req.headers[name.toLowerCase()] : undefined;
    if (name && typeof value === 'string') headers.set(name, value);
  }
  return new Request(new URL(req.url ?? '/', 'http://localhost'), { method: req.method, headers });
}

async function sendResponse(res: ServerResponse, response: Response): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer());
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => (headers[name] = value));
  res.writeHead(response.status, headers);
  res.end(body);
}

/** 429 for an address refused too often (app/plumbing/live-refusals.server.ts), before its cookie is read. */
function floodRefusal(address: string, now: number): Response | null {
  const retryAfter = refusedTooOften(address, now);
  if (retryAfter === null) return null;
  return errorResponse(429, LIVE_MESSAGES.tooManyAttempts, {}, { headers: { ...noStore, 'Retry-After': String(retryAfter) } });
}

/**
 * GET /resources/live, served by server.js on Node's own request and response (decision 015):
 * the Request built for the session check is dropped once it is done, so an open stream holds
 * only its socket, Node's two objects and one LiveConnection.
 */
export async function serveLiveStream(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const request = streamRequest(req);
  const address = requestAddress(request, { clientAddress: req.socket.remoteAddress ?? null });
  const flooded = floodRefusal(address, Date.now());
  if (flooded) return sendResponse(res, flooded);
  const admission = await admitLiveStream(request);
  if (admission instanceof Response) {
    if (admission.status === 401) countRefusal(address, Date.now());
    return sendResponse(res, admission);
  }
  if (res.destroyed || !res.socket || res.socket.destroyed) return; // the tab left during the check
  if (shuttingDown) {
    return sendResponse(res, errorResponse(503, 'Servidor reiniciando.', {}, { headers: { ...noStore, 'Retry-After': '2' } }));
  }
  // Counted now, in the same turn as the opening: concurrent admissions cannot all pass the cap.
  const full = capRefusal(admission.sessionId, admission.userId);
  if (full) return sendResponse(res, full);
  res.writeHead(200, HEADERS);
  const connection = new LiveConnection(
    admission.sessionId,
    admission.userId,
    admission.threadId,
    admission.version,
    admission.access,
    res,
  );
  res.on('close', () => connection.close());
  connection.open(admission.lastEventId);
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
