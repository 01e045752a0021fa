import { databasePath, sqliteBusy } from '../../db/client';
import { outboxBacklog, type OutboxBacklog } from '../models/mail/outbox-backlog.server';
import { openLiveStreamCount } from './live-stream.server';
import { replicaConfigured, replicationLagMs } from './replica-status.server';

/**
 * What the app knows that the production metrics export (http-server/metrics.js reads it on each
 * scrape, every 15 s on Fly; docs/performance.md): nothing here runs per request.
 */
export type AppMetrics = {
  openLiveStreams: number;
  outbox: OutboxBacklog;
  sqliteBusyErrors: number;
  /** Null without a replica, or before Litestream's first answer; Infinity when the replica cannot be read. */
  replicationLagSeconds: number | null;
};

export function readAppMetrics(now = Date.now()): AppMetrics {
  const lagMs = replicaConfigured() ? replicationLagMs(databasePath(), now) : null;
  return {
    openLiveStreams: openLiveStreamCount(),
    outbox: outboxBacklog(now),
    sqliteBusyErrors: sqliteBusy.count,
    replicationLagSeconds: lagMs === null ? null : lagMs / 1000,
  };
}
