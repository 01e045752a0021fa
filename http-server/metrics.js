// @ts-check
import cluster from 'node:cluster';
import { createServer } from 'node:http';
import client from 'prom-client';

// Production metrics in Prometheus's text format (prom-client), on a port of their own
// (METRICS_PORT, 9091 by default in production), never on the public one: Fly scrapes it over its
// private network through fly.toml's [metrics] (README, "Deploy on Fly.io"; docs/performance.md).
// With one process the process serves it; in a cluster (server/cluster.js) the primary does,
// summing what its workers answer (prom-client's AggregatorRegistry over the cluster's IPC).

/** Where Fly's [metrics] section scrapes (fly.toml). */
export const DEFAULT_METRICS_PORT = 9091;
export const METRICS_PATH = '/metrics';

const METRICS_PORT_RULE = 'use uma porta entre 1024 e 65535 diferente de PORT (ex.: 9091), ou off para desligar';

/**
 * The metrics port: METRICS_PORT when set ('off' turns the endpoint off), else 9091 in production
 * and off in development and tests. Read here, not in the app's configuration schema, because a
 * cluster's primary serves it without loading the app (as WEB_CONCURRENCY in server/cluster.js).
 * @param {Record<string, string | undefined>} [vars]
 * @returns {number | null}
 */
export function metricsPort(vars = process.env) {
  const raw = vars.METRICS_PORT?.trim();
  if (!raw) return vars.NODE_ENV === 'production' ? DEFAULT_METRICS_PORT : null;
  if (raw === 'off') return null;
  const port = Number(raw);
  const appPort = Number(vars.PORT?.trim() || 3000);
  if (!/^\d{4,5}$/.test(raw) || port < 1024 || port > 65535 || port === appPort)
    throw new Error(`METRICS_PORT: ${METRICS_PORT_RULE} (recebido "${raw}").`);
  return port;
}

/** Seconds; the first buckets resolve the signed-in pages' target (a few ms), the last a stuck request. */
const DURATION_BUCKETS = [0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * @typedef {{
 *   openLiveStreams: number,
 *   outbox: { pending: number, failed: number, oldestPendingAgeSeconds: number },
 *   sqliteBusyErrors: number,
 *   replicationLagSeconds: number | null,
 * }} AppMetrics
 */

/**
 * A worker's (or the only process's) metrics, in prom-client's global registry: Node's defaults
 * (event-loop delay, GC time, heap, RSS…), the request durations and what the app reads on each scrape.
 * @param {{ readAppMetrics: () => AppMetrics, routeName: (url: string) => string, livePath: string, assetsPath: string }} app
 */
export function createProcessMetrics({ readAppMetrics, routeName, livePath, assetsPath }) {
  const registry = client.register;
  registry.clear();
  // Event-loop delay as a histogram sampled every 10 ms (nodejs_eventloop_lag_p99_seconds…), GC
  // time per kind (nodejs_gc_duration_seconds), heap spaces and process_resident_memory_bytes.
  client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });

  const duration = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request to the last byte of the answer, by Remix route (or assets, public), method and status.',
    labelNames: ['route', 'method', 'status_code'],
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });

  /** Read once per scrape (within a second) and shared by the gauges below (the outbox is two indexed reads). */
  let snapshot = /** @type {{ at: number, metrics: AppMetrics } | null} */ (null);
  const read = () => {
    const now = Date.now();
    if (!snapshot || now - snapshot.at > 1000) snapshot = { at: now, metrics: readAppMetrics() };
    return snapshot.metrics;
  };
  const gauge = (
    /** @type {string} */ name,
    /** @type {string} */ help,
    /** @type {'sum' | 'max' | 'first'} */ aggregator,
    /** @type {(m: AppMetrics) => number} */ value,
  ) =>
    new client.Gauge({
      name,
      help,
      aggregator,
      registers: [registry],
      collect() {
        this.set(value(read()));
      },
    });
  gauge('eengenharia_live_streams_open', 'Open event streams (signed-in tabs) of the process.', 'sum', (m) => m.openLiveStreams);
  // Every worker reads the same database: the cluster keeps the largest, not the sum.
  gauge('eengenharia_mail_outbox_pending', 'Mails queued and not yet accepted by the SMTP server.', 'max', (m) => m.outbox.pending);
  gauge(
    'eengenharia_mail_outbox_failed',
    'Mails given up after their last attempt, waiting for an admin to resend them.',
    'max',
    (m) => m.outbox.failed,
  );
  gauge(
    'eengenharia_mail_outbox_oldest_pending_age_seconds',
    'Age of the oldest mail not yet delivered (0 when none waits).',
    'max',
    (m) => m.outbox.oldestPendingAgeSeconds,
  );
  gauge(
    'eengenharia_replication_lag_seconds',
    'Litestream replica lag behind the database (NaN without a replica or before its first reading, +Inf when unreadable).',
    // Every worker reads the same replica; 'max' would turn NaN into 0.
    'first',
    (m) => m.replicationLagSeconds ?? Number.NaN,
  );
  new client.Counter({
    name: 'eengenharia_sqlite_busy_errors_total',
    help: 'Statements that failed with SQLITE_BUSY after busy_timeout (5 s) of SQLite retries.',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(read().sqliteBusyErrors);
    },
  });

  /**
   * Express middleware: times every answer but the event stream (it stays open for hours; the
   * gauge above counts those). One hrtime and one listener per request.
   * @param {import('node:http').IncomingMessage & { path?: string, originalUrl?: string }} req
   * @param {import('node:http').ServerResponse} res
   * @param {() => void} next
   */
  function observeRequests(req, res, next) {
    const url = req.originalUrl ?? req.url ?? '/';
    const path = req.path ?? url.split('?')[0];
    if (path === livePath) return next();
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const route = path.startsWith(assetsPath) ? 'assets' : /\.[^/]*$/.test(path) ? 'public' : routeName(url);
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      duration.observe({ route, method: req.method ?? 'GET', status_code: String(res.statusCode) }, seconds);
    });
    next();
  }

  // A worker answers its primary's requests for its metrics: prom-client sets that listener up
  // when an AggregatorRegistry is made, in any process.
  if (cluster.isWorker) new client.AggregatorRegistry();

  return { registry, observeRequests };
}

/**
 * The endpoint: GET /metrics on `port`, anything else 404. `read` gives the text: the process's
 * own registry, or the cluster's workers summed (`clusterMetricsReader`). A port already in use
 * is logged and left: the site keeps serving without its metrics.
 * @param {{ port: number, read: () => Promise<string>, contentType: string, log: (level: 'info' | 'error', msg: string) => void }} options
 */
export function serveMetrics({ port, read, contentType, log }) {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== METRICS_PATH || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Não encontrado.\n');
      return;
    }
    read().then(
      (text) =>
        res.writeHead(200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' }).end(req.method === 'HEAD' ? undefined : text),
      (error) => {
        log('error', `Métricas indisponíveis: ${error instanceof Error ? error.message : String(error)}`);
        res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Métricas indisponíveis.\n');
      },
    );
  });
  server.on('error', (error) => log('error', `Métricas desligadas: a porta ${port} não abriu (${error.message}).`));
  // It never keeps a stopping process alive: shutdown waits for the site's server only.
  server.listen(port, () => {
    server.unref();
    log('info', `Métricas em http://localhost:${port}${METRICS_PATH}`);
  });
  return server;
}

/** In a cluster's primary: every worker's registry, summed (or kept as the largest, per metric). */
export function clusterMetricsReader() {
  const aggregator = new client.AggregatorRegistry();
  return { read: () => aggregator.clusterMetrics(), contentType: aggregator.contentType };
}

/**
 * @param {Record<string, string | undefined>} vars
 * @param {(level: 'info' | 'error', msg: string) => void} log
 * @returns {number | null}
 */
function portOrExit(vars, log) {
  try {
    return metricsPort(vars);
  } catch (error) {
    log('error', `Configuração inválida; o servidor não vai iniciar. ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

/** @param {'info' | 'error'} level @param {string} msg */
const consoleLog = (level, msg) => (level === 'error' ? console.error(msg) : console.log(msg));

/**
 * server.js's hook, once the build is loaded: without a metrics port (development, tests,
 * METRICS_PORT=off) nothing is measured; in a worker the metrics are kept for the primary; alone,
 * `listen()` opens the endpoint.
 * @param {Pick<import('../app/server-contract').ServerContract, 'readAppMetrics' | 'createRouteNamer'>} contract what the app hands the process (app/server-contract.ts)
 * @param {Pick<import('@remix-run/node').ServerBuild, 'routes' | 'publicPath'>} build
 * @param {{ livePath: string }} options
 */
export function processMetrics(contract, build, { livePath }) {
  const port = portOrExit(process.env, consoleLog);
  /** @type {(req: any, res: any, next: () => void) => void} */
  const passThrough = (_req, _res, next) => next();
  if (port === null) return { observeRequests: passThrough, listen() {} };
  const { readAppMetrics, createRouteNamer } = contract;
  const { registry, observeRequests } = createProcessMetrics({
    readAppMetrics,
    routeName: createRouteNamer(build.routes),
    livePath,
    assetsPath: build.publicPath,
  });
  return {
    observeRequests,
    listen() {
      if (!cluster.isWorker) serveMetrics({ port, read: () => registry.metrics(), contentType: registry.contentType, log: consoleLog });
    },
  };
}

/**
 * http-server/cluster.js's hook in the primary, before it forks: the endpoint serves the workers' metrics summed.
 * @param {(level: 'info' | 'error', msg: string) => void} log
 */
export function serveClusterMetrics(log) {
  const port = portOrExit(process.env, log);
  if (port === null) return;
  const { read, contentType } = clusterMetricsReader();
  serveMetrics({ port, read, contentType, log });
}
