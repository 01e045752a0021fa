import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';

/**
 * Playwright's global teardown (it runs while the webServer is still up): the server's log of this
 * run (playwright.config.ts sends the webServer's output to server.log beside its database) must
 * not hold a password the tests typed, a session id or token the database holds now, a Stripe
 * client secret or a full CPF. Any of them fails the run, naming what leaked and where.
 */

/** A CPF, formatted or not; the redacted form ***.***.***-25 does not match. */
const CPF = /(?<![\w.])\d{3}\.?\d{3}\.?\d{3}-?\d{2}(?!\w)/g;
const CLIENT_SECRET = /\w*_secret_[\w-]+/g;

export type Leak = { kind: string; line: number; text: string };

/**
 * A line as written and, for the server's JSON lines (pino), its string values decoded too: a
 * secret with a quote or a backslash is escaped in the JSON text, and must still be found.
 */
function searchable(line: string): string {
  if (!line.startsWith('{')) return line;
  try {
    const values = Object.values(JSON.parse(line) as Record<string, unknown>).filter((value) => typeof value === 'string');
    return [line, ...values].join('\n');
  } catch {
    return line;
  }
}

/** Every line of `log` that holds one of `secrets` (by kind), a client secret or a full CPF. */
export function findLeaks(log: string, secrets: Record<string, string[]>): Leak[] {
  const leaks: Leak[] = [];
  log.split('\n').forEach((written, index) => {
    const line = searchable(written);
    const at = (kind: string) => leaks.push({ kind, line: index + 1, text: written.slice(0, 200) });
    for (const [kind, values] of Object.entries(secrets)) if (values.some((value) => value && line.includes(value))) at(kind);
    if (CLIENT_SECRET.test(line)) at('Stripe client secret');
    if (CPF.test(line)) at('CPF');
    CLIENT_SECRET.lastIndex = 0;
    CPF.lastIndex = 0;
  });
  return leaks;
}

/** The passwords the end-to-end tests type or create users with: string literals given to a password field or option. */
export function typedPasswords(root = process.cwd()): string[] {
  const sources = [
    ...readdirSync(join(root, 'tests/e2e'))
      .filter((name) => name.endsWith('.ts'))
      .map((name) => join(root, 'tests/e2e', name)),
    join(root, 'tests/setup/factories.ts'),
    join(root, 'scripts/seed-demo.ts'),
  ];
  const found = new Set<string>();
  const patterns = [/(?:senha|password)[^\n]*?\.fill\(\s*'([^']{4,})'/gi, /password:\s*'([^']{4,})'/gi, /password\s*\?\?\s*'([^']{4,})'/gi];
  for (const file of sources) {
    const text = readFileSync(file, 'utf8');
    for (const pattern of patterns) for (const match of text.matchAll(pattern)) found.add(match[1]);
  }
  return [...found];
}

/** What the database holds now that must never be printed. */
function databaseSecrets(file: string): Record<string, string[]> {
  const sqlite = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const column = (query: string) =>
      (sqlite.prepare(query).pluck().all() as Array<string | null>).filter((value): value is string => Boolean(value));
    return {
      'session id': [...column('select session_id from active_sessions'), ...column('select session_id from ended_sessions')],
      'reset token': column('select reset_token from users'),
      'password hash': column('select password from users'),
    };
  } finally {
    sqlite.close();
  }
}

export default function checkServerLog(): void {
  const url = process.env.DATABASE_URL ?? '';
  const databaseFile = url.replace(/^file:/, '');
  const logFile = join(dirname(databaseFile), 'server.log');
  if (!databaseFile || !existsSync(logFile)) throw new Error(`Server log check: no server log at ${logFile} (DATABASE_URL=${url})`);
  const log = readFileSync(logFile, 'utf8');
  const passwords = typedPasswords();
  const secrets = { password: passwords, ...databaseSecrets(databaseFile) };
  const leaks = findLeaks(log, secrets);
  const counts = Object.entries(secrets)
    .map(([kind, values]) => `${values.length} ${kind}(s)`)
    .join(', ');
  if (leaks.length > 0) {
    const shown = leaks.slice(0, 20).map((leak) => `  ${logFile}:${leak.line} ${leak.kind}: ${leak.text}`);
    throw new Error(`Server log check: ${leaks.length} line(s) leak secrets (checked ${counts}):\n${shown.join('\n')}`);
  }
  console.log(`Server log check: ${log.split('\n').length} line(s) of ${logFile} hold none of ${counts}, no client secret, no CPF.`);
}
