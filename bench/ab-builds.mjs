/**
 * `node bench/ab-builds.mjs --build <dir> [--build <dir> …] --path <page> [--path <page> …] [--as <email> --password <pw>] [--db file:…] [--rounds 8] [--requests 200] [--identity]`
 *
 * CPU per request of the same pages under two or more production builds (`npm run build`, then the
 * `build/` folder copied aside), in one process and in alternating rounds (build a, build b, build a,
 * …), so a shared machine's load falls on every build alike: the way issue 33's before/after figures
 * were taken. Each build's Remix handler is called in process with a browser's `Accept-Encoding:
 * gzip` (the document's gzip, app/plumbing/document-body.server.ts, is included; HTTP and the request
 * log are not; `--identity` leaves it out, as the HTTP bench does), signed in through POST /api/login. Prints each build and page's rounds, median and
 * spread; writes nothing.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: {
    build: { type: 'string', multiple: true, default: ['build'] },
    path: { type: 'string', multiple: true, default: ['/dashboard'] },
    as: { type: 'string', default: 'tool@example.com' },
    password: { type: 'string', default: 'senha123' },
    db: { type: 'string', default: `file:${resolve('bench/.data/small/app.db')}` },
    rounds: { type: 'string', default: '8' },
    requests: { type: 'string', default: '200' },
    // Without a browser's Accept-Encoding, as the HTTP bench's rows are taken (no gzip of the document).
    identity: { type: 'boolean', default: false },
  },
});
process.env.NODE_ENV = 'production';
process.env.DATABASE_URL = args.db;
process.env.SESSION_SECRET ??= 'bench-secret';
process.env.STRIPE_TEST_MODE ??= '1';
process.env.MAIL_TRANSPORT ??= 'file';
process.env.PUBLIC_ORIGIN ??= 'http://127.0.0.1:3000';

const { createRequestHandler } = await import('@remix-run/node');
const ORIGIN = 'http://127.0.0.1:3000';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const variants = [];
for (const dir of args.build) {
  const build = await import(resolve(dir, 'index.js'));
  const contract = build.entry.module.serverContract;
  const handler = createRequestHandler(build, 'production');
  // As http-server/remix-handler.js sends an answer: a rendered document's bytes as they are (decision 086), anything else read whole.
  const consume = (response) => (contract?.bytesToSend?.(response) ? undefined : response.arrayBuffer());
  // As http-server/http-handlers.js builds it (a build before decision 073 has no documentMarkupFor).
  const context = (url) => ({
    clientAddress: '127.0.0.1',
    serverPort: 3000,
    toast: { pending: null },
    ...(contract?.documentMarkupFor ? { documentMarkup: contract.documentMarkupFor(url) } : {}),
  });
  // One sign-in serves every build (same database and secret); a second one may end the first's session.
  if (variants.length > 0) {
    variants.push({ dir, handler, context, consume, cookie: variants[0].cookie });
    continue;
  }
  const login = await handler(
    new Request(`${ORIGIN}/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: ORIGIN },
      body: JSON.stringify({ email: args.as, password: args.password }),
    }),
    context('/api/login'),
  );
  if (login.status !== 200) throw new Error(`login as ${args.as}: ${login.status}`);
  const cookie = login.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  variants.push({ dir, handler, context, consume, cookie });
}

async function one(variant, path) {
  const response = await variant.handler(
    new Request(`${ORIGIN}${path}`, {
      headers: {
        cookie: variant.cookie,
        'User-Agent': BROWSER,
        Accept: 'text/html',
        ...(args.identity ? {} : { 'Accept-Encoding': 'gzip' }),
      },
    }),
    variant.context(path),
  );
  await variant.consume(response);
  if (response.status !== 200) throw new Error(`${variant.dir} ${path}: ${response.status}`);
}

const n = Number(args.requests);
for (const variant of variants) for (const path of args.path) for (let i = 0; i < 300; i++) await one(variant, path);
const results = new Map();
for (let round = 0; round < Number(args.rounds); round++) {
  for (const variant of variants) {
    for (const path of args.path) {
      const before = process.cpuUsage();
      for (let i = 0; i < n; i++) await one(variant, path);
      const used = process.cpuUsage(before);
      const key = `${variant.dir} ${path}`;
      results.set(key, [...(results.get(key) ?? []), (used.user + used.system) / 1000 / n]);
    }
  }
}
for (const [key, values] of results) {
  const sorted = [...values].sort((a, b) => a - b);
  console.log(
    `${key}\n  CPU ms/request: ${values.map((ms) => ms.toFixed(2)).join(', ')}  (median ${sorted[Math.floor(sorted.length / 2)].toFixed(2)}, spread ${sorted[0].toFixed(2)}–${sorted.at(-1).toFixed(2)})`,
  );
}
process.exit(0);
