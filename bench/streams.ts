/**
 * `npm run bench:streams [-- --streams=N] [--quick] [--no-build]`: how many idle tabs one server
 * process holds. Starts the production build as `npm start` does (bench/servers.ts), logs the
 * demo users in, and from a separate process on 127.0.0.1 (bench/stream-clients.mjs) opens N
 * event streams (GET /resources/live) in batches; then reads the server's resident memory (total
 * and per stream), measures a page's latency with autocannon while they are open (and before, as
 * the reference), times one broadcast reaching every stream, closes them all, and opens them
 * again to show nothing stayed behind. Writes bench/streams.md. Everything stops by itself.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import readline from 'node:readline';
import { createCookieSessionStorage } from '@remix-run/node';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { login, request, waitFor200 } from './measure';
import { killAll, killGroup, rssKb, spawnGroup, type Group } from './processes';
import { DEMO_LOGINS } from './scenarios';
import {
  baseEnv,
  buildApp,
  HEALTH_PATH,
  LOG_DIR,
  origin,
  prepareSmallDatabase,
  ROOT,
  SESSION_SECRET,
  serverMemory,
  type Running,
} from './servers';

const USAGE = `npm run bench:streams [-- --streams=N] [--quick] [--no-build]   (tsx bench/streams.ts)

  --streams=N   idle event streams to hold open (default 10000, at most 15000)
  --quick       2 s per latency measurement instead of 15 s (for a smoke run)
  --no-build    use the build already in build/ (default: npm run build first)
  Serves on 127.0.0.1:3205; writes bench/streams.md.`;

const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  console.log(USAGE);
  process.exit(0);
}
const known = (arg: string) => arg === '--quick' || arg === '--no-build' || /^--streams=\d+$/.test(arg);
const unknownArgs = args.filter((arg) => !known(arg));
if (unknownArgs.length) {
  console.error(`[streams] argumento desconhecido: ${unknownArgs.join(' ')}\n\n${USAGE}`);
  process.exit(2);
}
const MAX_STREAMS = 15_000;
const STREAMS = Number(args.find((arg) => arg.startsWith('--streams='))?.split('=')[1] ?? 10_000);
if (!(STREAMS >= 1 && STREAMS <= MAX_STREAMS)) {
  console.error(`[streams] --streams deve estar entre 1 e ${MAX_STREAMS}`);
  process.exit(2);
}
const QUICK = args.includes('--quick');
const BUILD = !args.includes('--no-build');
const PORT = 3205;
const ORIGIN = origin(PORT);
const BATCH = 500;
/** The page measured while the streams are open, at a fixed rate (what a visitor waits), and flat out (what the server can do). */
const PAGE = '/dashboard';
const PAGE_RATE = 20;
const RATE_CONNECTIONS = 10;
const LOAD_CONNECTIONS = 50;
const LOAD_SECONDS = QUICK ? 2 : 15;
/** The fixed-rate runs are longer: their p99 is the 6th-slowest of 600 requests, not the 3rd of 300. */
const RATE_SECONDS = QUICK ? 2 : 30;
const TARGETS = { streams: 10_000, rssMb: 400, p99Ms: 200 } as const;
/** Everything ends by itself even if a step hangs. */
const RUN_TIMEOUT_MS = 12 * 60_000;

const say = (text: string) => console.log(`[streams] ${text}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// Limits and /proc

function softNoFile(pid: number | 'self' = 'self'): { soft: number; hard: number } {
  const line = readFileSync(`/proc/${pid}/limits`, 'utf8')
    .split('\n')
    .find((row) => row.startsWith('Max open files'));
  const [soft, hard] = (line ?? '')
    .split(/\s{2,}/)
    .slice(1, 3)
    .map((value) => (value === 'unlimited' ? Infinity : Number(value)));
  return { soft, hard };
}

const openFiles = (pid: number) => readdirSync(`/proc/${pid}/fd`).length;
const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');

// ---------------------------------------------------------------------------------------------
// The accounts the streams belong to

/** The app's cap (app/plumbing/live-stream.server.ts, LIVE_STREAMS_PER_SESSION; decision 020). */
const STREAMS_PER_SESSION = 6;

/**
 * ceil(N / 6) signed-in accounts for N streams, written straight into the bench's database before
 * the server starts (logging 1,667 users in would spend minutes hashing passwords and meet the
 * login limits), with the session cookies the app would set for them.
 */
async function streamAccounts(databasePath: string, streams: number): Promise<string[]> {
  const sqlite = new Database(databasePath);
  const now = Date.now();
  const addUser = sqlite.prepare('INSERT INTO users (username, email, username_key, email_key, password) VALUES (?, ?, ?, ?, ?)');
  const addSession = sqlite.prepare('INSERT INTO active_sessions (user_id, session_id, last_activity, expires_at) VALUES (?, ?, ?, ?)');
  const sessionIds: string[] = [];
  sqlite.transaction(() => {
    for (let index = 0; index < Math.ceil(streams / STREAMS_PER_SESSION); index += 1) {
      const name = `bench_stream_${index}`;
      const email = `${name}@bench.example`;
      const user = addUser.run(name, email, name, email, 'not-a-password-hash');
      const sessionId = randomBytes(32).toString('base64url');
      addSession.run(user.lastInsertRowid, sessionId, now, now + 24 * 60 * 60_000);
      sessionIds.push(sessionId);
    }
  })();
  sqlite.close();
  const storage = createCookieSessionStorage({ cookie: { name: 'en_session', secrets: [SESSION_SECRET] } });
  return Promise.all(
    sessionIds.map(async (sessionId) => {
      const session = await storage.getSession();
      session.set('sessionId', sessionId);
      return (await storage.commitSession(session)).split(';')[0];
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// The server (npm start, with the soft file limit raised in its shell) and the client process

function spawnServer(databasePath: string, files: number): Group {
  return spawnGroup('app-streams', 'sh', ['-c', `ulimit -n ${files} && exec npm start`], {
    cwd: ROOT,
    // Offline: payments in their labelled test mode (the production start refuses to guess).
    env: {
      ...baseEnv(),
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATABASE_URL: `file:${databasePath}`,
      SESSION_SECRET,
      PUBLIC_ORIGIN: origin(PORT),
      STRIPE_TEST_MODE: '1',
      MAIL_TRANSPORT: 'file',
      ADMIN_TWO_FACTOR: 'optional',
    },
    logPath: join(LOG_DIR, 'app-streams.log'),
  });
}

type ClientMessage =
  | { type: 'progress'; open: number; failed: number }
  | { type: 'opened'; open: number; failed: number; compressed: number; ms: number }
  | { type: 'delivered'; streams: number; reached: number; lastMs: number | null; medianMs: number | null }
  | { type: 'closed' };

class Clients {
  private readonly child: ChildProcess;
  private readonly waiting: Array<{ type: ClientMessage['type']; resolve: (message: ClientMessage) => void }> = [];

  constructor(cookies: string[], files: number) {
    const cookiesFile = join(LOG_DIR, 'stream-cookies.json');
    writeFileSync(cookiesFile, JSON.stringify(cookies));
    const env = {
      ...baseEnv(),
      STREAMS_PORT: String(PORT),
      STREAMS_COUNT: String(STREAMS),
      STREAMS_BATCH: String(BATCH),
      // A file, not the variable itself: 10,000 streams need 1,667 cookies, past the 128 KB a variable may hold.
      STREAMS_COOKIES_FILE: cookiesFile,
      STREAMS_MAX_MS: String(RUN_TIMEOUT_MS),
    };
    // Its own process group (killed with it on the way out), its soft file limit raised in its shell.
    this.child = spawn('sh', ['-c', `ulimit -n ${files} && exec "${process.execPath}" bench/stream-clients.mjs`], {
      cwd: ROOT,
      env,
      detached: true,
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    readline.createInterface({ input: this.child.stdout! }).on('line', (line) => {
      const message = JSON.parse(line) as ClientMessage;
      if (message.type === 'progress' && message.open % 2000 < BATCH) say(`  ${message.open} abertos (${message.failed} falhas)`);
      const index = this.waiting.findIndex((entry) => entry.type === message.type);
      if (index >= 0) this.waiting.splice(index, 1)[0].resolve(message);
    });
    process.once('exit', () => this.kill());
  }

  send<T extends ClientMessage['type']>(
    cmd: 'open' | 'mark' | 'close',
    answer: T,
    timeoutMs = 5 * 60_000,
  ): Promise<Extract<ClientMessage, { type: T }>> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`stream-clients: sem resposta a ${cmd}`)), timeoutMs);
      this.waiting.push({
        type: answer,
        resolve: (message) => {
          clearTimeout(timer);
          resolve(message as Extract<ClientMessage, { type: T }>);
        },
      });
      this.child.stdin!.write(`${JSON.stringify({ cmd })}\n`);
    });
  }

  kill(): void {
    try {
      process.kill(-this.child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Measurements

type Latency = {
  connections: number;
  rate: number | null;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
};

async function pageLatency(cookie: string, rate: number | null): Promise<Latency> {
  const connections = rate ? RATE_CONNECTIONS : LOAD_CONNECTIONS;
  const result = await autocannon({
    url: `${ORIGIN}${PAGE}`,
    headers: { Cookie: cookie, 'Accept-Encoding': 'gzip, deflate, br' },
    connections,
    duration: rate ? RATE_SECONDS : LOAD_SECONDS,
    timeout: 10,
    ...(rate ? { overallRate: rate } : {}),
  });
  const seconds = (result.finish.getTime() - result.start.getTime()) / 1000 || (rate ? RATE_SECONDS : LOAD_SECONDS);
  return {
    connections,
    rate,
    requests: result.requests.total,
    rps: result.requests.total / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

type Snapshot = { rssMb: number; files: number };

/**
 * The highest resident memory seen while it runs, from /proc/{pid}/status every 200 ms (the pid
 * found once: finding it again means reading 10,000 descriptors, which would load the machine).
 */
function peakSampler(server: Running): { stop: () => number } {
  const pid = serverMemory(server)?.pid;
  let peak = 0;
  const sample = () => {
    if (pid !== undefined) peak = Math.max(peak, rssKb(pid) / 1024);
  };
  sample();
  const timer = setInterval(sample, 200);
  return {
    stop: () => {
      clearInterval(timer);
      sample();
      return peak;
    },
  };
}

async function snapshot(server: Running, settleMs = 3000): Promise<Snapshot> {
  await sleep(settleMs);
  const memory = serverMemory(server);
  if (!memory) throw new Error('o servidor não está mais escutando');
  return { rssMb: memory.rssMb, files: openFiles(memory.pid) };
}

// ---------------------------------------------------------------------------------------------
// The run

type Report = {
  date: string;
  commit: string;
  machine: string;
  loadBefore: string;
  loadAfter: string;
  seconds: number;
  serverFiles: number;
  baseline: Snapshot;
  opened: Extract<ClientMessage, { type: 'opened' }>;
  withStreams: Snapshot;
  peakRssMb: number;
  afterClose: Snapshot;
  reopened: Extract<ClientMessage, { type: 'opened' }>;
  withStreamsAgain: Snapshot;
  delivery: Extract<ClientMessage, { type: 'delivered' }>;
  rateBefore: Latency;
  rateDuring: Latency;
  rateAfter: Latency;
  loadBeforeRun: Latency;
  loadDuring: Latency;
};

async function main() {
  const started = performance.now();
  mkdirSync(LOG_DIR, { recursive: true });
  const loadBefore = loadAverage();
  const needed = STREAMS + 1024;
  const limits = softNoFile();
  if (limits.hard < needed) throw new Error(`ulimit -n rígido ${limits.hard} < ${needed}: não cabem ${STREAMS} conexões`);
  const files = Math.min(limits.hard, Math.max(limits.soft, needed));
  say(`carga do sistema (1, 5, 15 min): ${loadBefore}; ulimit -n ${limits.soft} (rígido ${limits.hard}), filhos com ${files}`);

  if (BUILD) {
    say('npm run build');
    await buildApp();
  }
  say('banco de demonstração (npm run setup)');
  const databasePath = await prepareSmallDatabase('streams');

  const streamCookies = await streamAccounts(databasePath, STREAMS);
  say(`  ${streamCookies.length} contas com sessão para os streams (${STREAMS_PER_SESSION} por sessão)`);

  say(`npm start em ${ORIGIN}`);
  const group = spawnServer(databasePath, files);
  await waitFor200(`${ORIGIN}${HEALTH_PATH}`, group);
  const server: Running = { name: 'app-streams', origin: ORIGIN, port: PORT, group };
  const serverFiles = softNoFile(serverMemory(server)!.pid).soft;

  // The page is read as the E-TOOL user and the notice sent as the admin; the streams belong to
  // accounts of their own (streamAccounts), at most LIVE_STREAMS_PER_SESSION each.
  const cookies = new Map<string, string>();
  for (const demo of DEMO_LOGINS) cookies.set(demo.email, await login(ORIGIN, demo.email, demo.password));
  const pageCookie = cookies.get('tool@example.com')!;
  const adminCookie = cookies.get('admin@example.com')!;

  say(`aquecimento e referência sem streams: ${PAGE}`);
  await autocannon({ url: `${ORIGIN}${PAGE}`, headers: { Cookie: pageCookie }, connections: 10, duration: QUICK ? 1 : 3 });
  const rateBefore = await pageLatency(pageCookie, PAGE_RATE);
  say(`  ${PAGE} a ${PAGE_RATE} req/s: p50 ${rateBefore.p50} ms, p99 ${rateBefore.p99} ms`);
  const loadBeforeRun = await pageLatency(pageCookie, null);
  say(`  ${PAGE} com ${LOAD_CONNECTIONS} conexões: ${Math.round(loadBeforeRun.rps)} req/s, p99 ${loadBeforeRun.p99} ms`);
  const baseline = await snapshot(server);
  say(`  RSS ${baseline.rssMb.toFixed(1)} MB, ${baseline.files} descritores`);

  say(`abrindo ${STREAMS} streams em lotes de ${BATCH} (processo separado)`);
  const clients = new Clients(streamCookies, files);
  const opened = await clients.send('open', 'opened');
  say(`  ${opened.open} abertos em ${(opened.ms / 1000).toFixed(1)} s, ${opened.failed} falhas, ${opened.compressed} comprimidos`);
  const peak = peakSampler(server);
  const withStreams = await snapshot(server, 5000);
  say(`  RSS ${withStreams.rssMb.toFixed(1)} MB, ${withStreams.files} descritores`);

  const rateDuring = await pageLatency(pageCookie, PAGE_RATE);
  say(`  ${PAGE} a ${PAGE_RATE} req/s com os streams: p50 ${rateDuring.p50} ms, p99 ${rateDuring.p99} ms`);
  const loadDuring = await pageLatency(pageCookie, null);
  say(`  ${PAGE} com ${LOAD_CONNECTIONS} conexões e os streams: ${Math.round(loadDuring.rps)} req/s, p99 ${loadDuring.p99} ms`);

  say('um aviso para todos: quanto leva para chegar a cada stream');
  const delivered = clients.send('mark', 'delivered', 30_000);
  await sleep(200);
  const sent = await request(`${ORIGIN}/api/notifications`, {
    method: 'POST',
    headers: { Cookie: adminCookie, 'Content-Type': 'application/json', Origin: ORIGIN, Accept: 'application/json' },
    body: JSON.stringify({ title: 'Aviso de teste', message: 'Mensagem do benchmark de streams.', targetRole: 'all' }),
  });
  if (sent.status !== 201) throw new Error(`POST /api/notifications: ${sent.status} ${sent.text.slice(0, 200)}`);
  const delivery = await delivered;
  say(
    `  chegou a ${delivery.reached} de ${delivery.streams} (mediana ${delivery.medianMs?.toFixed(0)} ms, último ${delivery.lastMs?.toFixed(0)} ms)`,
  );
  const peakRssMb = peak.stop();
  say(`  pico de RSS com os streams abertos (incluindo as medições de carga): ${peakRssMb.toFixed(1)} MB`);

  say('fechando todos os streams');
  await clients.send('close', 'closed');
  const afterClose = await snapshot(server, 5000);
  say(`  RSS ${afterClose.rssMb.toFixed(1)} MB, ${afterClose.files} descritores`);
  const rateAfter = await pageLatency(pageCookie, PAGE_RATE);
  say(`  ${PAGE} a ${PAGE_RATE} req/s depois de fechá-los: p50 ${rateAfter.p50} ms, p99 ${rateAfter.p99} ms`);

  say(`abrindo ${STREAMS} de novo (o que ficou para trás somaria memória)`);
  const reopened = await clients.send('open', 'opened');
  const withStreamsAgain = await snapshot(server, 5000);
  say(`  ${reopened.open} abertos; RSS ${withStreamsAgain.rssMb.toFixed(1)} MB, ${withStreamsAgain.files} descritores`);
  await clients.send('close', 'closed');
  clients.kill();
  await killGroup(group);

  const report: Report = {
    date: new Date().toISOString(),
    commit: gitCommit(),
    machine: `${os.cpus().length} cores (${os.cpus()[0]?.model.split(' ').slice(0, 2).join(' ')}), ${(os.totalmem() / 1024 ** 3).toFixed(1)} GB memory, Node ${process.version}, ${os.type()} ${os.release()} ${os.arch()}`,
    loadBefore,
    loadAfter: loadAverage(),
    seconds: (performance.now() - started) / 1000,
    serverFiles,
    baseline,
    opened,
    withStreams,
    peakRssMb,
    afterClose,
    reopened,
    withStreamsAgain,
    delivery,
    rateBefore,
    rateDuring,
    rateAfter,
    loadBeforeRun,
    loadDuring,
  };
  const path = join(ROOT, 'bench/streams.md');
  writeFileSync(path, renderReport(report));
  say(`relatório em ${path} (${report.seconds.toFixed(0)} s)`);
}

function gitCommit(): string {
  try {
    const sha = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'app', 'server.js', 'http-server'], {
      cwd: ROOT,
      encoding: 'utf8',
    }).trim();
    return dirty ? `${sha} (with uncommitted changes under app/)` : sha;
  } catch {
    return '?';
  }
}

// ---------------------------------------------------------------------------------------------
// The report

const mb = (value: number) => `${value.toFixed(1)} MB`;
const ms = (value: number | null) => (value === null ? '—' : `${Math.round(value)} ms`);
const count = (value: number) => value.toLocaleString('en-US');
const verdict = (ok: boolean) => (ok ? 'met' : '**not met**');

function latencyRow(label: string, latency: Latency): string {
  const how = latency.rate
    ? `${latency.rate} req/s over ${latency.connections} connections`
    : `${latency.connections} connections, flat out`;
  return `| ${label} | ${how} | ${count(latency.requests)} | ${Math.round(latency.rps)} | ${latency.p50} | ${latency.p99} | ${latency.max} | ${latency.non2xx + latency.errors} |`;
}

function renderReport(report: Report): string {
  const streams = report.opened.open;
  const grown = report.withStreams.rssMb - report.baseline.rssMb;
  const perStreamKb = streams > 0 ? (grown * 1024) / streams : 0;
  const held = streams >= TARGETS.streams;
  const withinMemory = report.peakRssMb <= TARGETS.rssMb;
  const fast = report.rateDuring.p99 < TARGETS.p99Ms;
  return `# Event streams: how many idle tabs one process holds

- Date: ${report.date}
- Commit: \`${report.commit}\`
- Machine: ${report.machine}; load average (1, 5, 15 min) ${report.loadBefore} at the start, ${report.loadAfter} at the end (other work shares it).
- Method: \`npm run bench:streams${STREAMS === 10_000 ? '' : ` -- --streams=${STREAMS}`}${QUICK ? ' --quick' : ''}\` starts the production build with \`npm start\` (NODE_ENV=production, Node's heap capped at 256 MB by the start script; open-file soft limit ${count(report.serverFiles)}), on 127.0.0.1:${PORT}, with the demo database.
  A separate process (\`bench/stream-clients.mjs\`) opens ${count(STREAMS)} streams (\`GET /resources/live\`, ${STREAMS_PER_SESSION} per account on accounts written for the bench, the app's cap per session (decision 020); a browser's Accept-Encoding) in batches of ${BATCH} and keeps them idle.
  Resident memory is the server's node process (VmRSS), read 3-5 s after each step. \`${PAGE}\` is measured with autocannon as the E-TOOL demo user (browser Accept-Encoding): at a fixed ${PAGE_RATE} req/s for ${RATE_SECONDS} s (what a visitor waits) before, during and after the streams, and flat out with ${LOAD_CONNECTIONS} connections for ${LOAD_SECONDS} s (what the server still does) before and during.
- Whole run: ${report.seconds.toFixed(0)} s.

## Targets

| target | measured | |
|---|---|---|
| at least ${count(TARGETS.streams)} open streams | ${count(streams)} held (${report.opened.failed} failed to open) | ${verdict(held)} |
| within ${TARGETS.rssMb} MB resident | ${mb(report.withStreams.rssMb)} with them idle; at most ${mb(report.peakRssMb)} while they were open, the page loads and the broadcast included | ${verdict(withinMemory)} |
| \`${PAGE}\` p99 under ${TARGETS.p99Ms} ms while they are open | ${report.rateDuring.p99} ms at ${PAGE_RATE} req/s | ${verdict(fast)} |

## Memory and descriptors

| moment | streams open | resident memory | open descriptors |
|---|---:|---:|---:|
| after warm-up, before any stream | 0 | ${mb(report.baseline.rssMb)} | ${count(report.baseline.files)} |
| streams open | ${count(streams)} | ${mb(report.withStreams.rssMb)} | ${count(report.withStreams.files)} |
| highest while open (page loads, broadcast) | ${count(streams)} | ${mb(report.peakRssMb)} | |
| all closed by the client | 0 | ${mb(report.afterClose.rssMb)} | ${count(report.afterClose.files)} |
| opened again | ${count(report.reopened.open)} | ${mb(report.withStreamsAgain.rssMb)} | ${count(report.withStreamsAgain.files)} |

- Per stream: ${mb(grown)} over the baseline for ${count(streams)} streams, **${perStreamKb.toFixed(1)} KB each** (Node's socket, request and response objects, the connection and its listener; the kernel's socket buffers are not counted in RSS).
- Opening them took ${(report.opened.ms / 1000).toFixed(1)} s (${count(Math.round(streams / (report.opened.ms / 1000 || 1)))} per second, session checked on each); ${report.opened.compressed} came back compressed.
- Closing: the descriptors go back to ${count(report.afterClose.files)} (baseline ${count(report.baseline.files)}). Opening the same number again ends at ${mb(report.withStreamsAgain.rssMb)} against ${mb(report.withStreams.rssMb)} the first time, where streams left behind would have added another ${mb(grown)}: closed streams free their listeners and memory (the server drops them when their socket closes).

## A page while the streams are open

| \`${PAGE}\` | load | requests | requests/s | p50 ms | p99 ms | max ms | errors |
|---|---|---:|---:|---:|---:|---:|---:|
${latencyRow('no streams', report.rateBefore)}
${latencyRow(`${count(streams)} streams open`, report.rateDuring)}
${latencyRow('no streams (after closing them)', report.rateAfter)}
${latencyRow('no streams', report.loadBeforeRun)}
${latencyRow(`${count(streams)} streams open`, report.loadDuring)}

## One broadcast to every stream

An admin's notice to everyone (\`POST /api/notifications\`, target all) reached ${count(report.delivery.reached)} of ${count(report.delivery.streams)} open streams: half within ${ms(report.delivery.medianMs)}, the last after ${ms(report.delivery.lastMs)} (timed in the client process from just before the request).
`;
}

const deadline = setTimeout(() => {
  console.error('[streams] tempo esgotado');
  void killAll().finally(() => process.exit(1));
}, RUN_TIMEOUT_MS);
deadline.unref();

main()
  .then(() => killAll())
  .then(() => process.exit(0))
  .catch(async (error: unknown) => {
    console.error(`[streams] falhou: ${error instanceof Error ? error.message : String(error)}`);
    await killAll();
    process.exit(1);
  });
