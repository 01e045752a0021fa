/**
 * Refused attempts at the live stream (no live session) per client address, in fixed windows: past the
 * limit the address gets 429 before its cookie is even read, until its window ends. Kept in memory, not
 * in the database like the guessing limits: a refused attempt must cost no write; a restart forgets
 * them, which only gives a flood one more minute of cheap 401s. At most MAX_TRACKED_ADDRESSES are
 * remembered (the oldest windows go first). Used by app/plumbing/live-stream.server.ts.
 */
const REFUSALS_PER_ADDRESS = 30;
const REFUSAL_WINDOW_MS = 60_000;
const MAX_TRACKED_ADDRESSES = 10_000;
const refusals = new Map<string, { count: number; until: number }>();

/** Seconds until `address` may try again, or null when it has not been refused too often. */
export function refusedTooOften(address: string, now: number): number | null {
  const entry = refusals.get(address);
  if (!entry || entry.until <= now || entry.count < REFUSALS_PER_ADDRESS) return null;
  return Math.max(1, Math.ceil((entry.until - now) / 1000));
}

export function countRefusal(address: string, now: number): void {
  const entry = refusals.get(address);
  if (entry && entry.until > now) {
    entry.count += 1;
    return;
  }
  refusals.delete(address);
  if (refusals.size >= MAX_TRACKED_ADDRESSES) {
    for (const [key, old] of refusals) if (old.until <= now) refusals.delete(key);
    for (const key of refusals.keys()) {
      if (refusals.size < MAX_TRACKED_ADDRESSES) break;
      refusals.delete(key);
    }
  }
  refusals.set(address, { count: 1, until: now + REFUSAL_WINDOW_MS });
}
