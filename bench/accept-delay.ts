/**
 * `npx tsx bench/accept-delay.ts [--seconds=4] [--requests=300]`: does a setting of the
 * environment shorten the wait of a new connection's first request while the app is loaded?
 * Needs a finished bench run (build/, bench/.data/small/app.db). For each variant the app is
 * started with `npm start` (WEB_CONCURRENCY=1 but in the last) plus the variant's environment on 127.0.0.1:3206;
 * then, as the E-TOOL demo user on /dashboard:
 *
 *   - autocannon at 50 keep-alive connections: how long until every connection has its first
 *     answer, then the steady p50/p99, CPU per request and, one at a time during the same
 *     window, the first request on a new connection;
 *   - `--requests` requests each on a new connection, 50 at a time: p50, p99, max, over 2 s.
 *
 * Prints a Markdown table (bench/README.md quotes one).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { login, measureLoad, measureNewConnections } from './measure';
import { killAll } from './processes';
import { PORTS, ROOT, multiProcessEnv, serverCpu, startApp, stop } from './servers';

const arg = (name: string, fallback: number) => {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`));
  return found ? Number(found.split('=')[1]) : fallback;
};
const SECONDS = arg('seconds', 4);
const REQUESTS = arg('requests', 300);
const PAGE = { Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

const VARIANTS: { name: string; env: Record<string, string | undefined>; processes?: number }[] = [
  { name: 'as today', env: {} },
  { name: 'UV_TCP_SINGLE_ACCEPT=0 (accept every pending connection each turn)', env: { UV_TCP_SINGLE_ACCEPT: '0' } },
  { name: 'NODE_OPTIONS=--max-semi-space-size=32 (fewer young-generation GCs)', env: { NODE_OPTIONS: '--max-semi-space-size=32' } },
  { name: 'UV_THREADPOOL_SIZE=16', env: { UV_THREADPOOL_SIZE: '16' } },
  // The cluster's primary accepts (round-robin) in a loop that serves no request, and hands each connection to a worker.
  { name: 'WEB_CONCURRENCY=2 (the primary accepts)', env: multiProcessEnv(PORTS.experiment), processes: 2 },
];

async function main() {
  const database = join(ROOT, 'bench/.data/small/app.db');
  if (!existsSync(database) || !existsSync(join(ROOT, 'build/index.js')))
    throw new Error('run `npm run bench:quick` first (build/ and bench/.data/small/app.db)');
  const only = process.argv.find((a) => a.startsWith('--only='))?.split('=')[1];
  const rows: string[] = [];
  for (const [index, variant] of VARIANTS.entries()) {
    if (only !== undefined && !only.split(',').includes(String(index))) continue;
    const server = await startApp(`accept-delay-${index}`, PORTS.experiment, database, variant.processes ?? 1, variant.env);
    try {
      const cookie = await login(server.origin, 'tool@example.com', 'senha123');
      const headers = { ...PAGE, Cookie: cookie };
      const url = `${server.origin}/dashboard`;
      // No extra warm-up: how long 50 connections wait is what is measured.
      const load = await measureLoad(url, headers, SECONDS, 1, serverCpu(server));
      const fresh = await measureNewConnections(url, headers, REQUESTS, 50, serverCpu(server));
      const row =
        `| ${variant.name} | ${Number.isFinite(load.connections.lastFirstAnswerSeconds) ? load.connections.lastFirstAnswerSeconds.toFixed(1) : `> ${(1 + SECONDS).toFixed(0)}`} | ${Math.round(load.rps)} | ${load.cpuPerRequestMs.toFixed(2)} | ${load.p50.toFixed(0)} / ${load.p99.toFixed(0)} | ` +
        `${load.firstRequest.count}: ${load.firstRequest.p50.toFixed(0)} / ${load.firstRequest.max.toFixed(0)} | ` +
        `${fresh.latency.p50.toFixed(0)} / ${fresh.latency.p99.toFixed(0)} / ${fresh.latency.max.toFixed(0)} | ${fresh.over2s} | ${Math.round(fresh.rps)} |`;
      console.log(row);
      rows.push(row);
    } finally {
      await stop(server);
    }
  }
  console.log(
    [
      '',
      `| variant | s until all 50 connections answered | steady req/s | CPU ms / req | steady p50 / p99 ms | first request on a new connection under load: n: p50 / max ms | ${REQUESTS} new connections, 50 at a time: p50 / p99 / max ms | over 2 s | req/s |`,
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
      ...rows,
    ].join('\n'),
  );
}

let code = 1;
try {
  await main();
  code = 0;
} catch (error) {
  console.error('[accept-delay] falhou:', error instanceof Error ? error.message : error);
} finally {
  await killAll();
}
process.exit(code);
