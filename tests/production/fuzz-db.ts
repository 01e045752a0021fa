import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';

/**
 * Columns a request may change without being a write of its input: a session's last activity
 * (moved at most once a minute on any signed-in request, app/models/accounts/session.server.ts).
 */
const IGNORED_COLUMNS: Record<string, readonly string[]> = { active_sessions: ['last_activity'] };

/** Rate-limit counters (app/utils/rate-limit.server.ts): a refused guess is meant to count there. */
const IGNORED_TABLES = new Set(['rate_limits']);

/** A digest of every row of every table, per table, so a run can tell which table changed. */
export function tableDigests(path: string): Record<string, string> {
  const sqlite = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const tables = sqlite
      .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
      .all() as { name: string; sql: string | null }[];
    const digests: Record<string, string> = {};
    for (const { name, sql } of tables) {
      // A virtual table's rows are its shadow tables' rows, hashed on their own.
      if (sql?.toUpperCase().startsWith('CREATE VIRTUAL TABLE') || IGNORED_TABLES.has(name)) continue;
      const ignored = IGNORED_COLUMNS[name] ?? [];
      const rows = (sqlite.prepare(`SELECT * FROM "${name}"`).all() as Record<string, unknown>[])
        .map((row) => JSON.stringify(Object.entries(row).filter(([column]) => !ignored.includes(column))))
        .sort();
      digests[name] = createHash('sha256').update(rows.join('\n')).digest('hex');
    }
    return digests;
  } finally {
    sqlite.close();
  }
}

export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => before[name] !== after[name]).sort();
}

/** One row lookup for the ids the fuzz table needs (the server's file, read-only). */
export function queryOne<T>(path: string, sql: string, ...params: unknown[]): T | undefined {
  const sqlite = new Database(path, { readonly: true, fileMustExist: true });
  try {
    return sqlite.prepare(sql).get(...params) as T | undefined;
  } finally {
    sqlite.close();
  }
}
