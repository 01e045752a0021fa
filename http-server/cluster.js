// @ts-check
// One Node process per core (docs/decisions/026). On a machine with more than one core, server.js
// becomes the cluster's primary, which never loads the app (about 50 MB resident instead of 140): it forks
// the workers (each runs the whole server; cluster shares the port), has one of them migrate the
// database before any listens, relays the live-update bus between them, forks again a worker that
// dies (within a bound) and, on SIGTERM or SIGINT, stops them all gracefully before it exits.
// With one process nothing here runs.
import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { serveClusterMetrics } from './metrics.js';
import { CLUSTER_SHUTDOWN_DEADLINE_MS, SHUTDOWN_SIGNALS } from './shutdown.js';

/** True in a worker forked by the primary below. */
export const inWorker = cluster.isWorker;
/** The process that prints the start's configuration warnings: the only one, or a cluster's first worker. */
export const firstProcess = !inWorker || cluster.worker?.id === 1;

/** A worker that died is forked again, at most this many times in RESTART_WINDOW_MS; past that the primary gives up. */
export const MAX_RESTARTS = 5;
export const RESTART_WINDOW_MS = 60_000;

/** Events the primary keeps for a worker it forks again: as many as a worker keeps (RECENT_LIMIT in app/models/live-bus/live-events.server.ts). */
const RECENT_EVENTS = 2000;

const WEB_CONCURRENCY_RULE = 'use um número inteiro de processos entre 1 e 64 (ex.: 2), ou nada para um por núcleo';

/**
 * How many processes serve the site: `WEB_CONCURRENCY` when set (an integer from 1 to 64, as the
 * configuration schema in app/utils/env-schema.server.ts says; the primary checks it here because
 * it never loads the app), else one per core in production and one in development and tests.
 * The Stripe stand-in (STRIPE_TEST_MODE=1) keeps its objects in its process's memory, so test
 * mode always runs one process, and says so.
 * @param {Record<string, string | undefined>} [vars]
 * @param {number} [cores]
 * @returns {{ count: number, note: string | null }}
 */
export function planProcesses(vars = process.env, cores = availableParallelism()) {
  const raw = vars.WEB_CONCURRENCY?.trim();
  let count;
  if (raw) {
    if (!/^\d{1,2}$/.test(raw) || Number(raw) < 1 || Number(raw) > 64)
      throw new Error(`WEB_CONCURRENCY: ${WEB_CONCURRENCY_RULE} (recebido "${raw}").`);
    count = Number(raw);
  } else {
    count = vars.NODE_ENV === 'production' ? cores : 1;
  }
  if (count > 1 && vars.STRIPE_TEST_MODE?.trim() === '1') {
    return {
      count: 1,
      note:
        `STRIPE_TEST_MODE=1: um processo só em vez de ${count}. O substituto do Stripe guarda pagamentos na memória do processo; ` +
        'com vários processos um pagamento criado em um se perderia no outro (docs/decisions/026).',
    };
  }
  return { count, note: null };
}

/**
 * The primary's side of the live-update bus (the workers' side is connectLiveRelay in
 * app/models/live-bus/live-events.server.ts): it numbers every published event with the
 * cluster's one sequence and boot id and sends it to every worker that has said hello, the
 * publisher included, in the order it received them; it passes access signals on to the other
 * workers; and it keeps the last events so a worker forked again can resume reconnecting tabs.
 */
/** @typedef {{ send(message: unknown): unknown }} HubWorker */
/** @typedef {{ kind?: string, channel?: string, type?: string, data?: unknown, userId?: number }} HubMessage */

/** @param {{ bootId?: string, keep?: number }} [options] */
export function createLiveHub({ bootId = Date.now().toString(36), keep = RECENT_EVENTS } = {}) {
  let sequence = 0;
  /** @type {Array<{ sequence: number, channel?: string, type?: string, data?: unknown }>} */
  const recent = [];
  /** Workers that said hello: they get every event from then on. @type {Set<HubWorker>} */
  const joined = new Set();

  /** @param {HubWorker} worker @param {HubMessage | null | undefined} message */
  function receive(worker, message) {
    if (!message || typeof message !== 'object') return false;
    switch (message.kind) {
      case 'live:hello':
        worker.send({ kind: 'live:sync', boot: bootId, sequence, events: recent });
        joined.add(worker);
        return true;
      case 'live:publish': {
        sequence += 1;
        const event = { sequence, channel: message.channel, type: message.type, data: message.data };
        recent.push(event);
        if (recent.length > keep) recent.shift();
        for (const each of joined) each.send({ kind: 'live:event', event });
        return true;
      }
      case 'live:access':
        for (const each of joined) if (each !== worker) each.send({ kind: 'live:access', userId: message.userId });
        return true;
      default:
        return false;
    }
  }

  return { receive, leave: (/** @type {HubWorker} */ worker) => joined.delete(worker), bootId, lastSequence: () => sequence };
}

/** The primary's few lines, in the app's log format (app/utils/logger.server.ts): one JSON object per line. */
/** @type {Record<string, number>} */
const LOG_LEVELS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity };
/** @param {'info' | 'warn' | 'error'} level @param {string} msg */
function log(level, msg) {
  const threshold = LOG_LEVELS[process.env.LOG_LEVEL?.trim() || 'info'] ?? LOG_LEVELS.info;
  if (LOG_LEVELS[level] < threshold) return;
  process.stdout.write(`${JSON.stringify({ level, time: new Date().toISOString(), msg })}\n`);
}

const MIGRATE = 'cluster:migrate';
const MIGRATED = 'cluster:migrated';
const GO = 'cluster:listen';

/** In a worker: what the primary asked (kept from the start, since it may ask before mayListen runs). */
/** @type {{ migrate: boolean, go: boolean, wake: (() => void) | null }} */
const asked = { migrate: false, go: false, wake: null };
if (inWorker) {
  process.on('message', (/** @type {HubMessage | null} */ message) => {
    if (message?.kind === MIGRATE) asked.migrate = true;
    else if (message?.kind === GO) asked.go = true;
    else return;
    asked.wake?.();
  });
}

/**
 * Resolves when this process may listen: at once alone; in a worker once the primary says so,
 * which it does after this worker's live bus is in step and the database is migrated (by the
 * one worker it asks, with `migrate`, before any worker listens).
 * @param {() => void} migrate
 */
export async function mayListen(migrate) {
  if (!inWorker) return;
  for (;;) {
    if (asked.migrate) {
      asked.migrate = false;
      migrate();
      process.send?.({ kind: MIGRATED });
    }
    if (asked.go) return;
    await new Promise((resolve) => (asked.wake = () => resolve(undefined)));
    asked.wake = null;
  }
}

/**
 * Called first thing by server.js. Alone (one process, or a worker) it returns at once. With
 * more than one process to run, this one becomes the primary: it supervises the workers and never
 * returns (it leaves by process.exit).
 * @param {Record<string, string | undefined>} [vars]
 */
export async function runCluster(vars = process.env) {
  if (inWorker) return;
  let plan;
  try {
    plan = planProcesses(vars);
  } catch (error) {
    log('error', `Configuração inválida; o servidor não vai iniciar. ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
  if (plan.note) log('warn', plan.note);
  if (plan.count <= 1) return;
  await superviseWorkers(plan);
}

/**
 * The primary: forks `count` workers and supervises them until a signal stops them all. Never
 * resolves: the primary leaves by process.exit (0 when every worker stopped well, 1 otherwise).
 * @param {{ count: number }} plan
 * @returns {Promise<never>}
 */
export function superviseWorkers({ count }) {
  const hub = createLiveHub();
  /** @type {number[]} */
  const restarts = [];
  /** Workers that said hello and wait for the go-ahead; the database is migrated once, by one of them. @type {Set<import('node:cluster').Worker>} */
  const waiting = new Set();
  let migrated = false;
  /** @type {import('node:cluster').Worker | null} */
  let migrator = null;
  /** @type {WeakSet<import('node:cluster').Worker>} */
  const listened = new WeakSet();
  let stopping = false;
  let exitCode = 0;
  let listening = 0;

  function advance() {
    if (!migrated) {
      if (migrator || waiting.size === 0) return;
      const first = /** @type {import('node:cluster').Worker} */ (waiting.values().next().value);
      migrator = first;
      first.send({ kind: MIGRATE });
      return;
    }
    for (const worker of waiting) worker.send({ kind: GO });
    waiting.clear();
  }

  cluster.on('message', (worker, /** @type {HubMessage | null} */ message) => {
    if (message?.kind === MIGRATED && worker === migrator) {
      migrated = true;
      advance();
      return;
    }
    if (!hub.receive(worker, message)) return;
    // Its live bus is in step: it may take connections once the database is migrated.
    if (message?.kind === 'live:hello') {
      waiting.add(worker);
      advance();
    }
  });

  cluster.on('listening', (worker) => {
    listened.add(worker);
    listening += 1;
    // The first one answers alone while the others start: loading the app on every core at once
    // made each load slower and the site's first answer (cold start) a second later.
    if (!restOfThemForked && !stopping) {
      restOfThemForked = true;
      for (let index = 1; index < count; index += 1) cluster.fork();
    }
    if (listening === count) log('info', `${count} processos atendendo (docs/decisions/026).`);
  });

  cluster.on('exit', (worker, code, signal) => {
    hub.leave(worker);
    waiting.delete(worker);
    if (worker === migrator && !migrated) migrator = null;
    if (stopping) {
      // One still starting has no signal handler yet: SIGTERM ends it at once, and that is fine.
      const stoppedWhileStarting = signal === 'SIGTERM' && !listened.has(worker);
      if (code !== 0 && !stoppedWhileStarting) exitCode = 1;
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        log('info', `Encerrado: ${count} processos parados.`);
        process.exit(exitCode);
      }
      return;
    }
    const how = signal ?? `código ${code}`;
    // One that never listened (a bad configuration, a failed migration) would fail again the same way.
    if (!listened.has(worker)) {
      log('error', `Processo ${worker.process.pid} terminou (${how}) antes de atender: desistindo.`);
      stop('falha ao iniciar', 1);
      return;
    }
    const now = Date.now();
    while (restarts.length > 0 && restarts[0] <= now - RESTART_WINDOW_MS) restarts.shift();
    if (restarts.length >= MAX_RESTARTS) {
      log(
        'error',
        `Processo ${worker.process.pid} terminou (${how}); ${MAX_RESTARTS} reinícios em ${RESTART_WINDOW_MS / 1000} s: desistindo.`,
      );
      stop('reinícios demais', 1);
      return;
    }
    restarts.push(now);
    listening -= 1;
    log('error', `Processo ${worker.process.pid} terminou (${how}); iniciando outro.`);
    cluster.fork();
  });

  /**
   * Every worker gets SIGTERM and shuts down as one process does (http-server/shutdown.js); the primary waits for them.
   * @param {string} reason @param {number} [code]
   */
  function stop(reason, code = 0) {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    const alive = Object.values(cluster.workers ?? {});
    log('info', `Encerrando (${reason}): parando ${alive.length} processos.`);
    if (alive.length === 0) process.exit(exitCode);
    for (const worker of alive) worker?.process.kill('SIGTERM');
    setTimeout(() => {
      log('error', `Processos não terminaram em ${CLUSTER_SHUTDOWN_DEADLINE_MS} ms: encerrando à força.`);
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
      process.exit(1);
    }, CLUSTER_SHUTDOWN_DEADLINE_MS).unref();
  }
  for (const signal of SHUTDOWN_SIGNALS) process.on(signal, () => stop(signal));

  let restOfThemForked = false;
  // The workers' metrics, summed, on METRICS_PORT (http-server/metrics.js).
  serveClusterMetrics(log);
  cluster.fork();
  return new Promise(() => {});
}
