/**
 * `npx tsx bench/metrics-cost.ts [--db=path/to/app.db] [--seconds=4] [--rounds=3] [--port=3211]`: what the
 * production metrics (http-server/metrics.js) cost per request. Two copies of the app on the same demo
 * database, one with METRICS_PORT set (production) and one with METRICS_PORT=off, loaded one at a
 * time in alternating slices (off, on, off, on, …) on `/api/user` (the cheapest signed-in answer,
 * where a fixed cost per request weighs most) and `/dashboard`; the server's CPU per response of
 * each slice, the median per variant, and the difference. The metrics port is scraped once a
 * second during the "on" slices (Fly scrapes every 15 s), so the scrape's own cost is counted too.
 * Needs `npm run build` and a demo database (`npm run setup` with SEED_DEMO=1, NODE_ENV=production).
 * Prints a Markdown table (docs/performance.md quotes one).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { get, login, measureLoad } from './measure';
import { killAll } from './processes';
import { LOG_DIR, ROOT, serverCpu, startApp, stop, type Running } from './servers';

const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const SECONDS = Number(arg('seconds', '4'));
const ROUNDS = Number(arg('rounds', '3'));
const DATABASE = arg('db', join(ROOT, 'bench/.data/small/app.db'));
/** Three ports from --port (default 3211): the app without metrics, the app with them, its metrics. */
const PORT_OFF = Number(arg('port', '3211'));
const PORT_ON = PORT_OFF + 1;
const METRICS_PORT = PORT_OFF + 2;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** A new sign-in ends the user's other sessions: each slice signs in first, outside its measured window. */
async function slice(server: Running, path: string, scrape: boolean) {
  const cookie = await login(server.origin, 'tool@example.com', 'senha123');
  const timer = scrape ? setInterval(() => void get(`http://127.0.0.1:${METRICS_PORT}/metrics`).catch(() => {}), 1000) : null;
  try {
    const accept = path.startsWith('/api/') ? 'application/json' : 'text/html,application/xhtml+xml';
    const load = await measureLoad(`${server.origin}${path}`, { Cookie: cookie, Accept: accept }, SECONDS, 1, serverCpu(server));
    if (load.non2xx > 0 || load.errors > 0) throw new Error(`${path}: ${load.non2xx} non-2xx, ${load.errors} errors`);
    return load.cpuPerRequestMs;
  } finally {
    if (timer) clearInterval(timer);
  }
}

async function main() {
  if (!existsSync(DATABASE) || !existsSync(join(ROOT, 'build/index.js'))) throw new Error(`needs build/ and ${DATABASE}`);
  mkdirSync(LOG_DIR, { recursive: true });
  const off = await startApp('metrics-off', PORT_OFF, DATABASE, 1, { METRICS_PORT: 'off' });
  const on = await startApp('metrics-on', PORT_ON, DATABASE, 1, { METRICS_PORT: String(METRICS_PORT) });
  try {
    const scraped = await get(`http://127.0.0.1:${METRICS_PORT}/metrics`);
    if (scraped.status !== 200) throw new Error(`the metrics port answered ${scraped.status}`);
    console.log('| path | CPU ms/request, metrics off (median of slices) | metrics on | difference |');
    console.log('|---|---:|---:|---:|');
    for (const path of ['/api/user', '/dashboard']) {
      const cpu = { off: [] as number[], on: [] as number[] };
      for (let round = 0; round < ROUNDS; round += 1) {
        cpu.off.push(await slice(off, path, false));
        cpu.on.push(await slice(on, path, true));
      }
      const [a, b] = [median(cpu.off), median(cpu.on)];
      console.log(
        `| ${path} | ${a.toFixed(3)} (${cpu.off.map((v) => v.toFixed(2)).join(', ')}) | ${b.toFixed(3)} (${cpu.on.map((v) => v.toFixed(2)).join(', ')}) | ${(((b - a) / a) * 100).toFixed(1)} % |`,
      );
    }
  } finally {
    await stop(off);
    await stop(on);
  }
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => killAll());
