import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import * as schema from './schema';

export type DB = BetterSQLite3Database<typeof schema>;

const DEFAULT_URL = 'file:./data/app.db';

/** `DATABASE_URL` as `file:./path.db` (or a bare path) to an absolute file path. */
export function databasePath(url = process.env.DATABASE_URL || DEFAULT_URL): string {
  const path = url.replace(/^file:(\/\/)?/, '');
  return resolve(path);
}

/** Where each statement's run time goes (the app's Server-Timing header); nothing is measured until it is set. */
export const queryTiming: { observe: ((ms: number) => void) | null } = { observe: null };

const TIMED_METHODS = ['run', 'get', 'all', 'iterate'] as const;

/**
 * Statements of this process that failed with SQLITE_BUSY (or one of its extended codes) after
 * busy_timeout's 5 s of SQLite's own retries: another connection held the write lock that long.
 * The production metrics export it (http-server/metrics.js); a steady rise means writers queue.
 */
export const sqliteBusy = { count: 0 };
const counted = new WeakSet<object>();
/** Counts a busy error once, wherever it is first caught (a statement, then the transaction around it). */
function countBusy(error: unknown): void {
  if (typeof error !== 'object' || error === null || counted.has(error)) return;
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string' || !code.startsWith('SQLITE_BUSY')) return;
  counted.add(error);
  sqliteBusy.count += 1;
}

/** Statements time themselves into `queryTiming` (a few performance.now() calls per query) and count `sqliteBusy`. */
function timeStatements(sqlite: Database.Database): void {
  const prepare = sqlite.prepare.bind(sqlite);
  sqlite.prepare = ((source: string) => {
    const statement = prepare(source) as unknown as Record<(typeof TIMED_METHODS)[number], (...args: unknown[]) => unknown>;
    for (const method of TIMED_METHODS) {
      const original = statement[method].bind(statement);
      statement[method] = (...args: unknown[]) => {
        const observe = queryTiming.observe;
        const started = observe ? performance.now() : 0;
        try {
          return original(...args);
        } catch (error) {
          countBusy(error);
          throw error;
        } finally {
          if (observe) observe(performance.now() - started);
        }
      };
    }
    return statement;
  }) as typeof sqlite.prepare;
}

export function openDatabase(path = databasePath()): { db: DB; sqlite: Database.Database } {
  mkdirSync(dirname(path), { recursive: true });
  const sqlite = new Database(path);
  timeStatements(sqlite);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  // What is deleted (an erased account, a deleted ticket) is overwritten with zeros rather than
  // left readable in free pages, the WAL and every backup copied from them (decision 022).
  sqlite.pragma('secure_delete = ON');
  const db = drizzle(sqlite, { schema });
  writeTransactionsBeginImmediate(db);
  return { db, sqlite };
}

/**
 * Every transaction takes the write lock when it begins (BEGIN IMMEDIATE). A deferred one that
 * read first and then wrote after another connection committed fails at once with
 * SQLITE_BUSY_SNAPSHOT, which busy_timeout cannot wait out; an immediate one waits its turn.
 */
function writeTransactionsBeginImmediate(db: DB): void {
  const transaction = db.transaction.bind(db);
  // better-sqlite3 begins a transaction without a prepared statement: its busy error is counted here.
  db.transaction = ((run, config) => {
    try {
      return transaction(run, { behavior: 'immediate', ...config });
    } catch (error) {
      countBusy(error);
      throw error;
    }
  }) as DB['transaction'];
}

declare global {
  var __db: { db: DB; sqlite: Database.Database } | undefined;
}

let closed = false;

/** One connection per process, kept across dev-server rebuilds. */
function connection() {
  if (closed) throw new Error('The database connection was closed (the server is shutting down).');
  globalThis.__db ??= openDatabase();
  return globalThis.__db;
}

/**
 * The end of the process's connection (graceful shutdown, server.js): the WAL is copied into the
 * database file and truncated to zero bytes, then the connection closes. Nothing reopens it.
 */
export function closeDatabase(): void {
  closed = true;
  const open = globalThis.__db;
  if (!open) return;
  globalThis.__db = undefined;
  open.sqlite.pragma('wal_checkpoint(TRUNCATE)');
  open.sqlite.close();
}

export const db: DB = new Proxy({} as DB, {
  get(_target, property) {
    const real = connection().db as unknown as Record<PropertyKey, unknown>;
    const value = real[property];
    return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(real) : value;
  },
});

export function sqliteConnection(): Database.Database {
  return connection().sqlite;
}

/**
 * A query built and prepared once per connection (Drizzle's `.prepare()`), for the reads every
 * request makes: building SQL text and preparing it again on each call cost more than running it.
 */
export function preparedQuery<T>(build: () => T): () => T {
  let cached: { sqlite: Database.Database; statement: T } | undefined;
  return () => {
    const sqlite = sqliteConnection();
    if (cached?.sqlite !== sqlite) cached = { sqlite, statement: build() };
    return cached.statement;
  };
}

/**
 * A list query whose filters and sort change its SQL text: one statement per shape (a small
 * object of flags naming everything that changes the text), each built and prepared once per
 * connection, its values given as placeholders when it runs.
 */
export function preparedShapes<Shape, T>(build: (shape: Shape) => T): (shape: Shape) => T {
  const shapes = new Map<string, () => T>();
  return (shape) => {
    const key = JSON.stringify(shape);
    let statement = shapes.get(key);
    if (!statement) shapes.set(key, (statement = preparedQuery(() => build(shape))));
    return statement();
  };
}

/**
 * Changes whenever anything was written to the database: by this connection (`total_changes()`)
 * or by another process (`PRAGMA data_version`). A cache of rows keyed on it is never stale.
 */
let versionStatements:
  | { sqlite: Database.Database; connection: number; changes: Database.Statement; dataVersion: Database.Statement }
  | undefined;
/** A reopened database starts its counters again, so the version also names the connection. */
let connections = 0;

export function databaseVersion(): string {
  const sqlite = sqliteConnection();
  if (versionStatements?.sqlite !== sqlite) {
    versionStatements = {
      sqlite,
      connection: ++connections,
      changes: sqlite.prepare('select total_changes()').pluck(),
      dataVersion: sqlite.prepare('pragma data_version').pluck(),
    };
  }
  return `${versionStatements.connection}:${versionStatements.dataVersion.get()}:${versionStatements.changes.get()}`;
}

/** A transaction handle; models take `Executor` so a rule can run alone or inside a larger transaction. */
export type Tx = Parameters<Parameters<DB['transaction']>[0]>[0];
export type Executor = DB | Tx;
