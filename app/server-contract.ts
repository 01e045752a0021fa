import type { Logger } from 'pino';
import type { closeDatabase, migrateDatabase } from './plumbing/database.server';
import type { edgeRefusal } from './plumbing/edge.server';
import type { createMethodRule } from './plumbing/route-methods.server';
import type { runWithTiming, serverTimingHeader } from './plumbing/request-timing.server';
import type { startBackgroundWork, stopBackgroundWork } from './plumbing/background-work.server';
import type { endLiveStreams, serveLiveStream } from './plumbing/live-stream.server';
import type { createRouteNamer, requestIdFor, requestLogIgnored } from './plumbing/request-log.server';
import type { routeConsoleToLogger, runWithRequestLog } from './utils/logger.server';
import type { checkEnvironmentAtStart, configurationWarnings, getEnv } from './utils/env.server';
import type { readAppMetrics } from './plumbing/metrics-sources.server';
import type { documentMarkupFor } from './utils/load-context';

/**
 * Everything the Node process (server.js and http-server/, plain JavaScript checked by tsc through
 * JSDoc, decision 057) takes from the app's build: one object, `serverContract`, exported by
 * app/entry.server.tsx, which must satisfy this type. server.js reads it once
 * (http-server/app-contract.js) instead of picking names off the build at run time.
 */
export interface ServerContract {
  /** The start's check of the whole environment: throws a ConfigurationError listing every problem. */
  checkEnvironmentAtStart: typeof checkEnvironmentAtStart;
  /** What a production start is told about its configuration, once its log is set up. */
  configurationWarnings: typeof configurationWarnings;
  getEnv: typeof getEnv;
  logger: Logger;
  routeConsoleToLogger: typeof routeConsoleToLogger;
  runWithRequestLog: typeof runWithRequestLog;
  requestIdFor: typeof requestIdFor;
  requestLogIgnored: typeof requestLogIgnored;
  createRouteNamer: typeof createRouteNamer;
  edgeRefusal: typeof edgeRefusal;
  createMethodRule: typeof createMethodRule;
  runWithTiming: typeof runWithTiming;
  serverTimingHeader: typeof serverTimingHeader;
  /** The headers added to every answer that did not set them itself (resource routes have no hook of their own). */
  securityHeaderDefaults: () => Headers;
  /** The tabs' event stream, served on Node's own request and response (decision 015), at `livePath`. */
  serveLiveStream: typeof serveLiveStream;
  endLiveStreams: typeof endLiveStreams;
  livePath: string;
  /** The load context's slot for markup only a document's render places (decision 073). */
  documentMarkupFor: typeof documentMarkupFor;
  /** A rendered document's bytes, sent in one write instead of through its body stream (http-server/remix-handler.js). */
  bytesToSend: (response: Response) => Uint8Array<ArrayBuffer> | undefined;
  migrateDatabase: typeof migrateDatabase;
  closeDatabase: typeof closeDatabase;
  /** The mail outbox's worker and the daily plan reminders: started once the process listens, stopped on shutdown. */
  startBackgroundWork: typeof startBackgroundWork;
  stopBackgroundWork: typeof stopBackgroundWork;
  /** What http-server/metrics.js reads on each scrape: the outbox, the open streams, SQLite's busy errors, the replica's lag. */
  readAppMetrics: typeof readAppMetrics;
}
