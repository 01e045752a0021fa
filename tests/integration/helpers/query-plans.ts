import type Database from 'better-sqlite3';
import { openDatabase } from '../../../db/client';

export type QueryPlan = { sql: string; plan: string[] };

/**
 * Every statement `run` makes on this connection, with SQLite's EXPLAIN QUERY PLAN for it (its
 * details, in order), so a test can show a list reads through its index.
 *
 * Models prepare the queries pages make on every request once per connection (preparedQuery in
 * db/client.ts), usually before `run`: when `sqlite` is the app's connection, `run` therefore
 * runs on a fresh connection to the same file, where every statement it makes is prepared (and
 * seen) anew; the app's connection is back in place afterwards.
 */
export function queryPlans(sqlite: Database.Database, run: () => unknown): QueryPlan[] {
  type Watched = Record<'all' | 'get' | 'run' | 'iterate', (...args: unknown[]) => unknown>;
  const app = globalThis.__db;
  const fresh = app?.sqlite === sqlite ? openDatabase(sqlite.name) : undefined;
  const watched = fresh?.sqlite ?? sqlite;
  const seen: { sql: string; args: unknown[] }[] = [];
  const prepare = watched.prepare;
  const watch = (source: string) => {
    const statement = prepare.call(watched, source) as unknown as Watched;
    for (const method of ['all', 'get', 'run', 'iterate'] as const) {
      const original = statement[method].bind(statement);
      statement[method] = (...args: unknown[]) => {
        seen.push({ sql: source, args });
        return original(...args);
      };
    }
    return statement;
  };
  watched.prepare = watch as unknown as typeof watched.prepare;
  if (fresh) globalThis.__db = fresh;
  try {
    run();
  } finally {
    watched.prepare = prepare;
    if (fresh) globalThis.__db = app;
  }
  try {
    return seen
      .filter(({ sql }) => /^\s*(select|with)\b/i.test(sql))
      .map(({ sql, args }) => ({
        sql,
        plan: (watched.prepare(`explain query plan ${sql}`).all(...args) as { detail: string }[]).map((row) => row.detail),
      }));
  } finally {
    fresh?.sqlite.close();
  }
}
