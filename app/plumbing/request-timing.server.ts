import { AsyncLocalStorage } from 'node:async_hooks';
import { queryTiming } from '../../db/client';

/**
 * Per-request timings for the Server-Timing header: SQLite time (every statement, see
 * db/client.ts) and React render time (entry.server.tsx). server.js runs each request inside
 * `runWithTiming` and writes the header when the answer's headers go out.
 */
type Timing = { startedAt: number; dbMs: number; renderMs: number | null; renderSource: 'react' | 'cache' };

const storage = new AsyncLocalStorage<Timing>();

queryTiming.observe = (ms) => {
  const timing = storage.getStore();
  if (timing) timing.dbMs += ms;
};

export function runWithTiming<T>(run: () => T): T {
  return storage.run({ startedAt: performance.now(), dbMs: 0, renderMs: null, renderSource: 'react' }, run);
}

export function recordRender(ms: number, source: Timing['renderSource'] = 'react'): void {
  const timing = storage.getStore();
  if (!timing) return;
  timing.renderMs = ms;
  timing.renderSource = source;
}

/** `db;dur=…, render;dur=…, total;dur=…` (milliseconds), or null outside a timed request. */
export function serverTimingHeader(): string | null {
  const timing = storage.getStore();
  if (!timing) return null;
  const parts = [`db;dur=${timing.dbMs.toFixed(2)};desc="SQLite"`];
  if (timing.renderMs !== null) {
    parts.push(`render;dur=${timing.renderMs.toFixed(2)};desc="${timing.renderSource === 'cache' ? 'React (cached HTML)' : 'React'}"`);
  }
  parts.push(`total;dur=${(performance.now() - timing.startedAt).toFixed(2)}`);
  return parts.join(', ');
}
