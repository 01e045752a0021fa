/**
 * `npx tsx bench/cpu-compare.ts [--port=3390] [--db=path/to/app.db] [--requests=1500] [--rounds=3] [--identity] [--path=/a --path=/b …]`
 *
 * CPU per request of a few pages of the production build, side by side in the same minute: the app
 * started as `npm start` does (one process), the paths loaded in turn (round 1: a, b, c; round 2: a,
 * b, c; …), each with a fixed number of requests at 10 keep-alive connections with a browser's
 * `Accept-Encoding: gzip` (`--identity`: none, as the HTTP bench's rows), and the server group's CPU time (/proc) divided by the answers. A path may
 * name its user: `tool:/dashboard`, `master:/courses`, `admin:/admin/users?q=ana` (default E-TOOL).
 * Needs `npm run build` and a demo database (default bench/.data/small/app.db, made by `npm run
 * setup` when absent). Prints each path's rounds, median and spread; writes nothing.
 * What it measured for issue 33 is in bench/profile.md.
 */
import autocannon from 'autocannon';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { get, login } from './measure';
import { cpuBetween } from './processes';
import { DATA_DIR, prepareSmallDatabase, serverCpu, startApp, stop } from './servers';
import { DEMO_LOGINS, SCENARIO_USERS, type ScenarioUser } from './scenarios';

const { values: args } = parseArgs({
  options: {
    port: { type: 'string', default: '3390' },
    db: { type: 'string' },
    requests: { type: 'string', default: '1500' },
    rounds: { type: 'string', default: '3' },
    path: { type: 'string', multiple: true, default: ['/dashboard'] },
    // Without Accept-Encoding, as the HTTP bench's rows are taken (no gzip of the document).
    identity: { type: 'boolean', default: false },
  },
});

const port = Number(args.port);
const requests = Number(args.requests);
const rounds = Number(args.rounds);
const targets = args.path.map((spec) => {
  const match = /^(tool|master|admin):(\/.*)$/.exec(spec);
  return match ? { user: match[1] as ScenarioUser, path: match[2]! } : { user: 'tool' as ScenarioUser, path: spec };
});

const database = args.db ?? join(DATA_DIR, 'small/app.db');
if (!args.db && !existsSync(database)) await prepareSmallDatabase();
const app = await startApp('cpu-compare', port, database);
try {
  const cookies = new Map<ScenarioUser, string>();
  for (const user of new Set(targets.map((target) => target.user))) {
    const email = SCENARIO_USERS[user];
    const { password } = DEMO_LOGINS.find((entry) => entry.email === email)!;
    cookies.set(user, await login(app.origin, email, password));
  }
  const encoding: Record<string, string> = args.identity ? {} : { 'accept-encoding': 'gzip' };
  const headersFor = (user: ScenarioUser) => ({ cookie: cookies.get(user)!, ...encoding, accept: 'text/html' });
  for (const target of targets) {
    const answer = await get(`${app.origin}${target.path}`, headersFor(target.user));
    if (answer.status !== 200) throw new Error(`${target.path}: ${answer.status}`);
  }
  const cpu = serverCpu(app);
  const load = (path: string, headers: Record<string, string>, amount: number) =>
    autocannon({ url: `${app.origin}${path}`, headers, connections: 10, amount, timeout: 10 });
  // Warm-up: every path once, the JIT and the caches in their steady state.
  for (const target of targets) await load(target.path, headersFor(target.user), Math.min(requests, 500));
  const results = targets.map(() => [] as number[]);
  for (let round = 0; round < rounds; round++) {
    for (const [index, target] of targets.entries()) {
      const before = cpu();
      const result = await load(target.path, headersFor(target.user), requests);
      const ms = cpuBetween(before, cpu());
      const answered = result['2xx'];
      if (answered < requests * 0.99) throw new Error(`${target.path}: only ${answered} of ${requests} answered 2xx`);
      results[index]!.push(ms / answered);
    }
  }
  for (const [index, target] of targets.entries()) {
    const values = results[index]!;
    const sorted = [...values].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    console.log(
      `${target.user}:${target.path}\n  CPU ms/request: ${values.map((ms) => ms.toFixed(2)).join(', ')}  (median ${median.toFixed(2)}, spread ${sorted[0]!.toFixed(2)}–${sorted.at(-1)!.toFixed(2)})`,
    );
  }
} finally {
  await stop(app);
}
