import type Database from 'better-sqlite3';

export type QueryPlan = { sql: string; plan: string[] };

/**
 * Every statement `run` makes on this connection, with SQLite's EXPLAIN QUERY PLAN for it (its
 * details, in order), so a test can show a list reads through its index.
 */
export function queryPlans(sqlite: Database.Database, run: () => unknown): QueryPlan[] {
  type Watched = Record<'all' | 'get' | 'run' | 'iterate', (...args: unknown[]) => unknown>;
  const seen: { sql: string; args: unknown[] }[] = [];
  const prepare = sqlite.prepare;
  const watch = (source: string) => {
    const statement = prepare.call(sqlite, source) as unknown as Watched;
    for (const method of ['all', 'get', 'run', 'iterate'] as const) {
      const original = statement[method].bind(statement);
      statement[method] = (...args: unknown[]) => {
        seen.push({ sql: source, args });
        return original(...args);
      };
    }
    return statement;
  };
  sqlite.prepare = watch as unknown as typeof sqlite.prepare;
  try {
    run();
  } finally {
    sqlite.prepare = prepare;
  }
  return seen
    .filter(({ sql }) => /^\s*(select|with)\b/i.test(sql))
    .map(({ sql, args }) => ({
      sql,
      plan: (sqlite.prepare(`explain query plan ${sql}`).all(...args) as { detail: string }[]).map((row) => row.detail),
    }));
}
