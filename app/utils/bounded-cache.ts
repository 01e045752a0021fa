/**
 * A per-process memo bounded by entries and by the characters its values hold, least recently used
 * out first (a Map's order is its eviction order). A value whose size alone would take a quarter of
 * the budget is made and returned but not kept. `limits` is read on every call (tests shrink it).
 * Values are shared between callers: never mutate one.
 */
export function boundedCache<V>(limits: { entries: number; chars: number }, sizeOf: (value: V, key: string) => number) {
  const entries = new Map<string, { value: V; chars: number }>();
  let heldChars = 0;
  return {
    /** The value kept for `key`, or `make()`'s, kept for the next caller. */
    get(key: string, make: () => V): V {
      const hit = entries.get(key);
      if (hit) {
        entries.delete(key);
        entries.set(key, hit);
        return hit.value;
      }
      const value = make();
      const chars = sizeOf(value, key);
      if (chars > limits.chars / 4) return value;
      entries.set(key, { value, chars });
      heldChars += chars;
      for (const [oldest, entry] of entries) {
        if (entries.size <= limits.entries && heldChars <= limits.chars) break;
        entries.delete(oldest);
        heldChars -= entry.chars;
      }
      return value;
    },
    size: () => ({ entries: entries.size, chars: heldChars }),
    clear() {
      entries.clear();
      heldChars = 0;
    },
  };
}
