import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import pino, { type Logger } from 'pino';
import { env } from './env.server';
import { readEnv } from './env-schema.server';
import { installLogRedaction, redactLog, redactText, type ConsoleMethod } from './log-redaction.server';
import { HEALTHCHECK_HEADER } from './render-cache.server';
import { matchRoutes, toMatchable, type ManifestRoute } from './route-methods.server';

/**
 * The server's one logger (pino, decision 025): one JSON line per event on stdout in production,
 * pino-pretty's readable lines in development, nothing in tests unless LOG_LEVEL says so. Free
 * text passes the log redaction (log-redaction.server.ts) in pino's logMethod hook, and the
 * server's console is routed here (routeConsoleToLogger), so a line printed while a request is served
 * carries that request's id. server/request-log.js writes the one line per request.
 */

const isDevelopment = readEnv('NODE_ENV') === 'development';

/** A call with structured fields first (the request line) keeps them; free text and errors become one redacted message. */
function redactArguments(args: unknown[]): unknown[] {
  const [first, ...rest] = args;
  if (first !== null && typeof first === 'object' && !(first instanceof Error)) {
    return [first, ...rest.map((arg) => (typeof arg === 'string' ? redactText(arg) : arg))];
  }
  return [redactLog(args)];
}

/** The server's logger; tests pass their own destination. */
export function createLogger(destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level: env.logLevel,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    hooks: {
      logMethod(args, method) {
        return method.apply(this, redactArguments(args) as Parameters<typeof method>);
      },
    },
  };
  if (destination) return pino(options, destination);
  if (isDevelopment) {
    // A devDependency, loaded only here: production never has it (npm prune --omit=dev).
    const pretty = createRequire(import.meta.url)('pino-pretty') as (options: object) => pino.DestinationStream;
    return pino(options, pretty({ sync: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'time' }));
  }
  // Asynchronous writes (sonic-boom), flushed as soon as the event loop turns: nothing is held back
  // in a buffer, and a request never waits on the pipe.
  return pino(options, pino.destination({ dest: 1, sync: false }));
}

declare global {
  var __logger: Logger | undefined;
}

/** One per process (kept across the dev server's rebuilds). */
export const logger: Logger = (globalThis.__logger ??= createLogger());

/** What the request line needs from inside the app: the request's own logger, the signed-in user, a route name set by server.js. */
export type RequestLog = { log: Logger | null; userId: number | null; route: string | null };

const requests = new AsyncLocalStorage<RequestLog>();

export function runWithRequestLog<T>(store: RequestLog, run: () => T): T {
  return requests.run(store, run);
}

/** The session's user, for the request line (auth.server.ts calls it when it reads the session). */
export function noteRequestUser(userId: number): void {
  const store = requests.getStore();
  if (store) store.userId = userId;
}

const LEVELS: Record<ConsoleMethod, pino.Level> = { log: 'info', info: 'info', debug: 'debug', trace: 'trace', warn: 'warn', error: 'error' };

/**
 * Every console line, redacted, to the current request's child logger (its requestId), else to
 * `root`. server.js calls it once the build is loaded; tests and scripts that import the build
 * keep the console itself (redacted by entry.server.tsx), so console spies see every line.
 */
export function routeConsoleToLogger(target: Console = console, root: Logger = logger): void {
  installLogRedaction(target, (method, text) => (requests.getStore()?.log ?? root)[LEVELS[method]](text));
}



const REQUEST_ID = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * The request's id, echoed in X-Request-Id: on Fly (where Fly-Client-IP is trusted, the same
 * rule) the proxy's Fly-Request-Id, so a line can be matched with Fly's own logs; otherwise a
 * fresh UUID. A client's X-Request-Id is never taken: it could forge or collide with another's.
 */
export function requestIdFor(headers: Record<string, string | string[] | undefined>): string {
  if (env.trustFlyClientIp) {
    const fly = headers['fly-request-id'];
    if (typeof fly === 'string' && REQUEST_ID.test(fly)) return fly;
  }
  return randomUUID();
}

/** The health check and the page it fetches from itself over loopback are not logged (Fly polls it). */
export function requestLogIgnored(path: string, headers: Record<string, string | string[] | undefined>, remoteAddress: string | undefined): boolean {
  if (path === '/healthcheck') return true;
  const loopback = remoteAddress === '127.0.0.1' || remoteAddress === '::1' || remoteAddress === '::ffff:127.0.0.1';
  return loopback && headers[HEALTHCHECK_HEADER.toLowerCase()] === '1';
}

const NAMED_PATHS = 5_000;

/**
 * The Remix route that answers a URL: the route a data request names (`?_data=`), else the
 * deepest route matching the path, as Remix matches it; '*' when none does. A match compiles
 * every candidate's pattern (about 0.1 ms, measured), so the names of recent paths are kept.
 */
export function createRouteNamer(manifest: Record<string, ManifestRoute>): (url: string) => string {
  const routes = toMatchable(manifest);
  const named = new Map<string, string>();
  return (url) => {
    const query = url.indexOf('?');
    const pathname = query === -1 ? url : url.slice(0, query);
    if (query !== -1) {
      const data = new URLSearchParams(url.slice(query + 1)).get('_data');
      if (data && manifest[data]) return data;
    }
    let name = named.get(pathname);
    if (name === undefined) {
      const matches = matchRoutes(routes, pathname);
      name = matches ? matches[matches.length - 1].route.id : '*';
      if (named.size >= NAMED_PATHS) named.clear();
      named.set(pathname, name);
    }
    return name;
  };
}
