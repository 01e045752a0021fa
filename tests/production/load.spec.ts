import { expect, test } from '@playwright/test';
import { startProductionServer, type ProductionServer } from './production-server';
import autocannon from 'autocannon';
import { call, inParallel, MANY_CLIENTS_ENV, nextAddress, registerClient, registrationBody, runTag } from './load-client';

/** The part of autocannon 8's API this test uses beyond bench/autocannon.d.ts: a request set up per request, status counts. */
type LoadRequest = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
type LoadResult = Awaited<ReturnType<typeof autocannon>> & {
  '3xx': number;
  '4xx': number;
  '5xx': number;
  statusCodeStats: Record<string, { count: number }>;
};
const loadTest = autocannon as unknown as (
  options: Omit<Parameters<typeof autocannon>[0], 'method' | 'body'> & {
    requests: Array<{ setupRequest: (request: LoadRequest) => LoadRequest }>;
  },
) => Promise<LoadResult>;

/**
 * A few hundred concurrent clients on loopback for 30 s against the production
 * server, mixing signed-in reads (pages and API) with writes (chat messages, ratings,
 * registrations), through autocannon with each request set up in turn. No answer may be a 5xx, every request gets an answer, and the server's log
 * never shows SQLITE_BUSY or "database is locked". Prints the totals; asserts no timings (a
 * shared 2-core machine; figures belong to the bench).
 */

const CLIENTS = 300;
const USERS = 40;
const DURATION_MS = 30_000;

const PAGES = ['/dashboard', '/courses', '/chats', '/account', '/notifications', '/calculators'];
const API_READS = ['/api/user', '/api/tools', '/api/notifications', '/api/chat/threads', '/api/chat/unread-count'];
const ANONYMOUS_PAGES = ['/', '/about', '/auth'];

type Seat = { cookie: string; threadId: number };

test('300 clients mixing reads and writes for 30 s: no 5xx, no SQLITE_BUSY', async () => {
  test.setTimeout(290_000);
  const phase = (name: string) => console.log(`load: ${name} at ${new Date().toISOString()}`);
  let server: ProductionServer | undefined;
  try {
    server = await startProductionServer({ name: 'load', seedDemo: true, env: MANY_CLIENTS_ENV });
    const live = server;
    phase('server up');
    const seats: Seat[] = await inParallel(
      Array.from({ length: USERS }, (_, i) => `ld${runTag}u${i}`),
      3,
      async (name) => {
        const client = await registerClient(live, name);
        const thread = await call(live, '/api/chat/threads', { body: { subject: `Carga ${name}` }, cookie: client.cookie });
        expect(thread.status).toBe(201);
        return { cookie: client.cookie, threadId: (thread.body as { id: number }).id };
      },
    );
    const tools = (await call(live, '/api/tools', { cookie: seats[0].cookie })).body as Array<{ id: number; locked: boolean }>;
    const usable = tools.filter((tool) => !tool.locked).map((tool) => tool.id);
    expect(usable.length).toBeGreaterThan(0);

    phase('users ready');
    let seq = 0;
    /** One request of the mix, weighted like a busy afternoon: mostly reads, one in five a write; users in turn. */
    const setupRequest = (request: LoadRequest): LoadRequest => {
      const n = ++seq;
      const seat = seats[n % seats.length];
      const roll = n % 100;
      const json = (path: string, body: unknown, headers: Record<string, string> = {}) => ({
        ...request,
        method: 'POST',
        path,
        headers: { ...headers, Origin: live.url, 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(body),
      });
      if (roll < 35)
        return { ...request, method: 'GET', path: PAGES[n % PAGES.length], headers: { Cookie: seat.cookie, Accept: 'text/html' } };
      if (roll < 70)
        return {
          ...request,
          method: 'GET',
          path: API_READS[n % API_READS.length],
          headers: { Cookie: seat.cookie, Accept: 'application/json' },
        };
      if (roll < 80)
        return { ...request, method: 'GET', path: ANONYMOUS_PAGES[n % ANONYMOUS_PAGES.length], headers: { Accept: 'text/html' } };
      if (roll < 89)
        return json(`/api/chat/threads/${seat.threadId}/messages`, { message: `carga ${runTag} ${n}` }, { Cookie: seat.cookie });
      if (roll < 99)
        return json(
          `/api/tools/${usable[n % usable.length]}/rate`,
          { rating: 1 + (n % 5), comment: `carga ${n}` },
          { Cookie: seat.cookie },
        );
      return json('/api/register', registrationBody(`ld${runTag}r${n}`), { 'X-Real-IP': nextAddress() });
    };

    const result = await loadTest({
      url: live.url,
      connections: CLIENTS,
      duration: DURATION_MS / 1000,
      // Seconds: a starved shared machine answers slowly, but every request must be answered.
      timeout: 60,
      requests: [{ setupRequest }],
    });
    phase('load done');
    const log = server.log();
    const totals = {
      clients: CLIENTS,
      seconds: result.duration,
      requests: result.requests.total,
      '2xx': result['2xx'],
      '3xx': result['3xx'],
      '4xx': result['4xx'],
      '5xx': result['5xx'],
      errors: result.errors,
      timeouts: result.timeouts,
      perSecond: Math.round(result.requests.average),
      p50ms: result.latency.p50,
      p99ms: result.latency.p99,
      maxMs: result.latency.max,
      statuses: Object.fromEntries(Object.entries(result.statusCodeStats).map(([status, { count }]) => [status, count])),
      sqliteBusyInLog: (log.match(/SQLITE_BUSY|database is locked/g) ?? []).length,
    };
    console.log('load:', JSON.stringify(totals));
    test.info().annotations.push({ type: 'load', description: JSON.stringify(totals) });

    expect(totals.requests).toBeGreaterThan(CLIENTS);
    expect(totals['5xx'], log.slice(-4000)).toBe(0);
    expect({ errors: totals.errors, timeouts: totals.timeouts }).toEqual({ errors: 0, timeouts: 0 });
    expect(log).not.toMatch(/SQLITE_BUSY|database is locked/);
  } finally {
    await server?.stop('SIGKILL');
  }
});
