import { formatWithOptions, inspect } from 'node:util';

/**
 * What the server prints never holds a password, token, session id or full CPF. Everything printed
 * goes through the console (the app's own logs, Remix's handleError, Express's error handler), so
 * `installLogRedaction` wraps the console once at start and `redactLog` is the one place that decides:
 * - an Error prints as its name, message, stack and causes only; its other properties are dropped
 *   (a Drizzle error's `params` are the query's values: hashes, session ids, CPFs, messages; a
 *   Stripe error's `raw` may hold a client secret);
 * - the text is then scrubbed of what still looks like a secret: a query's "params:" line, argon2
 *   hashes, Stripe client secrets, cookie values, long random strings (session ids and tokens are
 *   32 random bytes, 43 base64url characters; a stored reset digest is 64 hex), and CPFs, formatted
 *   or not (the last two digits stay, as in the audit log).
 * Passwords have no shape to recognise: they never reach a log because nothing logs a body, and the
 * database only ever sees their hash.
 */

const RULES: Array<[RegExp, string]> = [
  [/^(\s*params:).*$/gm, '$1 [redacted]'],
  [/\$argon2[a-z]*\$[^\s'",)\]}]+/g, '[redacted hash]'],
  [/\b\w*_secret_[\w-]+/g, '[redacted client secret]'],
  [/\b((?:set-)?cookie|authorization)(['"]?\s*[:=]\s*['"]?)[^'"\n]+/gi, '$1$2[redacted]'],
  [/\b(en_session|en_toast)=[^;\s'"]+/g, '$1=[redacted]'],
  [/[A-Za-z0-9_-]{32,}/g, '[redacted]'],
  [/\b\d{3}\.?\d{3}\.?\d{3}-?(\d{2})\b/g, '***.***.***-$1'],
];

export function redactText(text: string): string {
  return RULES.reduce((result, [pattern, replacement]) => result.replace(pattern, replacement), text);
}

/** A Drizzle error's message ends with the query's values, which may span lines: cut them off. */
const withoutParams = (message: string) => message.replace(/\nparams: [\s\S]*$/, '\nparams: [redacted]');

/** An Error as its name, message, stack frames and causes, without its other properties. */
function describeError(error: Error, depth = 0): string {
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const { code } = error as { code?: unknown };
  const label = typeof code === 'string' ? `${error.name} [${code}]` : error.name;
  const text = [`${label}: ${withoutParams(error.message)}`, ...frames].join('\n');
  const cause = (error as { cause?: unknown }).cause;
  if (cause === undefined || depth >= 3) return text;
  return `${text}\n  [cause] ${cause instanceof Error ? describeError(cause, depth + 1) : inspect(cause, { depth: 1 })}`;
}

/** The text a console call with these arguments prints, redacted. */
export function redactLog(args: unknown[]): string {
  const plain = args.map((arg) => (arg instanceof Error ? describeError(arg) : arg));
  return redactText(formatWithOptions({ depth: 4, breakLength: Infinity }, ...plain));
}

const METHODS = ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const;
const INSTALLED = Symbol.for('e-engenharia.log-redaction');

export type ConsoleMethod = (typeof METHODS)[number];

type Writer = (method: ConsoleMethod, text: string) => void;

/**
 * Wraps the console's printing methods once so every line passes `redactLog`, then goes to the
 * console's own method or, once one is given, to `write` (server.js gives the logger's,
 * logger.server.ts); installing again only changes where the lines go.
 */
export function installLogRedaction(target: Console = console, write?: Writer): void {
  const marked = target as Console & { [INSTALLED]?: { write?: Writer } };
  if (marked[INSTALLED]) {
    if (write) marked[INSTALLED].write = write;
    return;
  }
  const state: { write?: Writer } = { write };
  marked[INSTALLED] = state;
  for (const method of METHODS) {
    const original = target[method].bind(target);
    target[method] = (...args: unknown[]) => {
      const text = redactLog(args);
      if (state.write) state.write(method, text);
      else original(text);
    };
  }
}
