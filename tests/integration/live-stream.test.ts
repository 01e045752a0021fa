import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { db } from '../../db/client';
import { activeSessions, type UserRow } from '../../db/schema';
import { createThread, postMessage } from '~/models/chat/chat.server';
import { currentEventId, eventsSince, liveChannels, listenerCount, publish, subscribe } from '~/models/live-bus/live-events.server';
import { openLiveStreamCount, serveLiveStream } from '~/plumbing/live-stream.server';
import { createNotification, markNotificationRead } from '~/models/notifications/notification.server';
import { loader as rootLoader } from '~/root';
import { loader as sessionEndedLoader } from '~/routes/resources+/session-ended';
import { authSessionStorage } from '~/utils/session.server';
import { call, createUser, expectRedirect, getRequest, sessionCookie } from '../setup/helpers';

type Frame = { id: string | null; event: string; data: { channel: string; data: Record<string, unknown> } };

/** Reads server-sent events off a Response body, one frame at a time (comments and `retry:` skipped). */
class EventReader {
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private readonly decoder = new TextDecoder();
  private buffer = '';
  private pending: Promise<ReadableStreamReadResult<Uint8Array>> | null = null;
  comments = 0;

  constructor(response: Response) {
    this.reader = response.body!.getReader();
  }

  /** The next event, 'end' when the server closed the stream, 'quiet' when nothing came within `ms`. */
  async next(ms = 2000): Promise<Frame | 'end' | 'quiet'> {
    const deadline = Date.now() + ms;
    for (;;) {
      const frame = this.takeFrame();
      if (frame) return frame;
      this.pending ??= this.reader.read();
      const left = deadline - Date.now();
      if (left <= 0) return 'quiet';
      const result = await Promise.race([this.pending, new Promise<'quiet'>((resolve) => setTimeout(() => resolve('quiet'), left))]);
      if (result === 'quiet') return 'quiet';
      this.pending = null;
      if (result.done) return this.takeFrame() ?? 'end';
      this.buffer += this.decoder.decode(result.value, { stream: true });
    }
  }

  private takeFrame(): Frame | null {
    for (;;) {
      const end = this.buffer.indexOf('\n\n');
      if (end < 0) return null;
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      const fields = new Map<string, string>();
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) {
          this.comments += 1;
          continue;
        }
        const colon = line.indexOf(':');
        fields.set(line.slice(0, colon), line.slice(colon + 1).replace(/^ /, ''));
      }
      if (!fields.has('event')) continue;
      expect(block.split('\n').filter((line) => line.startsWith('data:'))).toHaveLength(1);
      return { id: fields.get('id') ?? null, event: fields.get('event')!, data: JSON.parse(fields.get('data')!) };
    }
  }
}

/**
 * The stream as server.js serves it: Node's own request and response on a real socket (so a
 * client going away is a real disconnect), here on a loopback port of the test's own.
 */
let server: http.Server;
let origin = '';
const opened: AbortController[] = [];

async function openStream(cookie: string | undefined, options: { query?: string; lastEventId?: string; method?: string } = {}) {
  const abort = new AbortController();
  opened.push(abort);
  const headers = new Headers();
  if (cookie) headers.set('Cookie', cookie);
  if (options.lastEventId) headers.set('Last-Event-ID', options.lastEventId);
  const response = await fetch(`${origin}/resources/live${options.query ?? ''}`, { method: options.method, headers, signal: abort.signal });
  return { response, events: response.status === 200 ? new EventReader(response) : null, abort: () => abort.abort() };
}

/** Listeners and connections are freed when the server sees the socket close: shortly after the client's abort. */
async function expectAllFreed() {
  await vi.waitFor(() => {
    expect(listenerCount()).toBe(0);
    expect(openLiveStreamCount()).toBe(0);
  });
}

async function expectEvent(reader: EventReader | null, event: string, channel: string): Promise<Frame> {
  const frame = await reader!.next();
  expect(frame, `expected ${event} on ${channel}`).toMatchObject({ event, data: { channel } });
  return frame as Frame;
}

let user: UserRow;
let other: UserRow;
let admin: UserRow;
let userCookie: string;
let otherCookie: string;
let adminCookie: string;

beforeAll(async () => {
  server = http.createServer((req, res) => void serveLiveStream(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  user = await createUser();
  other = await createUser();
  admin = await createUser({ role: 'admin' });
  userCookie = await sessionCookie(user);
  otherCookie = await sessionCookie(other);
  adminCookie = await sessionCookie(admin);
});

afterEach(async () => {
  vi.useRealTimers();
  for (const abort of opened.splice(0)) abort.abort();
  await expectAllFreed();
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const sessionIdOf = async (cookie: string) => (await authSessionStorage.getSession(cookie)).get('sessionId') as string;

describe('GET /resources/live: who may open it', () => {
  test('answers 401 without a session, and 401 with sessionExpired (leaving the cookie for the next page) after the session was replaced', async () => {
    const anonymous = await openStream(undefined);
    expect(anonymous.response.status).toBe(401);
    expect(await anonymous.response.json()).toEqual({ message: 'Não autenticado' });

    const someone = await createUser();
    const oldCookie = await sessionCookie(someone);
    await sessionCookie(someone); // the same account logs in elsewhere
    const replaced = await openStream(oldCookie);
    expect(replaced.response.status).toBe(401);
    expect(await replaced.response.json()).toEqual({
      message: 'Sua conta foi acessada em outro dispositivo. Por favor, faça login novamente.',
      sessionExpired: true,
    });
    expect(replaced.response.headers.get('Set-Cookie')).toBeNull();
    expect(listenerCount()).toBe(0);
  });

  test('a live session gets an uncompressed, unbuffered event stream and a probe gets 204', async () => {
    const { response } = await openStream(userCookie);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('Cache-Control')).toBe('no-cache, no-transform');
    expect(response.headers.get('X-Accel-Buffering')).toBe('no');
    expect(openLiveStreamCount()).toBe(1);

    const probe = await openStream(userCookie, { query: '?probe=1' });
    expect(probe.response.status).toBe(204);
    expect(openLiveStreamCount()).toBe(1);
  });
});

describe('what a stream carries', () => {
  test("the viewer's own channels arrive as single-line JSON with the event id; other users' and the admins' do not", async () => {
    const { events } = await openStream(userCookie);
    publish(liveChannels.user(other.id), 'notifications', { count: 9 });
    publish(liveChannels.admins, 'chat-unread', { count: 4 });
    const mine = publish(liveChannels.user(user.id), 'notifications', { count: 3 });
    const frame = await expectEvent(events, 'notifications', `user:${user.id}`);
    expect(frame).toEqual({ id: mine.id, event: 'notifications', data: { channel: `user:${user.id}`, data: { count: 3 } } });

    publish(liveChannels.everyone, 'notifications', { added: 1, role: 'all' });
    await expectEvent(events, 'notifications', 'everyone');
    expect(await events!.next(100)).toBe('quiet');
  });

  test('admins also get the support desk channel', async () => {
    const { events } = await openStream(adminCookie);
    publish(liveChannels.admins, 'chat-unread', { count: 4 });
    expect((await expectEvent(events, 'chat-unread', 'admins')).data.data).toEqual({ count: 4 });
  });

  test('the models publish: a personal notice and its reading send the exact badge count; a broadcast sends one more', async () => {
    const { events } = await openStream(userCookie);
    const notice = createNotification(admin, {
      title: 'Pessoal',
      message: 'Uma mensagem só para você.',
      type: 'info',
      targetRole: 'all',
      link: null,
      expiresAt: null,
      userId: user.id,
    });
    const created = await expectEvent(events, 'notifications', `user:${user.id}`);
    const count = created.data.data.count as number;
    expect(count).toBeGreaterThan(0);

    markNotificationRead(user, notice.id);
    expect((await expectEvent(events, 'notifications', `user:${user.id}`)).data.data).toEqual({ count: count - 1 });

    createNotification(admin, {
      title: 'Para todos',
      message: 'Manutenção às 22h.',
      type: 'warning',
      targetRole: 'E-TOOL',
      link: null,
      expiresAt: null,
      userId: null,
    });
    expect((await expectEvent(events, 'notifications', 'everyone')).data.data).toEqual({ added: 1, role: 'E-TOOL' });
  });

  test("a ticket's messages reach its owner and the admins who watch it; another user's ticket is never subscribed", async () => {
    const thread = await createThread(user, { subject: 'Dúvida ao vivo', message: 'Primeira mensagem.' });
    const owner = await openStream(userCookie, { query: `?thread=${thread.id}` });
    const desk = await openStream(adminCookie, { query: `?thread=${thread.id}` });
    const stranger = await openStream(otherCookie, { query: `?thread=${thread.id}` });
    expect(stranger.response.status).toBe(200);
    // Two listeners on the ticket: the owner's and the admin's; none for the stranger.
    expect(listenerCount(liveChannels.thread(thread.id))).toBe(2);

    const reply = await postMessage(admin, thread.id, 'Resposta do suporte <b>ok</b>');
    for (const tab of [owner, desk]) {
      const frame = await expectEvent(tab.events, 'chat-message', `thread:${thread.id}`);
      expect(frame.data.data).toEqual({ threadId: thread.id, message: reply });
    }
    // The owner's 'Suporte' count follows.
    expect((await expectEvent(owner.events, 'chat-unread', `user:${user.id}`)).data.data).toEqual({ count: 1 });

    // The stranger's next event is their own, not the ticket's.
    publish(liveChannels.user(other.id), 'notifications', { count: 0 });
    await expectEvent(stranger.events, 'notifications', `user:${other.id}`);
  });
});

describe('the bus', () => {
  test('a large audience is served a thousand listeners per turn, each listener still in publishing order', async () => {
    const received: string[][] = Array.from({ length: 2500 }, () => []);
    const unsubscribes = received.map((log) => subscribe([liveChannels.everyone], (event) => log.push(event.id)));
    const first = publish(liveChannels.everyone, 'notifications', { added: 1, role: 'all' });
    const second = publish(liveChannels.everyone, 'notifications', { added: 1, role: 'all' });
    expect(received.filter((log) => log.length > 0)).toHaveLength(1000);
    await vi.waitFor(() => expect(received.every((log) => log.length === 2)).toBe(true));
    expect(received.every((log) => log[0] === first.id && log[1] === second.id)).toBe(true);
    for (const unsubscribe of unsubscribes) unsubscribe();
  });
});

describe('reconnecting', () => {
  test('Last-Event-ID resends what the viewer missed, and only that', async () => {
    const first = await openStream(userCookie);
    publish(liveChannels.user(user.id), 'notifications', { count: 1 });
    const seen = await expectEvent(first.events, 'notifications', `user:${user.id}`);
    first.abort();
    await expectAllFreed();

    const missed = publish(liveChannels.user(user.id), 'notifications', { count: 2 });
    publish(liveChannels.user(other.id), 'notifications', { count: 7 });
    const missedToo = publish(liveChannels.everyone, 'notifications', { added: 1, role: 'all' });

    const again = await openStream(userCookie, { lastEventId: seen.id! });
    expect(await again.events!.next()).toMatchObject({ id: missed.id, data: { data: { count: 2 } } });
    expect(await again.events!.next()).toMatchObject({ id: missedToo.id, data: { channel: 'everyone' } });
    expect(await again.events!.next(100)).toBe('quiet');

    // A new EventSource (the tab changed ticket) passes it in the query instead.
    const viaQuery = await openStream(userCookie, { query: `?lastEventId=${encodeURIComponent(seen.id!)}` });
    expect(await viaQuery.events!.next()).toMatchObject({ id: missed.id });
  });

  test('an id from another boot, or too old to know, gets resync', async () => {
    const { events } = await openStream(userCookie, { lastEventId: 'zzzz-5' });
    const frame = await expectEvent(events, 'resync', 'stream');
    expect(frame.id).toBe(currentEventId());
    expect(eventsSince('zzzz-5', ['everyone'])).toBeNull();

    for (let index = 0; index < 2001; index += 1) publish(liveChannels.user(other.id), 'notifications', { count: index });
    expect(eventsSince(frame.id!, [liveChannels.user(other.id)])).toBeNull();
  });
});

describe('the end of a stream', () => {
  test('a login elsewhere ends the session: the stream says session-ended and closes', async () => {
    const someone = await createUser();
    const cookie = await sessionCookie(someone);
    const { events } = await openStream(cookie);
    await sessionCookie(someone);
    const frame = await expectEvent(events, 'session-ended', liveChannels.session(await sessionIdOf(cookie)));
    expect(frame.data.data).toEqual({ reason: 'replaced' });
    expect(await events!.next()).toBe('end');
    await expectAllFreed();
  });

  test('a session that runs out (nothing is published) is found by the 25-second check, which also pings', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const someone = await createUser();
    const cookie = await sessionCookie(someone);
    const kept = await openStream(userCookie);
    const { events } = await openStream(cookie);
    vi.advanceTimersByTime(25_000);
    expect(await kept.events!.next(50)).toBe('quiet');
    expect(kept.events!.comments).toBe(1);

    db.update(activeSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(activeSessions.sessionId, await sessionIdOf(cookie)))
      .run();
    vi.advanceTimersByTime(25_000);
    expect((await expectEvent(events, 'session-ended', liveChannels.session(await sessionIdOf(cookie)))).data.data).toEqual({
      reason: 'expired',
    });
    expect(await events!.next()).toBe('end');
    expect(await kept.events!.next(50)).toBe('quiet');
    expect(kept.events!.comments).toBe(2);
    expect(openLiveStreamCount()).toBe(1);
  });

  test('closing the tab (the client hangs up) frees every listener', async () => {
    const tabs = await Promise.all([openStream(userCookie), openStream(userCookie), openStream(adminCookie)]);
    expect(listenerCount()).toBe(3 + 3 + 4);
    expect(openLiveStreamCount()).toBe(3);
    tabs[0].abort();
    await vi.waitFor(() => expect(openLiveStreamCount()).toBe(2));
    expect(listenerCount()).toBe(3 + 4);
    for (const tab of tabs.slice(1)) tab.abort();
    await expectAllFreed();
    // Nothing is written to a closed stream: publishing now reaches no one and throws nothing.
    publish(liveChannels.user(user.id), 'notifications', { count: 5 });
  });

  test('other methods are refused, HEAD only says whether the session lives', async () => {
    expect((await openStream(userCookie, { method: 'POST' })).response.status).toBe(405);
    expect((await openStream(userCookie, { method: 'HEAD' })).response.status).toBe(204);
    expect((await openStream(undefined, { method: 'HEAD' })).response.status).toBe(401);
    expect(openLiveStreamCount()).toBe(0);
  });
});

describe('the pages around the stream', () => {
  test('the session-ended page sends an ended session to /auth with Sessão expirada, and a live one back', async () => {
    const someone = await createUser();
    const cookie = await sessionCookie(someone);
    await sessionCookie(someone);
    const ended = await call(sessionEndedLoader, getRequest('/resources/session-ended?redirectTo=%2Fchat%2F5', { cookie }));
    expectRedirect(ended, `/auth?${new URLSearchParams({ redirectTo: '/chat/5' })}`);
    const setCookie = ended.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(/en_toast=/);
    expect(setCookie).toMatch(/en_session=/);

    expectRedirect(
      await call(sessionEndedLoader, getRequest('/resources/session-ended?redirectTo=%2Fchats', { cookie: userCookie })),
      '/chats',
    );
    expectRedirect(
      await call(sessionEndedLoader, getRequest('/resources/session-ended?redirectTo=https%3A%2F%2Fevil.example', { cookie: userCookie })),
      '/dashboard',
    );
  });

  test("the root loader sends the header's counts with the bus position they were read at", async () => {
    const thread = await createThread(user, { subject: 'Contagem', message: 'Olá.' });
    await postMessage(admin, thread.id, 'Respondido.');
    const before = currentEventId();
    const data = await (await call(rootLoader, getRequest('/dashboard', { cookie: userCookie }), {}, { toast: { pending: null } })).json();
    expect(data.liveCursor).toBe(before);
    expect(data.userUnreadChats).toBeGreaterThanOrEqual(1);
  });
});
