import { databaseVersion } from './client';

/**
 * A per-process memo of what was read from the database, one entry per key (at most `limit`, the
 * least recently made out first), valid while `databaseVersion()` holds, so any write by this
 * process or another ends every entry, and, when the maker says so, until the time (ms) its rows
 * stop being true without a write (an expiry). A clock read before an entry was made does not use it.
 * Values are shared between callers: never mutate one.
 */
export function keptUntilWritten<V>(limit: number) {
  const entries = new Map<string, { version: string; value: V; from: number; until: number }>();
  return {
    get(key: string, now: number, make: () => { value: V; until?: number }): V {
      const version = databaseVersion();
      const kept = entries.get(key);
      if (kept && kept.version === version && now >= kept.from && now < kept.until) return kept.value;
      const made = make();
      entries.delete(key);
      if (entries.size >= limit) entries.delete(entries.keys().next().value!);
      entries.set(key, { version, value: made.value, from: now, until: made.until ?? Infinity });
      return made.value;
    },
    size: () => entries.size,
  };
}
