// @ts-check
// Graceful shutdown of the production server (docs/decisions/018). Fly stops a machine with
// fly.toml's kill_signal and kills it kill_timeout later; everything here ends well before that.
// With one process per core each worker runs this, and the primary waits for them (http-server/cluster.js).

/** The signals server.js handles: Fly's kill_signal (fly.toml) and Ctrl-C. @type {readonly NodeJS.Signals[]} */
export const SHUTDOWN_SIGNALS = ['SIGTERM', 'SIGINT'];

/** Past this the process exits with 1 whatever is still open (fly.toml's kill_timeout must be longer). */
export const SHUTDOWN_DEADLINE_MS = 8_000;

/**
 * A cluster's primary (http-server/cluster.js, docs/decisions/026) sends SIGTERM to every worker, which
 * shuts down as above, and waits this long before it kills what is left and exits 1: a worker's
 * own deadline plus a second, still before fly.toml's kill_timeout.
 */
export const CLUSTER_SHUTDOWN_DEADLINE_MS = SHUTDOWN_DEADLINE_MS + 1_000;

/** How often connections that finished their last request are hung up on while shutting down. */
const IDLE_SWEEP_MS = 50;

/**
 * `handleSignals(server)`: on the first of SHUTDOWN_SIGNALS, stop accepting connections and the
 * background work (`stopBackground`: the mail worker stops taking rows and finishes the deliveries
 * in flight, the plan-reminder job's timer stops), let the requests in flight finish (hanging up on each keep-alive connection once it
 * is idle), end every event stream, then checkpoint the WAL, close the database and exit 0. A second signal changes
 * nothing; the deadline exits 1. `connectionClose` is the middleware that marks answers
 * `Connection: close` once shutdown has begun.
 */
/**
 * @param {{ endStreams: () => number, closeDatabase: () => void, stopBackground: () => Promise<void> | void, deadlineMs?: number }} parts
 */
export function gracefulShutdown({ endStreams, closeDatabase, stopBackground, deadlineMs = SHUTDOWN_DEADLINE_MS }) {
  let stopping = false;

  /** @param {import('node:http').Server} server @param {NodeJS.Signals} signal */
  function shutdown(server, signal) {
    if (stopping) return;
    stopping = true;
    const started = Date.now();
    console.log(`Encerrando (${signal}): recusando novas conexões e terminando as requisições em andamento.`);
    setTimeout(() => {
      console.error(`Encerramento não terminou em ${deadlineMs} ms: saindo à força.`);
      process.exit(1);
    }, deadlineMs);

    // server.close() hangs up on idle keep-alive connections once; busy ones go idle later.
    const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
    let streams = 0;
    const background = Promise.resolve()
      .then(stopBackground)
      .catch((error) => console.error('Falha ao parar o trabalho em segundo plano:', error));
    server.close(async () => {
      clearInterval(sweep);
      await background;
      try {
        closeDatabase();
      } catch (error) {
        console.error('Falha ao fechar o banco de dados:', error);
        process.exit(1);
      }
      console.log(`Encerrado em ${Date.now() - started} ms: ${streams} streams terminados, WAL gravado, banco de dados fechado.`);
      process.exit(0);
    });
    streams = endStreams();
  }

  /** @param {import('node:http').Server} server */
  function handleSignals(server) {
    for (const signal of SHUTDOWN_SIGNALS) process.on(signal, () => shutdown(server, signal));
  }

  /** @param {import('express').Request} _req @param {import('express').Response} res @param {import('express').NextFunction} next */
  function connectionClose(_req, res, next) {
    if (stopping) res.setHeader('Connection', 'close');
    next();
  }

  return { handleSignals, connectionClose };
}
