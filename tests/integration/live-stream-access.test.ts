import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { db } from '../../db/client';
import { activeSessions, type UserRow } from '../../db/schema';
import { resetUserPassword, updateUserAsAdmin } from '~/models/admin/users.server';
import { deleteUserAsAdmin } from '~/models/privacy/account-deletion.server';
import { createThread, postMessage } from '~/models/chat/chat.server';
import { liveChannels, listenerCount, publish } from '~/models/live-bus/live-events.server';
import { LIVE_STREAMS_PER_SESSION, LIVE_STREAMS_PER_USER, openLiveStreamCount, serveLiveStream } from '~/plumbing/live-stream.server';
import { grantRole } from '~/models/accounts/role-grant.server';
import { endAllSessions, SESSION_TTL_MS } from '~/models/accounts/session.server';
import { connectLive, LiveStore } from '~/live/live-connection';
import { authSessionStorage } from '~/utils/session.server';
import { createUser, sessionCookie } from '../setup/helpers';

/**
 * What an outside probe found on /resources/live: a demoted admin kept the admin feed of an open
 * stream, and one account could hold thousands of streams. The stream is served here as server.js
 * serves it, on Node's own request and response over a loopback socket.
 */

type Frame = { id: string | null; event: string; channel: string; data: Record<string, unknown> };

class EventReader {
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private readonly decoder = new TextDecoder();
  private buffer = '';
  private pending: Promise<ReadableStreamReadResult<Uint8Array>> | null = null;

  constructor(response: Response) {
    this.reader = response.body!.getReader();
  }

  /** The next event, 'end' when the server closed the stream, 'quiet' when nothing came within `ms`. */
  async next(ms = 2000): Promise<Frame | 'end' | 'quiet'> {
    const deadline = Date.now() + ms;
    for (;;) {
      const frame = this.takeFrame();
      if (frame) return frame;
      if (!this.pending) {
        this.pending = this.reader.read();
        // A read still waiting when the test aborts its stream rejects with nobody left to await it.
        this.pending.catch(() => {});
      }
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
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        fields.set(line.slice(0, colon), line.slice(colon + 1).replace(/^ /, ''));
      }
      if (!fields.has('event')) continue;
      const wire = JSON.parse(fields.get('data')!) as { channel: string; data: Record<string, unknown> };
      return { id: fields.get('id') ?? null, event: fields.get('event')!, channel: wire.channel, data: wire.data };
    }
  }
}

let server: http.Server;
let origin = '';
const opened: AbortController[] = [];

async function openStream(cookie: string | undefined, options: { query?: string; lastEventId?: string } = {}) {
  const abort = new AbortController();
  opened.push(abort);
  const headers = new Headers();
  if (cookie) headers.set('Cookie', cookie);
  if (options.lastEventId) headers.set('Last-Event-ID', options.lastEventId);
  const response = await fetch(`${origin}/resources/live${options.query ?? ''}`, { headers, signal: abort.signal });
  return { response, events: response.status === 200 ? new EventReader(response) : null };
}

/** Every event the stream carries within `ms`, until it ends. */
async function drainEvents(reader: EventReader, ms = 300): Promise<Array<Frame | 'end'>> {
  const seen: Array<Frame | 'end'> = [];
  for (;;) {
    const next = await reader.next(ms);
    if (next === 'quiet') return seen;
    seen.push(next);
    if (next === 'end') return seen;
  }
}

const sessionIdOf = async (cookie: string) => (await authSessionStorage.getSession(cookie)).get('sessionId') as string;

/** A second live session of the same user, written directly (startSession keeps one per user). */
async function extraSessionCookie(user: Pick<UserRow, 'id'>): Promise<string> {
  const sessionId = randomBytes(32).toString('base64url');
  const now = new Date();
  db.insert(activeSessions)
    .values({ userId: user.id, sessionId, lastActivity: now, expiresAt: new Date(now.getTime() + SESSION_TTL_MS) })
    .run();
  const session = await authSessionStorage.getSession();
  session.set('sessionId', sessionId);
  return (await authSessionStorage.commitSession(session)).split(';')[0];
}

let actor: UserRow;

beforeAll(async () => {
  server = http.createServer((req, res) => void serveLiveStream(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  actor = await createUser({ role: 'admin' });
});

beforeEach(() => {
  // The 25-second session check never runs during these tests: what ends a stream here is the change itself.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
});

afterEach(async () => {
  vi.useRealTimers();
  for (const abort of opened.splice(0)) abort.abort();
  await vi.waitFor(() => {
    expect(listenerCount()).toBe(0);
    expect(openLiveStreamCount()).toBe(0);
  });
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('a change of access reaches the open streams at once', () => {
  test("a demoted admin's stream on ?thread=N stops carrying that ticket and the admins channel immediately", async () => {
    const owner = await createUser();
    const admin = await createUser({ role: 'admin' });
    const thread = await createThread(owner, { subject: 'Chamado do probe', message: 'Olá.' });
    const adminCookie = await sessionCookie(admin);
    const { events } = await openStream(adminCookie, { query: `?thread=${thread.id}` });
    publish(liveChannels.admins, 'chat-unread', { count: 1 });
    expect(await events!.next()).toMatchObject({ event: 'chat-unread', channel: 'admins' });

    updateUserAsAdmin(actor, admin.id, { role: 'E-BASIC', proDays: 0 });
    // In the same turn as the demotion: nothing of the desk may reach the demoted reader any more.
    await postMessage(owner, thread.id, 'Segredo do chamado.');
    publish(liveChannels.admins, 'chat-unread', { count: 2 });
    publish(liveChannels.user(admin.id), 'notifications', { count: 0 });

    const after = await drainEvents(events!);
    expect(after.filter((frame) => frame !== 'end' && (frame.channel === 'admins' || frame.channel === `thread:${thread.id}`))).toEqual([]);
    // The stream itself goes on with what the user may still see.
    expect(after).toContainEqual(expect.objectContaining({ event: 'notifications', channel: `user:${admin.id}` }));
    expect(listenerCount(liveChannels.admins)).toBe(0);
    expect(listenerCount(liveChannels.thread(thread.id))).toBe(0);
  });

  test("a demoted admin's reconnect with Last-Event-ID does not replay the admins channel", async () => {
    const admin = await createUser({ role: 'admin' });
    const adminCookie = await sessionCookie(admin);
    const first = await openStream(adminCookie);
    const seen = publish(liveChannels.admins, 'chat-unread', { count: 1 });
    expect(await first.events!.next()).toMatchObject({ id: seen.id, channel: 'admins' });

    publish(liveChannels.admins, 'chat-unread', { count: 2 });
    updateUserAsAdmin(actor, admin.id, { role: 'E-BASIC', proDays: 0 });
    const mine = publish(liveChannels.user(admin.id), 'notifications', { count: 0 });

    const again = await openStream(adminCookie, { lastEventId: seen.id! });
    const replayed = await drainEvents(again.events!);
    expect(replayed).toEqual([expect.objectContaining({ id: mine.id, channel: `user:${admin.id}` })]);
  });

  test('an admin period that runs out stops the admins channel at the next event, without any write', async () => {
    const admin = await createUser();
    // An admin grant of one day that started a day ago, less two seconds.
    grantRole(db, { userId: admin.id, role: 'admin', days: 1, source: 'admin' }, new Date(Date.now() - 86_400_000 + 2000));
    const { events } = await openStream(await sessionCookie(admin));
    publish(liveChannels.admins, 'chat-unread', { count: 1 });
    expect(await events!.next()).toMatchObject({ channel: 'admins' });

    await new Promise((resolve) => setTimeout(resolve, 2100));
    publish(liveChannels.admins, 'chat-unread', { count: 2 });
    const mine = publish(liveChannels.user(admin.id), 'notifications', { count: 0 });
    expect(await drainEvents(events!)).toEqual([expect.objectContaining({ id: mine.id, channel: `user:${admin.id}` })]);
  });

  const endings: Array<[string, (user: UserRow) => Promise<void> | void]> = [
    ['a password reset by an admin', (user) => resetUserPassword(actor, user.id, 'outraSenha123')],
    ['the deletion of the account', (user) => deleteUserAsAdmin(actor, user.id)],
    ['the end of all their sessions', (user) => endAllSessions(user.id)],
  ];
  test.each(endings)('%s ends every stream of the user at once with session-ended', async (_, change) => {
    const user = await createUser();
    const cookie = await sessionCookie(user);
    const tabs = [await openStream(cookie), await openStream(cookie, { query: '?thread=1' })];
    const bystander = await createUser();
    const kept = await openStream(await sessionCookie(bystander));

    await change(user);
    for (const tab of tabs) {
      expect(await tab.events!.next()).toMatchObject({ event: 'session-ended', channel: liveChannels.session(await sessionIdOf(cookie)) });
      expect(await tab.events!.next()).toBe('end');
    }
    expect(openLiveStreamCount()).toBe(1);
    expect(await kept.events!.next(100)).toBe('quiet');
  });
});

describe('how many streams one account may hold', () => {
  test(`one session holds at most ${LIVE_STREAMS_PER_SESSION} streams; the next are refused with 429 and Retry-After`, async () => {
    const user = await createUser();
    const cookie = await sessionCookie(user);
    const answers = await Promise.all(Array.from({ length: LIVE_STREAMS_PER_SESSION + 4 }, () => openStream(cookie)));
    const statuses = answers.map((answer) => answer.response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(LIVE_STREAMS_PER_SESSION);
    expect(openLiveStreamCount()).toBe(LIVE_STREAMS_PER_SESSION);
    const refused = answers.find((answer) => answer.response.status === 429)!;
    expect(Number(refused.response.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(await refused.response.json()).toEqual({ message: expect.stringMatching(/abas/) });

    // The probe the client asks before opening again says the same, so it waits as told.
    const probe = await openStream(cookie, { query: '?probe=1' });
    expect(probe.response.status).toBe(429);
    expect(Number(probe.response.headers.get('Retry-After'))).toBeGreaterThan(0);
  });

  test(`one user holds at most ${LIVE_STREAMS_PER_USER} streams across sessions, and a closed tab frees its place`, async () => {
    const user = await createUser();
    const cookies = [await sessionCookie(user), await extraSessionCookie(user), await extraSessionCookie(user)];
    const tabs = [];
    for (const cookie of cookies) {
      for (let index = 0; index < LIVE_STREAMS_PER_SESSION; index += 1) tabs.push(await openStream(cookie));
    }
    expect(tabs.filter((tab) => tab.response.status === 200)).toHaveLength(LIVE_STREAMS_PER_USER);
    expect(openLiveStreamCount()).toBe(LIVE_STREAMS_PER_USER);
    expect(tabs.at(-1)!.response.status).toBe(429);

    opened[0].abort();
    await vi.waitFor(() => expect(openLiveStreamCount()).toBe(LIVE_STREAMS_PER_USER - 1));
    expect((await openStream(cookies[2])).response.status).toBe(200);
  });

  test('refused anonymous attempts cost no stream, and a flood of them from one address is cut off with 429', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 40; index += 1) {
      const { response } = await openStream(undefined);
      statuses.push(response.status);
      await response.arrayBuffer();
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(401));
    expect(statuses.slice(30)).toEqual(Array(10).fill(429));
    expect(openLiveStreamCount()).toBe(0);
    expect(listenerCount()).toBe(0);
    const limited = await openStream(undefined);
    expect(Number(limited.response.headers.get('Retry-After'))).toBeGreaterThan(0);
  });
});

describe("the tab's client", () => {
  test('a tab refused with 429 asks again no sooner than Retry-After', async () => {
    vi.useFakeTimers();
    const sources: FakeEventSource[] = [];
    class FakeEventSource {
      static readonly CLOSED = 2;
      readyState = 0;
      onerror: (() => void) | null = null;
      constructor(readonly url: string) {
        sources.push(this);
      }
      addEventListener() {}
      removeEventListener() {}
      close() {
        this.readyState = FakeEventSource.CLOSED;
      }
    }
    const probe = vi.fn(async () => new Response('{}', { status: 429, headers: { 'Retry-After': '60' } }));
    vi.stubGlobal('EventSource', FakeEventSource);
    vi.stubGlobal('fetch', probe);
    try {
      const stop = connectLive(new LiveStore());
      expect(sources).toHaveLength(1);
      sources[0].readyState = FakeEventSource.CLOSED;
      sources[0].onerror!();
      await vi.advanceTimersByTimeAsync(59_000);
      expect(probe).toHaveBeenCalledTimes(1);
      expect(sources).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(2_000);
      expect(sources).toHaveLength(2);
      stop();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
