import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { getEnv } from '../utils/env.server';

/**
 * The Litestream replica as Litestream sees it (docs/decisions/053): its newest generation, the
 * time of the last write it holds, its lag behind the database, and the bytes it keeps. Read
 * through `node http-server/replication.js` (the pinned binary with litestream.yml), so only where a
 * replica is configured (LITESTREAM_REPLICA_URL or LITESTREAM_BUCKET).
 */
const run = promisify(execFile);
const CLI = resolve('http-server/replication.js');

/** Past this the health check answers 'degraded' (still 200: the site keeps serving). */
export const REPLICATION_LAG_LIMIT_MS = 60_000;

export type ReplicaStatus = {
  generation: string;
  lastWrite: string;
  lagMs: number;
  snapshots: { count: number; bytes: number };
  wal: { count: number; bytes: number };
};

export const replicaConfigured = () => getEnv().replicaConfigured;

const UNIT_MS: Record<string, number> = { h: 3_600_000, m: 60_000, s: 1000, ms: 1, us: 0.001, µs: 0.001, ns: 0.000001 };

/** A Go duration as Litestream prints it ("604ms", "1m2.5s") in milliseconds. */
export function durationMs(text: string): number {
  let total = 0;
  for (const [, value, unit] of text.matchAll(/(\d+(?:\.\d+)?)(ms|µs|us|ns|h|m|s)/g)) total += Number(value) * UNIT_MS[unit];
  return total;
}

/** The rows of a Litestream table (a header line, then whitespace-separated cells). */
function rows(output: string): string[][] {
  return output
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter((cells) => cells.length > 1);
}

async function litestream(...args: string[]): Promise<string> {
  try {
    const { stdout } = await run(process.execPath, [CLI, ...args], { timeout: 20_000 });
    return stdout;
  } catch (error) {
    const { code, signal, stdout, stderr } = error as { code?: unknown; signal?: unknown; stdout?: string; stderr?: string };
    throw new Error(`litestream ${args[0]}: ${String(code ?? signal)} ${stderr ?? ''} ${stdout ?? ''}`.trim());
  }
}

/** Null when the replica holds no generation yet. Throws when Litestream cannot read it. */
export async function readReplicaStatus(databaseFile: string): Promise<ReplicaStatus | null> {
  const generations = rows(await litestream('generations', databaseFile)).map(([, generation, lag, , end]) => ({ generation, lag, end }));
  const newest = generations.sort((a, b) => (a.end < b.end ? 1 : -1))[0];
  if (!newest) return null;
  const snapshots = rows(await litestream('snapshots', databaseFile));
  const wal = rows(await litestream('wal', '-generation', newest.generation, databaseFile));
  // snapshots: replica generation index size created; wal: replica generation index offset size created
  return {
    generation: newest.generation,
    lastWrite: newest.end,
    lagMs: durationMs(newest.lag),
    snapshots: { count: snapshots.length, bytes: snapshots.reduce((sum, cells) => sum + Number(cells[3]), 0) },
    wal: { count: wal.length, bytes: wal.reduce((sum, cells) => sum + Number(cells[4]), 0) },
  };
}

const CACHE_MS = 30_000;
let cached: { at: number; lagMs: number | null } | null = null;
let reading: Promise<void> | null = null;

/**
 * For the health check: the replication lag as last read (at most every 30 s, in the background,
 * so a check never waits on the bucket); null while unknown or without a replica. A replica that
 * cannot be read counts as lagging past the limit.
 */
export function replicationLagMs(databaseFile: string, now = Date.now()): number | null {
  if (!replicaConfigured()) return null;
  if ((!cached || now - cached.at > CACHE_MS) && !reading) {
    reading = readReplicaStatus(databaseFile)
      .then((status) => {
        cached = { at: Date.now(), lagMs: status ? status.lagMs : null };
      })
      .catch(() => {
        cached = { at: Date.now(), lagMs: Number.POSITIVE_INFINITY };
      })
      .finally(() => {
        reading = null;
      });
  }
  return cached?.lagMs ?? null;
}
