/**
 * `npx tsx bench/api-tails.ts [--port=4230] [--bare-port=4232] [--db=path/to/app.db] [--rounds=3] [--seconds=5]`
 *
 * Where the API's slow 1 % comes from (issue 33, item 3). The app (`npm start`, one process, its
 * metrics on port + 1000) and the bare Remix reference run side by side on loopback, one loaded at a
 * time, in rounds: the bare JSON route, `GET /api/user`, `GET /api/tools`, the bare page, `GET /`
 * anonymous. Each slice is autocannon at 50 keep-alive connections (bench/measure.ts's
 * `measureLoad`: 2 s of warm-up, then `--seconds`, each connection's first answer left out). For the
 * app's slices it also reads, from its own metrics port (scraped before and after the slice, which
 * resets prom-client's event-loop histogram), how late a 10 ms timer fired (p50, p99, max), the
 * time spent in garbage collection and how many single pauses took over 1 ms and over 10 ms
 * (prom-client's GC histogram, fed by the same PerformanceObserver entries `--trace-gc` prints;
 * `npm start` cannot take `--trace-gc` through NODE_OPTIONS). A p99 that the event-loop delay and
 * the GC pauses do not explain is queueing: 50 requests waiting their turn on one core.
 * Needs `npm run build` and a demo database (default bench/.data/small/app.db). Prints a Markdown
 * table; writes nothing but its servers' logs (bench/.data/logs). What it measured: bench/profile.md.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { CONNECTIONS, get, login, measureLoad, type Load } from './measure';
import { buildBare, DATA_DIR, LOG_DIR, prepareSmallDatabase, ROOT, serverCpu, startApp, startBare, stop, type Running } from './servers';

const { values: args } = parseArgs({
  options: {
    port: { type: 'string', default: '4230' },
    'bare-port': { type: 'string', default: '4232' },
    db: { type: 'string' },
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '5' },
  },
});

const JSON_ACCEPT = { Accept: 'application/json' };
const PAGE = { Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
const WARMUP_SECONDS = 2;

type Slice = { server: 'bare' | 'app'; label: string; path: string; headers: Record<string, string>; signedIn?: boolean };
const SLICES: Slice[] = [
  { server: 'bare', label: 'bare Remix: JSON route', path: '/api/json', headers: JSON_ACCEPT },
  { server: 'app', label: 'GET /api/user', path: '/api/user', headers: JSON_ACCEPT, signedIn: true },
  { server: 'app', label: 'GET /api/tools', path: '/api/tools', headers: JSON_ACCEPT, signedIn: true },
  { server: 'bare', label: 'bare Remix: page', path: '/', headers: PAGE },
  { server: 'app', label: 'GET / anonymous', path: '/', headers: PAGE },
];

/** The app's event-loop delay (s) and GC seconds, from Prometheus's text format. */
type ProcessReading = {
  lagP50: number;
  lagP99: number;
  lagMax: number;
  gcSeconds: number;
  gcCount: number;
  over1ms: number;
  over10ms: number;
};

async function readMetrics(metricsOrigin: string): Promise<ProcessReading> {
  const text = (await get(`${metricsOrigin}/metrics`)).text;
  const value = (name: string) => Number(new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1] ?? NaN);
  /** The sum over a metric's series whose labels contain `label` (every series without). */
  const sum = (name: string, label = '') =>
    [...text.matchAll(new RegExp(`^${name}\\{([^}]*)\\} (\\S+)`, 'gm'))]
      .filter((match) => match[1]!.includes(label))
      .reduce((total, match) => total + Number(match[2]), 0);
  return {
    lagP50: value('nodejs_eventloop_lag_p50_seconds'),
    lagP99: value('nodejs_eventloop_lag_p99_seconds'),
    lagMax: value('nodejs_eventloop_lag_max_seconds'),
    gcSeconds: sum('nodejs_gc_duration_seconds_sum'),
    gcCount: sum('nodejs_gc_duration_seconds_count'),
    over1ms: sum('nodejs_gc_duration_seconds_count') - sum('nodejs_gc_duration_seconds_bucket', 'le="0.001"'),
    over10ms: sum('nodejs_gc_duration_seconds_count') - sum('nodejs_gc_duration_seconds_bucket', 'le="0.01"'),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const fixed = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '—');

async function main() {
  const database = args.db ?? join(DATA_DIR, 'small/app.db');
  if (!args.db && !existsSync(database)) await prepareSmallDatabase();
  mkdirSync(LOG_DIR, { recursive: true });
  if (!existsSync(join(ROOT, 'bench/.bare/build/index.js'))) await buildBare();
  const port = Number(args.port);
  const servers: Running[] = [];
  try {
    const bare = await startBare(Number(args['bare-port']));
    servers.push(bare);
    const app = await startApp('api-tails', port, database);
    servers.push(app);
    const metricsOrigin = `http://127.0.0.1:${port + 1000}`;
    const cookie = await login(app.origin, 'tool@example.com', 'senha123');

    const rows = SLICES.map(() => [] as { load: Load; reading?: ProcessReading }[]);
    for (let round = 0; round < Number(args.rounds); round++) {
      for (const [index, slice] of SLICES.entries()) {
        const server = slice.server === 'bare' ? bare : app;
        const headers = slice.signedIn ? { ...slice.headers, Cookie: cookie } : slice.headers;
        const before = slice.server === 'app' ? await readMetrics(metricsOrigin) : undefined;
        const load = await measureLoad(`${server.origin}${slice.path}`, headers, Number(args.seconds), WARMUP_SECONDS, serverCpu(server));
        if (load.non2xx || load.errors) throw new Error(`${slice.label}: ${load.non2xx} unexpected answers, ${load.errors} errors`);
        if (!before) {
          rows[index]!.push({ load });
          continue;
        }
        const after = await readMetrics(metricsOrigin);
        const reading = {
          ...after,
          gcSeconds: after.gcSeconds - before.gcSeconds,
          gcCount: after.gcCount - before.gcCount,
          over1ms: after.over1ms - before.over1ms,
          over10ms: after.over10ms - before.over10ms,
        };
        rows[index]!.push({ load, reading });
      }
    }

    console.log(`${CONNECTIONS} connections, ${args.rounds} rounds of ${args.seconds} s per slice, database ${database}\n`);
    console.log(
      '| slice | requests/s, rounds | CPU ms/request (median) | steady p50 / p99 ms, rounds | p99/p50 (median) | event-loop delay p99 / max ms | GC ms per s of slice | GC pauses: all / > 1 ms / > 10 ms |',
    );
    console.log('|---|---|---:|---|---:|---|---|---|');
    for (const [index, slice] of SLICES.entries()) {
      const taken = rows[index]!;
      const ratios = taken.map(({ load }) => load.p99 / load.p50);
      console.log(
        [
          slice.label,
          taken.map(({ load }) => fixed(load.rps, 0)).join(', '),
          fixed(median(taken.map(({ load }) => load.cpuPerRequestMs)), 2),
          taken.map(({ load }) => `${fixed(load.p50)} / ${fixed(load.p99)}`).join(', '),
          `${fixed(median(ratios), 2)}×`,
          taken.map(({ reading }) => (reading ? `${fixed(reading.lagP99 * 1000)} / ${fixed(reading.lagMax * 1000)}` : '—')).join(', '),
          taken
            .map(({ reading, load }) => (reading ? fixed((reading.gcSeconds * 1000) / (load.seconds + WARMUP_SECONDS)) : '—'))
            .join(', '),
          taken.map(({ reading }) => (reading ? `${reading.gcCount} / ${reading.over1ms} / ${reading.over10ms}` : '—')).join(', '),
        ]
          .join(' | ')
          .replace(/^/, '| ')
          .concat(' |'),
      );
    }
  } finally {
    for (const server of servers) await stop(server);
  }
}

await main();
