import cluster from 'node:cluster';
import { connectLiveRelay } from '../models/live-bus/live-events.server';

/**
 * In a cluster worker (http-server/cluster.js, docs/decisions/026), the live bus goes through the
 * primary over the cluster's IPC channel: published events and access signals are sent up, the
 * cluster's numbered events come down. Alone (one process, tests, the dev server) nothing changes.
 * Returns whether it joined.
 */
export function joinLiveCluster(): boolean {
  if (!cluster.isWorker || typeof process.send !== 'function') return false;
  const send = process.send.bind(process);
  const receive = connectLiveRelay((message) => {
    send(message);
  });
  process.on('message', (message) => {
    receive(message);
  });
  return true;
}
