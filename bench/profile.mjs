/**
 * `node bench/profile.mjs --path /dashboard [--as tool@example.com --password senha123 | --anonymous] [--db file:…] [--requests 400]`
 *   [--method POST --body '{"message":"…"}' --type application/json --status 201]   (a write: use a copy of the database)
 *
 * Where a page's CPU goes: the production build's Remix handler called in this process (no HTTP),
 * signed in through POST /api/login, CPU per request over rounds, then a V8 CPU profile of the same
 * requests (`node --cpu-prof`) summed by function (self and inclusive shares). Needs `npm run build` first and a
 * database with the demo users (`npm run setup`, or bench/.data/{small,large}/app.db after a bench).
 * What it printed for the pages the bench's targets name is in bench/profile.md.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: {
    path: { type: 'string', default: '/dashboard' },
    as: { type: 'string', default: 'tool@example.com' },
    password: { type: 'string', default: 'senha123' },
    db: { type: 'string', default: `file:${resolve('bench/.data/small/app.db')}` },
    requests: { type: 'string', default: '400' },
    top: { type: 'string', default: '25' },
    anonymous: { type: 'boolean', default: false },
    method: { type: 'string', default: 'GET' },
    body: { type: 'string' },
    type: { type: 'string', default: 'application/json' },
    status: { type: 'string', default: '200' },
  },
});
process.env.NODE_ENV = 'production';
process.env.DATABASE_URL = args.db;
process.env.SESSION_SECRET ??= 'bench-secret';
process.env.STRIPE_TEST_MODE ??= '1';
process.env.MAIL_TRANSPORT ??= 'file';
process.env.PUBLIC_ORIGIN ??= 'http://127.0.0.1:3000';

const build = await import(resolve('build/index.js'));
const { createRequestHandler } = await import('@remix-run/node');
const handler = createRequestHandler(build, 'production');
const ORIGIN = 'http://127.0.0.1:3000';
const contract = build.entry.module.serverContract;
// As http-server/http-handlers.js builds it: a document request's slot for markup sent once (decision 073).
const context = (url) => ({
  clientAddress: '127.0.0.1',
  serverPort: 3000,
  toast: { pending: null },
  ...(contract?.documentMarkupFor ? { documentMarkup: contract.documentMarkupFor(url) } : {}),
});
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** The signed-in user's cookies, or none for `--anonymous` (a visitor: `/` from the render cache). */
async function signIn() {
  if (args.anonymous) return null;
  const login = await handler(
    new Request(`${ORIGIN}/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: ORIGIN },
      body: JSON.stringify({ email: args.as, password: args.password }),
    }),
    context('/api/login'),
  );
  if (login.status !== 200) throw new Error(`login as ${args.as}: ${login.status}`);
  return login.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}
const cookie = await signIn();
const write = args.method !== 'GET';
const headers = {
  ...(cookie ? { cookie } : {}),
  'User-Agent': BROWSER,
  Accept: write ? 'application/json' : 'text/html',
  ...(write ? { 'Content-Type': args.type, Origin: ORIGIN } : {}),
};
const init = write ? { method: args.method, headers, body: args.body } : { headers };

async function one() {
  const response = await handler(new Request(`${ORIGIN}${args.path}`, init), context(args.path));
  // As http-server/remix-handler.js sends it: a rendered document's bytes as they are (decision 086), anything else read whole.
  if (!contract?.bytesToSend?.(response)) await response.arrayBuffer();
  if (response.status !== Number(args.status)) throw new Error(`${args.path}: ${response.status}`);
}

const n = Number(args.requests);
for (let i = 0; i < Math.min(n, 300); i++) await one();

// The profile is taken by a second run of this script under `node --cpu-prof` (an inspector
// session in this process would add its own dispatching to what it measures).
if (process.env.PROFILE_RUN) {
  // The profile covers the whole process; the parent keeps only the samples after this mark (µs, the profiler's monotonic clock).
  process.stdout.write(`${process.hrtime.bigint() / 1000n}\n`);
  for (let i = 0; i < n; i++) await one();
  process.exit(0);
}

const rounds = [];
for (let round = 0; round < 4; round++) {
  const before = process.cpuUsage();
  for (let i = 0; i < n; i++) await one();
  const used = process.cpuUsage(before);
  rounds.push((used.user + used.system) / 1000 / n);
}
console.log(
  `${args.path} as ${args.anonymous ? 'a visitor' : args.as}: CPU per request, 4 rounds of ${n}: ${rounds.map((ms) => ms.toFixed(2)).join(', ')} ms`,
);

const dir = mkdtempSync(join(tmpdir(), 'profile-'));
const run = spawnSync(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${dir}`, ...process.argv.slice(1)], {
  env: { ...process.env, PROFILE_RUN: '1' },
  stdio: ['ignore', 'pipe', 'inherit'],
  encoding: 'utf8',
});
if (run.status !== 0) throw new Error(`the profiled run ended with ${run.status}`);
const profile = JSON.parse(readFileSync(join(dir, readdirSync(dir)[0]), 'utf8'));
rmSync(dir, { recursive: true, force: true });
const measuredFrom = Number(
  run.stdout
    .trim()
    .split('\n')
    .filter((line) => /^\d+$/.test(line))
    .pop(),
);

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
const sampleTime = new Map();
let at = profile.startTime;
profile.samples.forEach((id, i) => {
  at += profile.timeDeltas[i] ?? 0;
  if (at >= measuredFrom) sampleTime.set(id, (sampleTime.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
const total = [...sampleTime.values()].reduce((a, b) => a + b, 0);
const label = (node) => {
  const frame = node.callFrame;
  return `${frame.functionName || '(anonymous)'} ${frame.url.split('/').slice(-2).join('/')}:${frame.lineNumber + 1}`;
};
const self = new Map();
const inclusive = new Map();
for (const [id, time] of sampleTime) {
  self.set(label(byId.get(id)), (self.get(label(byId.get(id))) ?? 0) + time);
  const seen = new Set();
  for (let at = id; at !== undefined; at = parent.get(at)) {
    const name = label(byId.get(at));
    if (seen.has(name)) continue;
    seen.add(name);
    inclusive.set(name, (inclusive.get(name) ?? 0) + time);
  }
}
const top = (map) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(args.top))
    .map(([name, time]) => `${((100 * time) / total).toFixed(1).padStart(6)} %  ${name}`)
    .join('\n');
console.log(`\nself time\n${top(self)}\n\ninclusive time\n${top(inclusive)}`);
process.exit(0);
