/** What the bench measures: load (autocannon), cold start, login, and the JavaScript a page loads. */
import http from 'node:http';
import { brotliDecompressSync, gunzipSync, gzipSync, inflateSync } from 'node:zlib';
import autocannon from 'autocannon';
import { killGroup, type Group } from './processes';

export const CONNECTIONS = 50;

export type Load = { rps: number; p50: number; p99: number; non2xx: number; errors: number; requests: number };

/** A warm-up (not recorded), then `seconds` of load at a fixed concurrency (a GET, or each request a write with `write`). */
export async function measureLoad(
  url: string,
  headers: Record<string, string>,
  seconds: number,
  warmupSeconds: number,
  write?: { method: 'POST'; body: string },
): Promise<Load> {
  const request = write ? { method: write.method, body: write.body } : {};
  if (warmupSeconds > 0) await autocannon({ url, headers, connections: CONNECTIONS, duration: warmupSeconds, ...request });
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: seconds, timeout: 10, ...request });
  const elapsed = (result.finish.getTime() - result.start.getTime()) / 1000 || seconds;
  return {
    rps: result.requests.total / elapsed,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    requests: result.requests.total,
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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
    const req = http.request(url, { method: options.method ?? 'GET', headers: options.headers, agent: false, timeout: 30_000 }, (response) => {
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
    });
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
