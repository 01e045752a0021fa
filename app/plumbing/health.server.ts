import { users } from '../../db/schema';
import { databasePath, db } from '../../db/client';
import { REPLICATION_LAG_LIMIT_MS, replicationLagMs } from './replica-status.server';
import { HEALTHCHECK_HEADER } from './render-cache.server';

/** Shorter than fly.toml's check timeout (5 s), so a stuck render answers 503 instead of timing out. */
const PAGE_TIMEOUT_MS = 4_000;

/** `replicationLagMs` is set when the replica lags past REPLICATION_LAG_LIMIT_MS: degraded, still serving. */
export type Health = { ok: true; replicationLagMs?: number } | { ok: false; failed: 'database' | 'page' };

/** A row of a real table: `select 1` would answer without reading the database file at all. */
function readDatabase(): void {
  db.select({ id: users.id }).from(users).limit(1).all();
}

/**
 * The landing page, rendered in full by this same server over loopback (the header keeps it out
 * of the render cache): its loaders, the React render and the streamed body all have to work.
 */
async function renderPage(port: number | null | undefined): Promise<void> {
  if (!port) throw new Error('no server port in the load context');
  const response = await fetch(`http://127.0.0.1:${port}/`, {
    headers: { [HEALTHCHECK_HEADER]: '1', Accept: 'text/html' },
    redirect: 'manual',
    signal: AbortSignal.timeout(PAGE_TIMEOUT_MS),
  });
  const body = await response.text();
  if (response.status !== 200 || !body.includes('</html>')) throw new Error(`GET / answered ${response.status}`);
}

let lastFailure: string | null = null;

/** Logs only when the verdict changes: a check every few seconds must not fill the log. */
function remember(failure: string | null, error?: unknown): void {
  if (failure === lastFailure) return;
  if (failure) console.error(`Health check: ${failure} failed:`, error instanceof Error ? error.message : error);
  else console.log('Health check: ok again.');
  lastFailure = failure;
}

/**
 * Fly's health check (GET /healthcheck): the database answers a query and a page renders. A
 * replica lagging past the limit (or unreadable) makes it degraded, never failing: Fly must not
 * replace the one machine that holds the only up-to-date copy.
 */
export async function checkHealth(port: number | null | undefined): Promise<Health> {
  try {
    readDatabase();
  } catch (error) {
    remember('database', error);
    return { ok: false, failed: 'database' };
  }
  try {
    await renderPage(port);
  } catch (error) {
    remember('page', error);
    return { ok: false, failed: 'page' };
  }
  remember(null);
  const lag = replicationLagMs(databasePath());
  if (lag !== null && lag > REPLICATION_LAG_LIMIT_MS) return { ok: true, replicationLagMs: lag };
  return { ok: true };
}
