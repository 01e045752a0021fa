import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { Agent, request as httpRequest, type IncomingMessage } from 'node:http';
import { expect, test } from '@playwright/test';
import { startProductionServer, type ProductionServer } from './production-server';

/**
 * One process per core (http-server/cluster.js, docs/decisions/026): the production build with
 * WEB_CONCURRENCY=2, a primary and two workers sharing the port. Which worker serves a connection
 * is read from /proc (the worker holding the server side of the client's socket), so nothing in
 * the answers has to name the process. Loopback only; every wait is bounded.
 */

test.describe.configure({ mode: 'serial' });

let server: ProductionServer;

test.beforeAll(async () => {
  server = await startProductionServer({
    name: 'cluster',
    seedDemo: true,
    // A real-looking Stripe configuration instead of the test mode, which runs one process (decision 026).
    env: {
      WEB_CONCURRENCY: '2',
      STRIPE_TEST_MODE: '',
      STRIPE_SECRET_KEY: 'sk_test_cluster',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_cluster',
      STRIPE_WEBHOOK_SECRET: 'whsec_cluster',
    },
  });
  // The first worker answers alone while the second starts (decision 026): wait for both.
  await until(() => server.log().includes('2 processos atendendo'), 30_000);
});

test.afterAll(async () => {
  await server?.stop();
});

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** The pids whose parent is `pid`. */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) children.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return children.sort((a, b) => a - b);
}

const workers = () => childrenOf(server.child.pid!);

/** The socket inode of the server's side of the connection from `clientPort` (IPv4 or IPv4-mapped IPv6). */
function serverSideInode(clientPort: number): string | null {
  const hex = (port: number) => port.toString(16).toUpperCase().padStart(4, '0');
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields.length < 10) continue;
      if (fields[1].endsWith(`:${hex(server.port)}`) && fields[2].endsWith(`:${hex(clientPort)}`)) return fields[9];
    }
  }
  return null;
}

/** The worker holding the server side of the connection from `clientPort`. */
function workerOf(clientPort: number): number | null {
  const inode = serverSideInode(clientPort);
  if (!inode) return null;
  for (const pid of workers()) {
    try {
      for (const fd of readdirSync(`/proc/${pid}/fd`)) {
        try {
          if (readlinkSync(`/proc/${pid}/fd/${fd}`) === `socket:[${inode}]`) return pid;
        } catch {
          // closed meanwhile
        }
      }
    } catch {
      // gone meanwhile
    }
  }
  return null;
}

type Answer = { status: number; body: string; headers: IncomingMessage['headers']; worker: number | null };

/** An HTTP client on one kept-alive connection, so every request it makes goes to the same worker. */
function pinnedClient() {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  let port: number | null = null;
  return {
    agent,
    send(method: string, path: string, { cookie, body }: { cookie?: string; body?: unknown } = {}): Promise<Answer> {
      return new Promise((done, fail) => {
        const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
        const req = httpRequest(`${server.url}${path}`, {
          method,
          agent,
          headers: {
            Origin: server.url,
            ...(cookie ? { Cookie: cookie } : {}),
            ...(payload ? { 'Content-Type': 'application/json', 'Content-Length': payload.length } : {}),
          },
        });
        req.on('socket', (socket) => {
          const remember = () => (port = socket.localPort ?? null);
          if (socket.localPort) remember();
          else socket.once('connect', remember);
        });
        req.on('error', fail);
        req.on('response', (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () =>
            done({ status: response.statusCode ?? 0, body: text, headers: response.headers, worker: port ? workerOf(port) : null }),
          );
        });
        req.end(payload);
      });
    },
    close: () => agent.destroy(),
  };
}

type Pinned = ReturnType<typeof pinnedClient>;

/** One client per worker: new connections until each worker holds one (the primary deals them out in turn). */
async function clientPerWorker(): Promise<Map<number, Pinned>> {
  const byWorker = new Map<number, Pinned>();
  for (let attempt = 0; attempt < 20 && byWorker.size < 2; attempt += 1) {
    const client = pinnedClient();
    const { worker } = await client.send('GET', '/api/upgrade/plans/prices');
    if (worker && !byWorker.has(worker)) byWorker.set(worker, client);
    else client.close();
  }
  expect(byWorker.size).toBe(2);
  return byWorker;
}

async function login(email: string, password: string): Promise<string> {
  const response = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: server.url },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

type LiveFrame = { id: string | null; event: string; data: { channel: string; data: Record<string, unknown> } };

/** An open GET /resources/live on its own connection, with the frames it received and the worker serving it. */
type Stream = { worker: number | null; frames: LiveFrame[]; ended: Promise<void>; close: () => void };

function openStream(cookie: string, lastEventId?: string): Promise<Stream> {
  return new Promise((opened, fail) => {
    const req = httpRequest(`${server.url}/resources/live`, {
      agent: false,
      headers: { Cookie: cookie, Accept: 'text/event-stream', ...(lastEventId ? { 'Last-Event-ID': lastEventId } : {}) },
    });
    req.on('error', fail);
    req.on('response', (response) => {
      if (response.statusCode !== 200) return fail(new Error(`stream answered ${response.statusCode}`));
      const frames: LiveFrame[] = [];
      let buffer = '';
      const ended = new Promise<void>((done) => response.on('close', () => done()));
      response.setEncoding('utf8');
      let first = true;
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields = Object.fromEntries(
            block.split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]),
          );
          if (fields.event) frames.push({ id: fields.id ?? null, event: fields.event, data: JSON.parse(fields.data) });
        }
        if (first) {
          first = false;
          opened({ worker: workerOf(req.socket!.localPort!), frames, ended, close: () => req.destroy() });
        }
      });
    });
    req.end();
  });
}

async function until(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) return;
    await pause(20);
  }
}

const broadcasts = (stream: Stream) => stream.frames.filter((frame) => frame.event === 'notifications' && frame.data.data.added === 1);

test('two workers answer on one port', async () => {
  expect(workers()).toHaveLength(2);
  expect(server.log()).toContain('2 processos atendendo');
  const seen = new Set<number | null>();
  for (let attempt = 0; attempt < 10 && seen.size < 2; attempt += 1) {
    const client = pinnedClient();
    const answer = await client.send('GET', '/healthcheck');
    expect(answer.status).toBe(200);
    seen.add(answer.worker);
    client.close();
  }
  expect([...seen].sort()).toEqual(workers());
});

test('a live event published by a write reaches every open stream exactly once, in order, whichever worker serves it; Last-Event-ID resumes on either', async () => {
  const admin = await login('admin@example.com', 'admin123');
  const readers = await Promise.all(
    ['tool@example.com', 'master@example.com', 'basic@example.com'].map((email) => login(email, 'senha123')),
  );
  const streams: Stream[] = [];
  for (const cookie of [admin, ...readers]) for (let index = 0; index < 3; index += 1) streams.push(await openStream(cookie));
  const served = new Set(streams.map((stream) => stream.worker));
  expect([...served].sort()).toEqual(workers());

  // Five broadcasts, each written through a new connection (so by either worker).
  const writers = await clientPerWorker();
  const titles: string[] = [];
  for (let index = 0; index < 6; index += 1) {
    const writer = [...writers.values()][index % 2];
    titles.push(`Aviso ${index}`);
    const answer = await writer.send('POST', '/api/notifications', {
      cookie: admin,
      body: { title: `Aviso ${index}`, message: 'Para todos os processos.' },
    });
    expect(answer.status).toBe(201);
  }
  await until(() => streams.every((stream) => broadcasts(stream).length >= titles.length));
  await pause(300); // nothing more may come
  const reference = broadcasts(streams[0]).map((frame) => frame.id);
  expect(reference).toHaveLength(titles.length);
  const sequences = reference.map((id) => Number(id!.split('-')[1]));
  expect(sequences).toEqual([...sequences].sort((a, b) => a - b));
  expect(new Set(reference.map((id) => id!.split('-')[0])).size).toBe(1);
  for (const stream of streams) expect(broadcasts(stream).map((frame) => frame.id)).toEqual(reference);

  // A tab that goes away after the second event and comes back gets exactly what it missed, wherever it lands.
  const resumedOn = new Set<number | null>();
  for (let attempt = 0; attempt < 8 && resumedOn.size < 2; attempt += 1) {
    const again = await openStream(readers[0], reference[1]!);
    resumedOn.add(again.worker);
    await until(() => broadcasts(again).length >= reference.length - 2);
    await pause(100);
    expect(again.frames.some((frame) => frame.event === 'resync')).toBe(false);
    expect(broadcasts(again).map((frame) => frame.id)).toEqual(reference.slice(2));
    again.close();
  }
  expect([...resumedOn].sort()).toEqual(workers());
  for (const stream of streams) stream.close();
  for (const writer of writers.values()) writer.close();
});

test('login limits are exact across workers: 12 wrong passwords at once get 5 password checks (401) and 7 × 429', async () => {
  const attempts = await Promise.all(
    Array.from({ length: 12 }, async () => {
      const client = pinnedClient();
      const answer = await client.send('POST', '/api/login', { body: { email: 'tool@example.com', password: 'errada123' } });
      client.close();
      return answer;
    }),
  );
  const outcomes = attempts.reduce<Record<number, number>>((count, { status }) => ({ ...count, [status]: (count[status] ?? 0) + 1 }), {});
  expect(outcomes).toEqual({ 401: 5, 429: 7 });
  expect(new Set(attempts.map((attempt) => attempt.worker)).size).toBe(2);
  // The pair is spent for every worker: the right password now is refused too.
  const right = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: server.url },
    body: JSON.stringify({ email: 'tool@example.com', password: 'senha123' }),
  });
  expect(right.status).toBe(429);
});

test('a write in one worker renews the tool list another worker keeps (PRAGMA data_version)', async () => {
  const admin = await login('admin@example.com', 'admin123');
  const reader = await login('master@example.com', 'senha123');
  const clients = await clientPerWorker();
  const [first, second] = [...clients.keys()];
  const tools = JSON.parse((await clients.get(first)!.send('GET', '/api/tools?perPage=200', { cookie: admin })).body) as Array<{
    id: number;
    name: string;
    restrictedCpfs: string | null;
  }>;
  // One every E-MASTER sees, whose name the page shows as it is (no HTML escaping to match).
  const tool = tools.find((each) => !each.restrictedCpfs && /^[\p{L}\d ]+$/u.test(each.name))!;
  expect(tool).toBeTruthy();

  // Both workers render the dashboard (and keep the tool list) with the old name.
  for (const worker of [first, second]) {
    const page = await clients.get(worker)!.send('GET', '/dashboard', { cookie: reader });
    expect(page.worker).toBe(worker);
    expect(page.body).toContain(tool.name);
  }
  for (const [writer, readerWorker, name] of [
    [first, second, 'Ferramenta renomeada no primeiro'],
    [second, first, 'Ferramenta renomeada no segundo'],
  ] as const) {
    const renamed = await clients.get(writer)!.send('PATCH', `/api/tools/${tool.id}`, { cookie: admin, body: { name } });
    expect(renamed.status).toBe(200);
    expect(renamed.worker).toBe(writer);
    const page = await clients.get(readerWorker)!.send('GET', '/dashboard', { cookie: reader });
    expect(page.worker).toBe(readerWorker);
    expect(page.body).toContain(name);
  }
  for (const client of clients.values()) client.close();
});

test('a worker that dies is replaced; the site keeps answering', async () => {
  const [victim] = workers();
  process.kill(victim, 'SIGKILL');
  await until(() => workers().length === 2 && !workers().includes(victim), 15_000);
  expect(workers()).toHaveLength(2);
  expect(workers()).not.toContain(victim);
  // The primary says so again once the new one listens.
  await until(() => (server.log().match(/2 processos atendendo/g) ?? []).length === 2, 15_000);
  expect(server.log().match(/2 processos atendendo/g)).toHaveLength(2);
  expect(server.log()).toMatch(new RegExp(`Processo ${victim} terminou \\(SIGKILL\\); iniciando outro`));
  const healthy = await fetch(`${server.url}/healthcheck`);
  expect(healthy.status).toBe(200);
});

test('SIGTERM to the primary ends every stream, stops both workers gracefully and exits 0, leaving no process behind', async () => {
  const cookie = await login('basic@example.com', 'senha123');
  // A stream held on each worker (the replacement one included).
  const streams: Stream[] = [];
  for (let attempt = 0; attempt < 12 && new Set(streams.map((stream) => stream.worker)).size < 2; attempt += 1) {
    const stream = await openStream(cookie);
    streams.push(stream);
    if (streams.length >= 6) break;
  }
  expect(new Set(streams.map((stream) => stream.worker)).size).toBe(2);
  const pids = workers();
  const started = Date.now();
  const { code } = await server.stop('SIGTERM');
  expect(code).toBe(0);
  expect(Date.now() - started).toBeLessThan(10_000);
  await Promise.all(streams.map((stream) => stream.ended));
  for (const pid of pids) expect(existsSync(`/proc/${pid}`)).toBe(false);
  const log = server.log();
  expect(log.match(/"msg":"Encerrado em \d+ ms: \d+ streams terminados, WAL gravado, banco de dados fechado\."/g)).toHaveLength(2);
  expect(log).toContain('Encerrado: 2 processos parados.');
});

test('a crash loop is bounded: past 5 restarts in a minute the primary stops the rest and exits 1', async () => {
  const looping = await startProductionServer({
    name: 'cluster-crash-loop',
    env: {
      WEB_CONCURRENCY: '2',
      STRIPE_TEST_MODE: '',
      STRIPE_SECRET_KEY: 'sk_test_cluster',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_cluster',
      STRIPE_WEBHOOK_SECRET: 'whsec_cluster',
    },
  });
  const listening = () => (looping.log().match(/2 processos atendendo/g) ?? []).length;
  await until(() => listening() === 1, 30_000);
  const exited = new Promise<number | null>((done) => looping.child.once('exit', (code) => done(code)));
  const seen = new Set<number>();
  for (let death = 1; death <= 6; death += 1) {
    for (const pid of childrenOf(looping.child.pid!)) seen.add(pid);
    const [victim] = childrenOf(looping.child.pid!);
    expect(victim).toBeTruthy();
    process.kill(victim, 'SIGKILL');
    // Each of the first five is replaced, and the replacement listens before the next death.
    if (death <= 5) {
      await until(() => listening() === death + 1, 30_000);
      expect(listening()).toBe(death + 1);
    }
  }
  const code = await Promise.race([exited, pause(15_000).then(() => 'still running')]);
  expect(code).toBe(1);
  // The worker still alive at the sixth death was stopped too: no process is left behind.
  expect(seen.size).toBe(7);
  for (const pid of seen) expect(existsSync(`/proc/${pid}`)).toBe(false);
  expect(looping.log()).toContain('5 reinícios em 60 s: desistindo.');
});

test('a malformed WEB_CONCURRENCY stops the start with its rule', async () => {
  const refused = spawnSync(process.execPath, ['server.js'], {
    env: { ...server.env, WEB_CONCURRENCY: 'dois', PORT: '1' },
    encoding: 'utf8',
    timeout: 20_000,
  });
  expect(refused.status).toBe(1);
  expect(refused.stdout + refused.stderr).toContain('WEB_CONCURRENCY: use um número inteiro de processos entre 1 e 64');
});
