/** What the bench measures: load (autocannon), cold start, login, and the JavaScript a page loads. */
import http from 'node:http';
import { brotliDecompressSync, gunzipSync, gzipSync, inflateSync } from 'node:zlib';
import autocannon from 'autocannon';
import { cpuBetween, killGroup, type Group } from './processes';

export const CONNECTIONS = 50;

/** Latencies of a set of requests, in ms. */
export type Latency = { count: number; p50: number; p99: number; max: number };

export type Load = {
  /** Responses completed per second within the measured window (load and new-connection probes). */
  rps: number;
  requests: number;
  /** Steady state: requests on connections opened and used during the warm-up. */
  p50: number;
  p99: number;
  max: number;
  /** Answers other than the expected one: a 2xx, or a write's own status (302 for a form posted without JavaScript). */
  non2xx: number;
  errors: number;
  /** CPU time of the server's whole process group over the window, and per response completed. */
  cpuMs: number;
  cpuPerRequestMs: number;
  /** The first (and only) request on a new connection, sent one at a time while the load runs. */
  firstRequest: Latency;
  /** The steady latencies themselves, to merge a reference's slices (not reported). */
  samples: number[];
  seconds: number;
  /**
   * autocannon opens its CONNECTIONS connections at once: how many had their first answer when the
   * window began, and when the last of them had it (s from the start of the slice; NaN: not within it).
   */
  connections: { answeredAtStart: number; lastFirstAnswerSeconds: number };
};

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export function latencyOf(values: number[]): Latency {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1] : NaN,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One request on a connection of its own (`Connection: close`); resolves with its status and ms. */
export function freshRequest(
  url: string,
  headers: Record<string, string>,
  write?: { method: 'POST'; body: string },
  timeoutMs = 30_000,
): Promise<{ status: number; ms: number }> {
  return new Promise((resolve) => {
    const started = performance.now();
    const req = http.request(
      url,
      { method: write?.method ?? 'GET', headers: { ...headers, Connection: 'close' }, agent: false, timeout: timeoutMs },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }));
        response.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
    req.end(write?.body);
  });
}

/**
 * One slice of load: autocannon at CONNECTIONS keep-alive connections for `warmupSeconds + seconds`,
 * one instance. Only responses completed after the warm-up count, and of those p50/p99 leave out
 * each connection's first answer: they are of requests on connections already open. Over the same
 * window the server group's CPU time is read from /proc (`cpu`), and a probe sends one request at a
 * time on a new connection (100 ms apart): the latency a new visitor's first request meets under load.
 */
export async function measureLoad(
  url: string,
  headers: Record<string, string>,
  seconds: number,
  warmupSeconds: number,
  cpu: () => Map<number, number>,
  write?: { method: 'POST'; body: string; status?: number },
  extraWarmupSeconds = 0,
): Promise<Load> {
  const request = write ? { method: write.method, body: write.body } : {};
  // A write that answers with a redirect (a form posted without JavaScript: 302) counts its own status
  // as the expected answer; everything else expects a 2xx.
  const unexpected = (status: number) => (write?.status !== undefined ? status !== write.status : status < 200 || status > 299);
  const instance = autocannon({
    url,
    headers,
    connections: CONNECTIONS,
    duration: warmupSeconds + seconds + 30,
    timeout: 10,
    sampleInt: 100,
    ...request,
  });
  const samples: number[] = [];
  let counting = false;
  let non2xx = 0;
  let errors = 0;
  const loadStarted = performance.now();
  // Each connection's first answer is left out of the steady latencies, wherever it falls: under
  // load a new connection waits far longer than the requests on open ones (bench/README.md).
  const firstAnswerAt = new Map<unknown, number>();
  let firstInWindow = 0;
  instance.on('response', (client, statusCode, _bytes, responseTime) => {
    const first = !firstAnswerAt.has(client);
    if (first) firstAnswerAt.set(client, performance.now() - loadStarted);
    if (!counting) return;
    if (first) firstInWindow++;
    else samples.push(responseTime);
    if (unexpected(statusCode)) non2xx++;
  });
  instance.on('reqError', () => {
    if (counting) errors++;
  });
  const done = instance.then((result) => result);
  // The warm-up lasts `warmupSeconds`, and then until every connection has had its first answer,
  // `extraWarmupSeconds` at most (Node accepts one connection per turn of its event loop, so on a
  // loaded app the last of 50 connections opened at once is served seconds later).
  const warmupEnd = performance.now() + warmupSeconds * 1000;
  const warmupCap = warmupEnd + extraWarmupSeconds * 1000;
  while (performance.now() < warmupEnd || (firstAnswerAt.size < CONNECTIONS && performance.now() < warmupCap)) await sleep(20);
  const openAtStart = firstAnswerAt.size;
  const cpuBefore = cpu();
  const started = performance.now();
  counting = true;
  const deadline = started + seconds * 1000;
  const first: number[] = [];
  let firstWithin = 0;
  let probeNon2xx = 0;
  let probeErrors = 0;
  // A probe sent within the window counts even when its answer comes after it (the load stops
  // then, so a late answer is if anything too fast); only answers within the window count as requests.
  const prober = (async () => {
    while (performance.now() < deadline) {
      const { status, ms } = await freshRequest(url, headers, write, 10_000);
      first.push(ms);
      if (performance.now() <= deadline) firstWithin++;
      if (status === 0)
        probeErrors++; // no answer within 10 s, or the connection failed
      else if (unexpected(status)) probeNon2xx++;
      await sleep(100);
    }
  })();
  await sleep(Math.max(0, deadline - performance.now()));
  counting = false;
  const elapsed = (performance.now() - started) / 1000;
  const cpuMs = cpuBetween(cpuBefore, cpu());
  instance.stop();
  await Promise.all([done, prober]);
  const requests = samples.length + firstInWindow + firstWithin;
  const answered = [...firstAnswerAt.values()].sort((a, b) => a - b);
  const steady = latencyOf(samples);
  return {
    rps: requests / elapsed,
    requests,
    p50: steady.p50,
    p99: steady.p99,
    max: steady.max,
    non2xx: non2xx + probeNon2xx,
    errors: errors + probeErrors,
    cpuMs,
    cpuPerRequestMs: requests ? cpuMs / requests : NaN,
    firstRequest: latencyOf(first),
    samples,
    seconds: elapsed,
    connections: {
      answeredAtStart: openAtStart,
      lastFirstAnswerSeconds: answered.length === CONNECTIONS ? answered[answered.length - 1] / 1000 : NaN,
    },
  };
}

/**
 * Many visitors' first requests: `total` requests, each on a new connection (`Connection: close`),
 * at most `concurrency` at a time, as fast as the server takes them. CPU as in measureLoad.
 */
export async function measureNewConnections(
  url: string,
  headers: Record<string, string>,
  total: number,
  concurrency: number,
  cpu: () => Map<number, number>,
): Promise<{ latency: Latency; over2s: number; non2xx: number; rps: number; cpuPerRequestMs: number }> {
  const latencies: number[] = [];
  let non2xx = 0;
  let next = 0;
  const cpuBefore = cpu();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next++;
        const { status, ms } = await freshRequest(url, headers, undefined, 30_000);
        latencies.push(ms);
        if (status !== 200) non2xx++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpuMs = cpuBetween(cpuBefore, cpu());
  return {
    latency: latencyOf(latencies),
    over2s: latencies.filter((ms) => ms > 2000).length,
    non2xx,
    rps: total / elapsed,
    cpuPerRequestMs: cpuMs / total,
  };
}

/** `count` sequential GETs on one keep-alive connection; the median of Server-Timing's render and total, in ms. */
export async function serverTimingMedians(
  url: string,
  headers: Record<string, string>,
  count: number,
): Promise<{ renderMs: number; totalMs: number; samples: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const render: number[] = [];
  const total: number[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const header = await new Promise<string>((resolve, reject) => {
        const req = http.get(url, { headers, agent, timeout: 30_000 }, (response) => {
          response.resume();
          response.on('end', () => resolve(String(response.headers['server-timing'] ?? '')));
        });
        req.on('timeout', () => req.destroy(new Error(`${url}: sem resposta em 30 s`)));
        req.on('error', reject);
      });
      const dur = (name: string) => {
        const match = new RegExp(`(?:^|,)\\s*${name};dur=([\\d.]+)`).exec(header);
        return match ? Number(match[1]) : NaN;
      };
      if (!Number.isNaN(dur('render'))) render.push(dur('render'));
      if (!Number.isNaN(dur('total'))) total.push(dur('total'));
    }
  } finally {
    agent.destroy();
  }
  return {
    renderMs: percentile(
      [...render].sort((a, b) => a - b),
      50,
    ),
    totalMs: percentile(
      [...total].sort((a, b) => a - b),
      50,
    ),
    samples: render.length,
  };
}

/** One GET without keep-alive; resolves with the status, or null when the port does not answer yet. */
function probe(url: string, timeoutMs: number): Promise<number | null> {
  return new Promise((resolve) => {
    const request = http.get(url, { agent: false, timeout: timeoutMs }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? null));
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(null));
  });
}

/** Polls `url` until it answers 200; fails if the group exits first or the time runs out. */
export async function waitFor200(url: string, group: Group, timeoutMs = 60_000, intervalMs = 10): Promise<void> {
  let exited = false;
  void group.exited.then(() => (exited = true));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if ((await probe(url, 1000)) === 200) return;
    if (exited) throw new Error(`${group.name} terminou antes de responder (veja ${group.logPath ?? 'o log'})`);
    await sleep(intervalMs);
  }
  throw new Error(`${group.name} não respondeu 200 em ${url} em ${timeoutMs} ms`);
}

/** ms from spawning the command to the first 200 of the health check, on a fresh process. */
export async function coldStart(spawnServer: () => Group, healthUrl: string): Promise<number> {
  const started = performance.now();
  const group = spawnServer();
  try {
    await waitFor200(healthUrl, group, 60_000, 5);
    return performance.now() - started;
  } finally {
    await killGroup(group);
  }
}

export type Fetched = { status: number; body: Buffer; text: string; headers: http.IncomingHttpHeaders };

/**
 * One request on a fresh connection (no keep-alive pool: a socket left idle during a load run
 * may be closed by the server under us). Compressed bodies are decoded.
 */
export function request(url: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: options.method ?? 'GET', headers: options.headers, agent: false, timeout: 30_000 },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          let body = Buffer.concat(chunks);
          const encoding = String(response.headers['content-encoding'] ?? '');
          if (encoding === 'gzip') body = gunzipSync(body);
          else if (encoding === 'br') body = brotliDecompressSync(body);
          else if (encoding === 'deflate') body = inflateSync(body);
          resolve({ status: response.statusCode ?? 0, body, text: body.toString('utf8'), headers: response.headers });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${url}: sem resposta em 30 s`)));
    req.on('error', reject);
    req.end(options.body);
  });
}

export const get = (url: string, headers: Record<string, string> = {}) => request(url, { headers });

/** POST /api/login as the browser would (same Origin); returns `en_session=…` for a Cookie header. */
export async function login(origin: string, email: string, password: string): Promise<string> {
  const response = await request(`${origin}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin, Accept: 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`login de ${email}: ${response.status} ${response.text.slice(0, 200)}`);
  const setCookie = response.headers['set-cookie'] ?? [];
  const cookie = setCookie.find((value) => value.startsWith('en_session='));
  if (!cookie) throw new Error(`login de ${email}: a resposta não trouxe o cookie en_session`);
  return cookie.split(';')[0];
}

/** The JavaScript files a page's HTML asks for under the build's public path. */
export function scriptUrls(html: string, publicPath = '/build/'): string[] {
  const urls = new Set<string>();
  const attribute = (tag: string, name: string) => new RegExp(`\\s${name}=["']([^"']+)["']`, 'i').exec(tag)?.[1];
  for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) {
    const src = attribute(tag, 'src');
    if (src) urls.add(src);
  }
  for (const tag of html.match(/<link\b[^>]*>/gi) ?? []) {
    if (/\srel=["']modulepreload["']/i.test(tag)) {
      const href = attribute(tag, 'href');
      if (href) urls.add(href);
    }
  }
  // Remix's inline module script imports the route modules directly.
  for (const match of html.matchAll(/import\s*(?:[^"';]*?\sfrom\s*)?\(?\s*["']([^"']+\.js)["']/g)) urls.add(match[1]);
  return [...urls].filter((url) => url.startsWith(publicPath));
}

export type ScriptSize = { files: number; rawBytes: number; gzipBytes: number };

/** Fetches each script of the page and sums their sizes gzipped at level 9. */
export async function pageScriptSize(origin: string, path: string, headers: Record<string, string>): Promise<ScriptSize> {
  const page = await get(`${origin}${path}`, headers);
  if (page.status !== 200) throw new Error(`${path}: ${page.status}`);
  const urls = scriptUrls(page.text);
  let rawBytes = 0;
  let gzipBytes = 0;
  for (const url of urls) {
    const response = await get(`${origin}${url}`);
    if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
    const bytes = response.body;
    rawBytes += bytes.length;
    gzipBytes += gzipSync(bytes, { level: 9 }).length;
  }
  return { files: urls.length, rawBytes, gzipBytes };
}
