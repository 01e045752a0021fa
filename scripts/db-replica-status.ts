import { databasePath } from '../db/client';
import { readReplicaStatus, REPLICATION_LAG_LIMIT_MS, replicaConfigured } from '../app/plumbing/replica-status.server';

/**
 * `npm run db:replica-status`: the Litestream replica of this database (docs/operations.md):
 * generation, last write it holds, lag, and what it keeps. Exit 1 without a replica or when it
 * cannot be read; 2 when it lags past the health check's limit.
 */
if (!replicaConfigured()) {
  console.error('Replicação desligada: defina LITESTREAM_REPLICA_URL (ou LITESTREAM_BUCKET) e as chaves de acesso.');
  process.exit(1);
}
try {
  const status = await readReplicaStatus(databasePath());
  if (!status) {
    console.log('A réplica ainda não tem nenhuma geração.');
    process.exit(1);
  }
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  console.log(`Geração: ${status.generation}`);
  console.log(`Última escrita replicada: ${status.lastWrite}`);
  console.log(`Atraso: ${(status.lagMs / 1000).toFixed(3)} s (limite do healthcheck: ${REPLICATION_LAG_LIMIT_MS / 1000} s)`);
  console.log(`Snapshots: ${status.snapshots.count}, ${kib(status.snapshots.bytes)}`);
  console.log(`Segmentos de WAL da geração: ${status.wal.count}, ${kib(status.wal.bytes)}`);
  if (status.lagMs > REPLICATION_LAG_LIMIT_MS) process.exitCode = 2;
} catch (error) {
  console.error('Não foi possível ler a réplica:', error instanceof Error ? error.message : error);
  process.exit(1);
}
