/**
 * Replication on against off (issue 29, decision 053): the app on the small database as usual next to
 * a second one started the same way (`npm start`) with a replica configured, so that server.js runs it
 * under `litestream replicate -exec`, replicating every second to an S3 server on loopback (s3rver,
 * the recovery drill's). Loaded one at a time: off, on, off; and the bytes the write scenario sends
 * to the bucket. The run's order is in bench/run.ts; the figures in bench/recovery.md and docs/performance.md.
 */
import Database from 'better-sqlite3';
import { rmSync } from 'node:fs';
import { bucketUsage, replicaEnv, startS3 } from '../tests/production/s3-server';
import type { Load } from './measure';
import type { Memory } from './servers';

/** Run off, on, off: the page every signed-in user sees, a JSON read, and the chat write. */
export const REPLICATION_SCENARIOS = ['dashboard', 'api-user', 'chat-post'] as const;

export type ReplicationRow = { id: string; label: string; off: [Load, Load]; on: Load; status: number };

/** What the write scenario's slice on the replicated server sent to the bucket. */
export type ReplicationTraffic = { writes: number; seconds: number; uploads: number; bytes: number };

export type ReplicationResult = { rows: ReplicationRow[]; traffic: ReplicationTraffic | null; memory: Memory | null };

export type Bucket = {
  /** What `npm start` needs to replicate into it (LITESTREAM_REPLICA_URL and the endpoint). */
  env: Record<string, string>;
  usage: () => { objects: number; bytes: number };
};

/** An empty bucket on a local s3rver for the length of `run`. */
export async function withBucket<T>(directory: string, port: number, run: (bucket: Bucket) => Promise<T>): Promise<T> {
  rmSync(directory, { recursive: true, force: true });
  const s3 = await startS3(directory, port, 'bench');
  try {
    return await run({ env: replicaEnv(s3.endpoint, 'bench', 'bench/app.db'), usage: () => bucketUsage(directory) });
  } finally {
    await s3.close();
  }
}

/** Chat messages in the database (read-only, beside the running server): how many writes a slice made. */
export function chatMessageCount(databasePath: string): number {
  const sqlite = new Database(databasePath, { readonly: true, fileMustExist: true });
  try {
    return sqlite.prepare('select count(*) from chat_messages').pluck().get() as number;
  } finally {
    sqlite.close();
  }
}

const n0 = (value: number) => Math.round(value).toLocaleString('en-US');
const n2 = (value: number) => value.toFixed(2);

export function renderReplicationSection(result: ReplicationResult): string {
  const lines = [
    '## Replication on and off (Litestream)',
    '',
    'The app on the small database (replication off) and a second one on a copy of it started with `LITESTREAM_REPLICA_URL` pointing at an s3rver on 127.0.0.1 (server.js runs it under `litestream replicate -exec`, `sync-interval: 1s`), both up, loaded one at a time: off, on, off. CPU per request counts the whole process group: with replication on that includes the launcher and Litestream (bench/replication.ts).',
    '',
    '| scenario | off requests/s (before / after) | on requests/s | on / off | off p50 / p99 ms | on p50 / p99 ms | CPU ms / request, off / on | non-2xx on |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const row of result.rows) {
    const off = (row.off[0].rps + row.off[1].rps) / 2;
    const offCpu = (row.off[0].cpuMs + row.off[1].cpuMs) / Math.max(1, row.off[0].requests + row.off[1].requests);
    const offP50 = (row.off[0].p50 + row.off[1].p50) / 2;
    const offP99 = (row.off[0].p99 + row.off[1].p99) / 2;
    lines.push(
      `| ${row.label} | ${n0(off)} (${n0(row.off[0].rps)} / ${n0(row.off[1].rps)}) | ${n0(row.on.rps)} | ${n2(row.on.rps / off)} | ${offP50.toFixed(1)} / ${offP99.toFixed(1)} | ${row.on.p50.toFixed(1)} / ${row.on.p99.toFixed(1)} | ${n2(offCpu)} / ${n2(row.on.cpuPerRequestMs)} | ${row.on.non2xx} |`,
    );
  }
  lines.push('');
  const traffic = result.traffic;
  if (traffic) {
    lines.push(
      `Replication traffic of the write scenario's slice with replication on (warm-up included, the last sync awaited): ${n0(traffic.writes)} messages written in ${traffic.seconds.toFixed(1)} s, ${n0(traffic.uploads)} objects uploaded, ${n0(traffic.bytes)} bytes (${n0(traffic.bytes / Math.max(1, traffic.writes))} bytes per message, ${n0(traffic.bytes / traffic.seconds / 1024)} KB/s).`,
      '',
    );
  }
  if (result.memory)
    lines.push(
      `Node processes of the replicated server's group: ${result.memory.processes}, RSS ${n0(result.memory.totalRssMb)} MB in all.`,
      '',
    );
  return lines.join('\n');
}
