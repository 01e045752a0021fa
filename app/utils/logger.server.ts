import { AsyncLocalStorage } from 'node:async_hooks';
import { createRequire } from 'node:module';
import pino, { type Logger } from 'pino';
import { getEnv } from './env.server';
import { installLogRedaction, redactLog, redactText, type ConsoleMethod } from './log-redaction.server';

/**
 * The server's one logger (pino, decision 025): one JSON line per event on stdout in production,
 * pino-pretty's readable lines in development, nothing in tests unless LOG_LEVEL says so. Free
 * text passes the log redaction (log-redaction.server.ts) in pino's logMethod hook, and the
 * server's console is routed here (routeConsoleToLogger), so a line printed while a request is served
 * carries that request's id. http-server/request-log.js writes the one line per request.
 */

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
    level: getEnv().logLevel,
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
  if (getEnv().isDevelopment) {
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

const LEVELS: Record<ConsoleMethod, pino.Level> = {
  log: 'info',
  info: 'info',
  debug: 'debug',
  trace: 'trace',
  warn: 'warn',
  error: 'error',
};

/**
 * Every console line, redacted, to the current request's child logger (its requestId), else to
 * `root`. server.js calls it once the build is loaded; tests and scripts that import the build
 * keep the console itself (redacted by entry.server.tsx), so console spies see every line.
 */
export function routeConsoleToLogger(target: Console = console, root: Logger = logger): void {
  installLogRedaction(target, (method, text) => (requests.getStore()?.log ?? root)[LEVELS[method]](text));
}
