import Database from 'better-sqlite3';
import type { ProductionServer } from './production-server';

/**
 * What the crash, backup and load tests drive the production server with: JSON calls as a
 * signed-in client (its session cookie, its own client address through X-Real-IP, which the
 * server trusts when started with CLIENT_IP_HEADER=X-Real-IP, so per-address limits behave as
 * for many visitors), users registered through the API, and unique values to find each write by.
 */

/** Start options: per-client addresses (registration is limited to 20 an hour per address). */
export const MANY_CLIENTS_ENV = { CLIENT_IP_HEADER: 'X-Real-IP' };

export type Answer = { status: number; body: unknown; ms: number };
export type Client = { cookie: string; address: string; username: string };

let addressSeq = 0;
/** A distinct client address (10.x.y.z) per call. */
export const nextAddress = () => {
  const n = ++addressSeq;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

export async function call(
  server: Pick<ProductionServer, 'url'>,
  path: string,
  options: { method?: string; body?: unknown; cookie?: string; address?: string; accept?: string; timeoutMs?: number } = {},
): Promise<Answer> {
  const started = performance.now();
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  const headers: Record<string, string> = { Accept: options.accept ?? 'application/json' };
  if (options.cookie) headers.Cookie = options.cookie;
  if (options.address) headers['X-Real-IP'] = options.address;
  if (method !== 'GET') {
    headers.Origin = server.url;
    headers['Content-Type'] = 'application/json';
  }
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    redirect: 'manual',
    signal: options.timeoutMs ? AbortSignal.timeout(options.timeoutMs) : undefined,
  });
  const text = await response.text();
  let body: unknown = text;
  if ((response.headers.get('Content-Type') ?? '').includes('json')) {
    try {
      body = JSON.parse(text);
    } catch {
      // a JSON content type with a body that is not JSON stays text; the status says what happened
    }
  }
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  return Object.assign({ status: response.status, body, ms: performance.now() - started }, cookie ? { cookie } : {});
}

/** A valid CPF (check digits computed) from a number below 10^9. */
export function cpfFor(n: number): string {
  const base = String(n % 1_000_000_000)
    .padStart(9, '0')
    .split('')
    .map(Number);
  if (new Set(base).size === 1) base[8] = (base[8] + 1) % 10;
  const digit = (digits: number[]) => {
    const sum = digits.reduce((total, value, index) => total + value * (digits.length + 1 - index), 0);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  const first = digit(base);
  return [...base, first, digit([...base, first])].join('');
}

/** Unique per test run: the usernames, CPFs and texts of one run never meet another's. */
export const runTag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
let cpfSeq = Math.floor(Math.random() * 1e8);

export function registrationBody(username: string, extra: Record<string, unknown> = {}) {
  return { username, email: `${username}@example.com`, cpf: cpfFor(++cpfSeq), password: 'senha-de-teste', ...extra };
}

/** Registers through POST /api/register (201) and keeps the session cookie it sets. */
export async function registerClient(server: Pick<ProductionServer, 'url'>, username: string): Promise<Client> {
  const address = nextAddress();
  const answer = (await call(server, '/api/register', { body: registrationBody(username), address })) as Answer & { cookie?: string };
  if (answer.status !== 201 || !answer.cookie) throw new Error(`register ${username}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return { cookie: answer.cookie, address, username };
}

/** Runs `task` over `items` with at most `limit` at once. */
export async function inParallel<T, R>(items: T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await task(items[index]);
      }
    }),
  );
  return results;
}

/** A read-only look at a database file (the server may have it open). */
export function inspect<T>(dbPath: string, read: (sqlite: Database.Database) => T): T {
  const sqlite = new Database(dbPath, { fileMustExist: true });
  try {
    sqlite.pragma('busy_timeout = 5000');
    return read(sqlite);
  } finally {
    sqlite.close();
  }
}

export const integrityCheck = (sqlite: Database.Database) => sqlite.prepare('pragma integrity_check').pluck().all() as string[];

/** How many rows hold each value (values absent from the table count 0). */
export function countsOf(sqlite: Database.Database, sql: string, values: string[]): Map<string, number> {
  const counts = new Map(values.map((value) => [value, 0]));
  for (const value of sqlite.prepare(sql).pluck().all() as string[]) {
    if (counts.has(value)) counts.set(value, counts.get(value)! + 1);
  }
  return counts;
}

export const sleep = (ms: number) => new Promise((wake) => setTimeout(wake, ms));
